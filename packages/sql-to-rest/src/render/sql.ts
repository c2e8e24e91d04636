/**
 * The SQL a reader would write for a request: `select name, price from products where price > 20
 * order by price desc limit 3`, not the statement PostgREST builds. Embedded resources need the
 * foreign keys between tables (`relationships`, as the REST engine's schema cache lists them);
 * without them, or where plain SQL cannot say what the request does, the output says so in a
 * comment instead of guessing.
 */
import { FTS_OPERATORS, QUANTIFIABLE_OPERATORS, SIMPLE_OPERATORS } from '@docs/postgrest-request'
import type {
  EmbeddedShape,
  FieldRef,
  FilterCondition,
  FilterNode,
  InsertOperation,
  JsonObject,
  JsonValue,
  OrderTerm,
  Relation,
  RequestModel,
  ScalarValue,
  SelectEmbed,
  SelectItem,
} from '@docs/postgrest-request'

/** A foreign key between two tables, seen from `table` (the shape of the REST engine's schema cache). */
export interface SqlRelationship {
  table: { schema: string; name: string }
  foreignTable: { schema: string; name: string }
  /** `columns`: the foreign key's column pairs (absent for a many-to-many relationship). */
  cardinality: { kind: string; constraint?: string; columns?: [own: string, ref: string][] }
}

export interface SqlRenderOptions {
  relationships?: SqlRelationship[]
}

// Words Postgres reserves (and a few it refuses as bare column names): quoted when used as names.
const RESERVED = new Set(
  (
    'all analyse analyze and any array as asc asymmetric both case cast check collate column constraint ' +
    'create current_catalog current_date current_role current_time current_timestamp current_user default ' +
    'deferrable desc distinct do else end except false fetch for foreign from grant group having in ' +
    'initially intersect into lateral leading limit localtime localtimestamp not null offset on only or ' +
    'order placing primary references returning select session_user some symmetric system_user table then ' +
    'to trailing true union unique user using variadic when where window with'
  ).split(' '),
)

export function sqlIdentifier(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) && !RESERVED.has(name) ? name : `"${name.replace(/"/g, '""')}"`
}

export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}

function relationName(relation: Relation): string {
  return (relation.schema ? `${sqlIdentifier(relation.schema)}.` : '') + sqlIdentifier(relation.name)
}

/** A value as a literal: numbers and booleans bare when the request carried them as such. */
function literal(value: ScalarValue): string {
  if (typeof value.js === 'number' && /^-?\d+(\.\d+)?$/.test(value.text)) return value.text
  if (typeof value.js === 'boolean') return value.text
  return sqlString(value.text)
}

/**
 * A JSON value of a body as a literal. A list of plain values is written as a Postgres array, as
 * PostgREST reads it into an array column; anything else nested stays JSON.
 */
function jsonLiteral(value: JsonValue): string {
  if (value === null) return 'null'
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return sqlString(value)
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))
    return sqlString(
      `{${value.map((item) => (typeof item === 'string' ? arrayElement(item) : String(item))).join(',')}}`,
    )
  return sqlString(JSON.stringify(value))
}

function arrayElement(text: string): string {
  return text !== '' && !/[{},"\\\s]/.test(text) && text.toLowerCase() !== 'null'
    ? text
    : `"${text.replace(/[\\"]/g, '\\$&')}"`
}

/** `data->'a'->>'b'`, qualified with `table` when given. */
function fieldSql(field: FieldRef, table?: string): string {
  const column = (table ? `${table}.` : '') + sqlIdentifier(field.column)
  return field.jsonPath.reduce(
    (text, step) => `${text}${step.arrow}${typeof step.key === 'number' ? step.key : sqlString(step.key)}`,
    column,
  )
}

/** The name PostgREST gives a field's column: the alias, the last JSON key, or the column. */
function fieldOutputName(field: FieldRef, alias?: string): string {
  if (alias !== undefined) return alias
  const last = field.jsonPath.at(-1)
  return last === undefined ? field.column : String(last.key)
}

/** Lines of the statement, and notes that become `--` comments above it. */
class Writer {
  notes: string[] = []
  note(text: string) {
    if (!this.notes.includes(text)) this.notes.push(text)
  }
  done(lines: string[]): string {
    return [...this.notes.map((text) => `-- ${text}`), ...lines].join('\n')
  }
}

// PostgREST's operator table (SqlFragment.hs), shared with the engine.
const COMPARISONS: Partial<Record<FilterCondition['operator'], string>> = {
  ...QUANTIFIABLE_OPERATORS,
  ...SIMPLE_OPERATORS,
}

const TEXT_SEARCH: Partial<Record<FilterCondition['operator'], string>> = FTS_OPERATORS

/** PostgREST reads `*` in a like pattern as `%`. */
function pattern(condition: FilterCondition, value: ScalarValue): ScalarValue {
  return condition.operator === 'like' || condition.operator === 'ilike'
    ? { text: value.text.replace(/\*/g, '%'), js: value.text.replace(/\*/g, '%') }
    : value
}

function conditionSql(condition: FilterCondition, table: string | undefined): string {
  const field = fieldSql(condition.field, table)
  const { value, negated } = condition
  const not = negated ? 'not ' : ''
  if (value.kind === 'is') return `${field} is ${not}${value.value}`
  if (condition.operator === 'isdistinct' && value.kind === 'scalar')
    return `${field} is ${negated ? 'not ' : ''}distinct from ${literal(value.value)}`
  if (condition.operator === 'in' && value.kind === 'list') {
    if (value.items.length === 0) return negated ? 'true' : 'false'
    return `${field} ${not}in (${value.items.map(literal).join(', ')})`
  }
  const search = TEXT_SEARCH[condition.operator]
  if (search && value.kind === 'scalar') {
    const config = condition.config === undefined ? '' : `${sqlString(condition.config)}, `
    return `${not}${field} @@ ${search}(${config}${literal({ ...value.value, js: value.value.text })})`
  }
  const operator = COMPARISONS[condition.operator] ?? condition.operator
  if (value.kind === 'array') {
    const array = value.text ?? `{${value.items.map(arrayElement).join(',')}}`
    const text =
      condition.operator === 'like' || condition.operator === 'ilike' ? array.replace(/\*/g, '%') : array
    const right = condition.quantifier ? `${condition.quantifier}(${sqlString(text)})` : sqlString(text)
    return `${not}${field} ${operator} ${right}`
  }
  const right = value.kind === 'scalar' ? literal(pattern(condition, value.value)) : 'null'
  if (!negated) return `${field} ${operator} ${right}`
  if (operator === 'like' || operator === 'ilike') return `${field} not ${operator} ${right}`
  return `not ${field} ${operator} ${right}`
}

function filterSql(node: FilterNode, table: string | undefined, nested: boolean): string {
  if (node.kind === 'condition') return conditionSql(node, table)
  const joined = node.items.map((item) => filterSql(item, table, true)).join(` ${node.operator} `)
  if (node.negated) return `not (${joined})`
  return nested && node.items.length > 1 ? `(${joined})` : joined
}

function orderSql(terms: OrderTerm[], table: (term: OrderTerm) => string | undefined): string {
  return terms
    .map(
      (term) =>
        `${fieldSql(term.field, table(term))}${term.direction === 'desc' ? ' desc' : ''}${
          term.nulls ? ` nulls ${term.nulls}` : ''
        }`,
    )
    .join(', ')
}

function pagingSql(limit: number | undefined, offset: number | undefined): string[] {
  return [...(limit === undefined ? [] : [`limit ${limit}`]), ...(offset ? [`offset ${offset}`] : [])]
}

/** One output column: its expression, its name in the output, and how it groups. */
interface Column {
  value: string
  /** The output name when the expression alone would not give it (`as name`). */
  as?: string
  /** The output name: a JSON key when the column goes into an embed's object. */
  key: string
  aggregate: boolean
  /** The expression to group by when the item is not an aggregate. */
  group?: string
}

function columnSql(column: Column): string {
  return column.as === undefined ? column.value : `${column.value} as ${sqlIdentifier(column.as)}`
}

interface SelectScope {
  writer: Writer
  relationships: SqlRelationship[]
  /** The table the items belong to, as written in the statement. */
  table: Relation
  /** Qualify column names with the table: the statement reads more than one. */
  qualify: boolean
  /** Joins added for to-one embeds, with the filters that belong to each. */
  joins: string[]
  /** Conditions `!inner` embeds add to the statement's WHERE. */
  conditions: string[]
}

function itemColumns(item: SelectItem, scope: SelectScope, filters: FilterNode[]): Column[] {
  const table = scope.qualify ? relationName(scope.table) : undefined
  switch (item.kind) {
    case 'star':
      return [{ value: table ? `${table}.*` : '*', key: '*', aggregate: false }]
    case 'count-all': {
      const value = `count(*)${item.cast ? `::${item.cast}` : ''}`
      const key = item.alias ?? 'count'
      return [{ value, as: key === 'count' ? undefined : key, key, aggregate: true }]
    }
    case 'field': {
      let value = fieldSql(item.field, table)
      if (item.cast)
        value = item.field.jsonPath.length ? `(${value})::${item.cast}` : `${value}::${item.cast}`
      const group = value
      if (item.aggregate) value = `${item.aggregate}(${value})`
      if (item.aggregateCast) value = `${value}::${item.aggregateCast}`
      const key =
        item.aggregate && item.alias === undefined ? item.aggregate : fieldOutputName(item.field, item.alias)
      // What Postgres would name the column by itself.
      const plain = item.aggregate
        ? item.alias === undefined
        : item.field.jsonPath.length === 0 && !item.cast && key === item.field.column
      return [
        {
          value,
          as: plain ? undefined : key,
          key,
          aggregate: item.aggregate !== undefined,
          group: item.aggregate ? undefined : group,
        },
      ]
    }
    case 'embed':
      return embedColumns(item, scope, filters)
  }
}

function findRelationship(
  relationships: SqlRelationship[],
  from: Relation,
  embed: SelectEmbed,
): SqlRelationship[] {
  // An embed stays in its table's schema.
  const schema = from.schema ?? 'public'
  return relationships.filter((relationship) => {
    if (relationship.table.name !== from.name || relationship.table.schema !== schema) return false
    if (relationship.foreignTable.name !== embed.relation || relationship.foreignTable.schema !== schema)
      return false
    if (embed.hint === undefined) return true
    const columns = relationship.cardinality.columns ?? []
    return (
      relationship.cardinality.constraint === embed.hint ||
      columns.some(([own, ref]) => own === embed.hint || ref === embed.hint)
    )
  })
}

function joinCondition(relationship: SqlRelationship, parent: string, child: string): string {
  return (relationship.cardinality.columns ?? [])
    .map(([own, ref]) => `${child}.${sqlIdentifier(ref)} = ${parent}.${sqlIdentifier(own)}`)
    .join(' and ')
}

/** The filters that name `path` (an embed path below the current table), and the rest. */
function filtersFor(filters: FilterNode[], name: string): { mine: FilterNode[]; rest: FilterNode[] } {
  const mine: FilterNode[] = []
  const rest: FilterNode[] = []
  for (const node of filters) {
    if (node.embedPath[0] === name) mine.push({ ...node, embedPath: node.embedPath.slice(1) })
    else rest.push(node)
  }
  return { mine, rest }
}

function jsonObjectSql(columns: Column[]): string {
  return `json_build_object(${columns.map(({ key, value }) => `${sqlString(key)}, ${value}`).join(', ')})`
}

/**
 * A to-one embed becomes a join (its columns spread, or gathered into one JSON object); a to-many
 * embed, a subquery that gathers its rows into a JSON array.
 */
function embedColumns(embed: SelectEmbed, scope: SelectScope, filters: FilterNode[]): Column[] {
  const { writer } = scope
  const name = embed.alias ?? embed.relation
  const found = findRelationship(scope.relationships, scope.table, embed)
  const key = embed.alias ?? embed.relation
  const relationship = found.length === 1 ? found[0] : undefined
  const columns = relationship?.cardinality.columns
  if (!relationship || !columns?.length || relationship.foreignTable.name === scope.table.name) {
    writer.note(
      found.length > 1
        ? `${embed.relation} is reached by more than one foreign key: the request must name one with !hint.`
        : `${embed.relation}: plain SQL needs the foreign key between ${scope.table.name} and ${embed.relation}, which is not known here.`,
    )
    return [{ value: 'null', as: key, key, aggregate: false }]
  }
  const parent = relationName(scope.table)
  const child = sqlIdentifier(embed.relation)
  const childRelation: Relation = { ...scope.table, name: embed.relation }
  const { mine } = filtersFor(filters, name)
  const condition = joinCondition(relationship, parent, child)
  const where = mine.filter((node) => node.embedPath.length === 0).map((node) => filterSql(node, child, true))
  const toOne = relationship.cardinality.kind === 'M2O' || relationship.cardinality.kind === 'O2O'
  if (toOne) {
    // Filters on an inner embed drop rows; without !inner they only empty the embed, in the join.
    const on = [condition, ...(embed.inner ? [] : where)].join(' and ')
    if (embed.inner) scope.conditions.push(...where)
    // The same table embedded twice (once to read, once to order by) is joined once.
    if (!scope.joins.some((known) => known.includes(` ${relationName(childRelation)} on `)))
      scope.joins.push(`${embed.inner ? 'join' : 'left join'} ${relationName(childRelation)} on ${on}`)
    // Its own to-one embeds join into the same statement.
    const childColumns = embed.items.flatMap((item) =>
      itemColumns(item, { ...scope, table: childRelation, qualify: true }, mine),
    )
    if (embed.spread || childColumns.length === 0) return childColumns
    const object = embed.items.some((item) => item.kind === 'star')
      ? `to_json(${child}.*)`
      : jsonObjectSql(childColumns)
    // A left join with no match gives an object of nulls; PostgREST gives null.
    const value = embed.inner
      ? object
      : `case when ${child}.${sqlIdentifier(columns[0]![1])} is null then null else ${object} end`
    return [{ value, as: key, key, aggregate: false, group: value }]
  }
  if (embed.spread) {
    writer.note(`...${embed.relation}: PostgREST 12.2 spreads only to-one embeds.`)
    return [{ value: 'null', as: key, key, aggregate: false }]
  }
  const childItems = embed.items.filter((item) => {
    if (item.kind !== 'embed') return true
    writer.note(`${item.relation}, embedded in ${embed.relation}: this SQL leaves it out.`)
    return false
  })
  const childColumns = childItems.flatMap((item) =>
    itemColumns(item, { ...scope, table: childRelation, qualify: true, joins: [], conditions: [] }, []),
  )
  const matching = `from ${relationName(childRelation)} where ${[condition, ...where].join(' and ')}`
  if (embed.inner) scope.conditions.push(`exists (select 1 ${matching})`)
  if (childColumns.length === 0) return []
  const rowObject = childItems.some((item) => item.kind === 'star')
    ? `to_json(${child}.*)`
    : jsonObjectSql(childColumns)
  const subquery = `(select coalesce(json_agg(${rowObject}), '[]') ${matching})`
  return [{ value: subquery, as: key, key, aggregate: false, group: subquery }]
}

function hasEmbeds(items: SelectItem[] | undefined): boolean {
  return items?.some((item) => item.kind === 'embed') ?? false
}

interface ReadParts {
  columns: string[]
  from: string
  joins: string[]
  where: string[]
  groupBy: string[]
  orderBy?: string
  paging: string[]
}

function readParts(
  writer: Writer,
  relationships: SqlRelationship[],
  relation: Relation,
  from: string,
  select: SelectItem[],
  filters: FilterNode[],
  order: OrderTerm[],
  limit: number | undefined,
  offset: number | undefined,
): ReadParts {
  const qualify = hasEmbeds(select)
  const scope: SelectScope = { writer, relationships, table: relation, qualify, joins: [], conditions: [] }
  const columns = select.flatMap((item) => itemColumns(item, scope, filters))
  const table = qualify ? relationName(relation) : undefined
  const { joins, conditions } = scope
  const embedNames = new Set(
    select.flatMap((item) => (item.kind === 'embed' ? [item.alias ?? item.relation] : [])),
  )
  const where = [
    ...filters
      .filter((node) => {
        if (node.embedPath.length === 0) return true
        if (!embedNames.has(node.embedPath[0]!))
          writer.note(
            `The filter on ${node.embedPath.join('.')} names an embed the select list does not have.`,
          )
        return false
      })
      .map((node) => filterSql(node, table, filters.length > 1)),
    ...conditions,
  ]
  const aggregates = columns.some((column) => column.aggregate)
  const groupBy = aggregates
    ? columns.flatMap((column) => (column.aggregate || column.group === undefined ? [] : [column.group]))
    : []
  if (aggregates && columns.some((column) => !column.aggregate && column.group === undefined))
    writer.note('PostgREST groups by every column that is not aggregated.')
  const joinedTables = new Map(
    select.flatMap((item) => (item.kind === 'embed' ? [[item.alias ?? item.relation, item.relation]] : [])),
  )
  const orderBy = order.length
    ? orderSql(order, (term) =>
        term.embed !== undefined ? sqlIdentifier(joinedTables.get(term.embed) ?? term.embed) : table,
      )
    : undefined
  return {
    columns: columns.map(columnSql),
    from,
    joins,
    where,
    groupBy,
    orderBy,
    paging: pagingSql(limit, offset),
  }
}

function readLines(parts: ReadParts): string[] {
  const columns = parts.columns.join(', ')
  const lines = [`select ${columns}`, `from ${parts.from}`, ...parts.joins]
  if (parts.where.length) lines.push(`where ${parts.where.join(' and ')}`)
  if (parts.groupBy.length) lines.push(`group by ${parts.groupBy.join(', ')}`)
  if (parts.orderBy) lines.push(`order by ${parts.orderBy}`)
  lines.push(...parts.paging)
  return oneLineIfShort(lines)
}

/** A short statement on one line, as a reader would type it; a long one a clause per line. */
function oneLineIfShort(lines: string[]): string[] {
  const joined = lines.join(' ')
  return joined.length <= 80 && !lines.some((line) => line.startsWith('--')) ? [joined] : lines
}

function countNote(writer: Writer, count: string | undefined, parts: ReadParts) {
  if (!count) return
  const where = parts.where.length ? ` where ${parts.where.join(' and ')}` : ''
  writer.note(
    `Prefer: count=${count} also sends the number of matching rows in Content-Range` +
      (count === 'exact'
        ? `: select count(*) from ${parts.from}${parts.joins.length ? ' …' : ''}${where}`
        : ' (an estimate).'),
  )
}

function returningLine(writer: Writer, items: SelectItem[] | undefined, relation: Relation): string[] {
  if (!items) return []
  if (hasEmbeds(items))
    writer.note('The embeds the request returns with the written rows are left out of RETURNING.')
  const scope: SelectScope = {
    writer,
    relationships: [],
    table: relation,
    qualify: false,
    joins: [],
    conditions: [],
  }
  const columns = items
    .filter((item) => item.kind !== 'embed')
    .flatMap((item) => itemColumns(item, scope, []))
  return columns.length ? [`returning ${columns.map(columnSql).join(', ')}`] : []
}

function valuesRow(row: JsonObject, columns: string[], missingAsDefault: boolean): string {
  return `(${columns.map((column) => (column in row ? jsonLiteral(row[column]!) : missingAsDefault ? 'default' : 'null')).join(', ')})`
}

function insertLines(writer: Writer, operation: InsertOperation): string[] {
  const columns = operation.columns ?? [...new Set(operation.rows.flatMap((row) => Object.keys(row)))]
  const table = relationName(operation.relation)
  if (columns.length === 0)
    return [
      `insert into ${table} default values`,
      ...returningLine(writer, operation.returning, operation.relation),
    ]
  const lines = [
    `insert into ${table} (${columns.map(sqlIdentifier).join(', ')})`,
    `values ${operation.rows.map((row) => valuesRow(row, columns, operation.missingAsDefault)).join(',\n       ')}`,
  ]
  let conflict = operation.onConflict
  if (operation.put) {
    const keys = (operation.filters ?? []).flatMap((node) =>
      node.kind === 'condition' ? [node.field.column] : [],
    )
    conflict = { columns: keys, resolution: 'merge-duplicates' }
  }
  if (conflict) {
    const target = conflict.columns.length ? ` (${conflict.columns.map(sqlIdentifier).join(', ')})` : ''
    if (conflict.resolution === 'ignore-duplicates') lines.push(`on conflict${target} do nothing`)
    else if (!target) {
      writer.note('PostgREST merges on the primary key: name its columns in ON CONFLICT.')
      lines.push('on conflict do nothing')
    } else {
      const updates = columns.filter((column) => !conflict.columns.includes(column))
      lines.push(
        updates.length
          ? `on conflict${target} do update set ${updates.map((column) => `${sqlIdentifier(column)} = excluded.${sqlIdentifier(column)}`).join(', ')}`
          : `on conflict${target} do nothing`,
      )
    }
  }
  if (!operation.put && operation.filters?.length)
    writer.note('The filters sent with the insert only trim the rows it returns.')
  lines.push(...returningLine(writer, operation.returning, operation.relation))
  return lines
}

/** The rows a limited update or delete touches: the first `limit` in `order`. */
function limitedWhere(
  table: string,
  filters: string[],
  order: OrderTerm[] | undefined,
  limit: number | undefined,
  offset: number | undefined,
): string[] {
  if (limit === undefined && !offset) return filters
  const inner = [`select ctid from ${table}`]
  if (filters.length) inner.push(`where ${filters.join(' and ')}`)
  if (order?.length) inner.push(`order by ${orderSql(order, () => undefined)}`)
  inner.push(...pagingSql(limit, offset))
  return [`ctid in (${inner.join(' ')})`]
}

function operationLines(writer: Writer, request: RequestModel, relationships: SqlRelationship[]): string[] {
  const operation = request.operation
  switch (operation.kind) {
    case 'select': {
      const parts = readParts(
        writer,
        relationships,
        operation.relation,
        relationName(operation.relation),
        // A header count keeps the embeds that filter the rows counted.
        operation.countOnly
          ? [
              { kind: 'count-all' },
              ...operation.select.flatMap((item) => (item.kind === 'embed' ? [{ ...item, items: [] }] : [])),
            ]
          : operation.select,
        operation.filters,
        operation.countOnly ? [] : operation.order,
        operation.countOnly ? undefined : operation.limit,
        operation.countOnly ? undefined : operation.offset,
      )
      if (operation.countOnly) writer.note('HEAD: PostgREST sends the count in Content-Range, with no rows.')
      else countNote(writer, operation.count, parts)
      embeddedShapes(writer, operation.embedded)
      return readLines(parts)
    }
    case 'rpc': {
      const call = `${relationName(operation.relation)}(${argsSql(writer, operation.args, operation.method !== undefined)})`
      const parts = readParts(
        writer,
        relationships,
        operation.relation,
        call,
        operation.select ?? [{ kind: 'star' }],
        operation.filters,
        operation.order,
        operation.limit,
        operation.offset,
      )
      countNote(writer, operation.count, parts)
      embeddedShapes(writer, operation.embedded)
      return readLines(parts)
    }
    case 'insert':
      return insertLines(writer, operation)
    case 'update': {
      const table = relationName(operation.relation)
      const sets = Object.entries(operation.values).map(
        ([column, value]) => `${sqlIdentifier(column)} = ${jsonLiteral(value)}`,
      )
      const filters = whereOfWrite(writer, operation.filters)
      const where = limitedWhere(table, filters, operation.order, operation.limit, operation.offset)
      return oneLineIfShort([
        `update ${table}`,
        `set ${sets.join(', ')}`,
        ...(where.length ? [`where ${where.join(' and ')}`] : []),
        ...returningLine(writer, operation.returning, operation.relation),
      ])
    }
    case 'delete': {
      const table = relationName(operation.relation)
      const filters = whereOfWrite(writer, operation.filters)
      const where = limitedWhere(table, filters, operation.order, operation.limit, operation.offset)
      return oneLineIfShort([
        `delete from ${table}`,
        ...(where.length ? [`where ${where.join(' and ')}`] : []),
        ...returningLine(writer, operation.returning, operation.relation),
      ])
    }
  }
}

function whereOfWrite(writer: Writer, filters: FilterNode[]): string[] {
  return filters.flatMap((node) => {
    if (node.embedPath.length === 0) return [filterSql(node, undefined, filters.length > 1)]
    writer.note(`The filter on ${node.embedPath.join('.')} applies to the returned embeds only.`)
    return []
  })
}

function embeddedShapes(writer: Writer, shapes: EmbeddedShape[] | undefined) {
  for (const shape of shapes ?? [])
    writer.note(
      `The order and limit of ${shape.embedPath.join('.')} apply inside each embed; this SQL leaves them out.`,
    )
}

function argsSql(writer: Writer, args: JsonValue, inQuery: boolean): string {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return jsonLiteral(args)
  return Object.entries(args)
    .map(([name, value]) => {
      if (inQuery && Array.isArray(value)) {
        writer.note(`${name} is given several times: PostgREST passes them as an array (variadic).`)
        return `${sqlIdentifier(name)} => ${sqlString(`{${value.join(',')}}`)}`
      }
      return `${sqlIdentifier(name)} => ${jsonLiteral(value)}`
    })
    .join(', ')
}

/**
 * The request as the SQL a reader would write for it. Notes (`-- ...`) come first and say where
 * the SQL cannot match the request exactly.
 */
export function renderSql(request: RequestModel, options: SqlRenderOptions = {}): string {
  const writer = new Writer()
  const lines = operationLines(writer, request, options.relationships ?? [])
  return writer.done(lines)
}
