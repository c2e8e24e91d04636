/**
 * A request model compiled into the SQL PostgREST would run for it: one statement that returns
 * the response body as JSON text and, when asked for, the total row count. Embedded resources
 * become lateral subqueries (nested JSON, or columns of the row for a spread), `!inner` an inner
 * lateral join, and writes a data-modifying CTE whose rows the select list then shapes.
 */
import type { TranslateError } from '../errors'
import { arrayElementText } from '../grammar/postgrest-text'
import type {
  FieldRef,
  FilterCondition,
  FilterNode,
  JsonObject,
  JsonValue,
  OrderTerm,
  ReadShape,
  Relation,
  RequestModel,
  SelectEmbed,
  SelectItem,
} from '../model'
import type { ForeignKey, SchemaInfo } from './schema-info'

export interface CompiledRequest {
  /** One statement; its single row has `body` (JSON text of the rows) and `total` (a count, or null). */
  sql: string
  /** `$1` is the JSON body of a write. */
  params: unknown[]
  /** HEAD: the server sends headers only. */
  headOnly: boolean
  /** The client asked for the total with `Prefer: count=exact` (or planned/estimated). */
  counted: boolean
  /** The function returns one value, not rows: PostgREST sends that value as the body. */
  scalarFunction?: string
  /** A write: the table it changes (to show it afterwards) and whether rows come back. */
  write?: { table: string; returnsRows: boolean; status: number }
  /** Output keys of each to-many spread: arrays of one embedded row set, unnested to compare with a join. */
  toManySpreads: { keys: string[]; inner: boolean }[]
}

export type CompileResult = { ok: true; compiled: CompiledRequest } | { ok: false; error: TranslateError }

/** Raised inside the compiler, returned as a value at its boundary. */
class CompileFailure extends Error {
  constructor(readonly error: TranslateError) {
    super(error.message)
  }
}

function fail(message: string, hint: string): never {
  throw new CompileFailure({ kind: 'unsupported', message, hint })
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}

export function relationSql(relation: Relation): string {
  return relation.schema === undefined
    ? ident(relation.name)
    : `${ident(relation.schema)}.${ident(relation.name)}`
}

function qualified(relation: Relation): string {
  return `${relation.schema ?? 'public'}.${relation.name}`
}

interface Context {
  schema: SchemaInfo
  aliases: number
  toManySpreads: CompiledRequest['toManySpreads']
}

interface TableScope {
  relation: Relation
  alias: string
}

export function compileRequest(request: RequestModel, schema: SchemaInfo): CompileResult {
  try {
    return { ok: true, compiled: compileOperation(request, schema) }
  } catch (error) {
    if (error instanceof CompileFailure) return { ok: false, error: error.error }
    throw error
  }
}

function preferences(request: RequestModel): string[] {
  return request.headers
    .filter((header) => header.name.toLowerCase() === 'prefer')
    .flatMap((header) => header.value.split(','))
    .map((token) => token.trim())
}

function compileOperation(request: RequestModel, schema: SchemaInfo): CompiledRequest {
  const context: Context = { schema, aliases: 0, toManySpreads: [] }
  const operation = request.operation
  const counted = preferences(request).some((token) => /^count=(exact|planned|estimated)$/.test(token))
  const base = {
    params: [] as unknown[],
    headOnly: request.method === 'HEAD',
    counted,
    toManySpreads: context.toManySpreads,
  }

  if (operation.kind === 'select' || operation.kind === 'rpc') {
    const scope: TableScope = { relation: operation.relation, alias: nextAlias(context) }
    let from: string
    let scalarFunction: string | undefined
    let items = operation.kind === 'select' ? operation.select : (operation.select ?? [{ kind: 'star' }])
    if (operation.kind === 'rpc') {
      const fn = schema.functions[qualified(operation.relation)]
      if (!fn) {
        fail(
          `Could not find the function ${qualified(operation.relation)} in the schema.`,
          'Call a function the sample schema defines.',
        )
      }
      const call = `${relationSql(operation.relation)}(${functionArguments(operation.args, fn.args)})`
      if (fn.returnsScalar) {
        scalarFunction = operation.relation.name
        from = `(select ${call} as ${ident(operation.relation.name)}) ${scope.alias}`
      } else from = `${call} ${scope.alias}`
      if (fn.returnsScalar) items = [{ kind: 'star' }]
    } else from = `${relationSql(operation.relation)} ${scope.alias}`
    const rows = readSql(from, scope, items, operation, context, true)
    const spreads = context.toManySpreads.length
    const unpaged = readSql(
      from,
      scope,
      items,
      { ...operation, limit: undefined, offset: undefined },
      context,
      false,
    )
    context.toManySpreads.length = spreads
    return {
      ...base,
      sql: envelope(rows, counted ? `(select count(*) from (${unpaged}) _postgrest_c)` : 'null'),
      ...(scalarFunction === undefined ? {} : { scalarFunction }),
    }
  }

  const target = relationSql(operation.relation)
  const returning = operation.returning
  const source = `pgrst_source`
  let write: string
  let status: number
  switch (operation.kind) {
    case 'insert': {
      write = insertSql(operation, target, schema)
      if (write.includes('$1')) base.params = [JSON.stringify(operation.rows)]
      status = 201
      break
    }
    case 'update': {
      const alias = nextAlias(context)
      const columns = Object.keys(operation.values)
      const scope = { relation: operation.relation, alias }
      if (columns.length === 0) {
        write = `select ${alias}.* from ${target} ${alias} where false`
      } else {
        write =
          `update ${target} ${alias} set ${columns.map((c) => `${ident(c)} = _.${ident(c)}`).join(', ')} ` +
          `from (select * from json_populate_record(null::${target}, $1::json)) _` +
          whereSql(operation.filters, scope, []) +
          ` returning ${alias}.*`
      }
      base.params = [JSON.stringify(operation.values)]
      status = returning ? 200 : 204
      break
    }
    case 'delete': {
      const alias = nextAlias(context)
      write =
        `delete from ${target} ${alias}` +
        whereSql(operation.filters, { relation: operation.relation, alias }, []) +
        ` returning ${alias}.*`
      status = returning ? 200 : 204
      break
    }
  }
  const scope: TableScope = { relation: operation.relation, alias: nextAlias(context) }
  const shaped = returning
    ? readSql(`${source} ${scope.alias}`, scope, returning, { filters: [], order: [] }, context, true)
    : `select from ${source}`
  return {
    ...base,
    sql: `with ${source} as (${write})\n` + envelope(shaped, `(select count(*) from ${source})`),
    write: { table: target, returnsRows: returning !== undefined, status },
  }
}

function envelope(rows: string, total: string): string {
  return (
    `select coalesce(json_agg(_postgrest_t), '[]')::text as body, ${total} as total\n` +
    `from (${rows}) _postgrest_t`
  )
}

function nextAlias(context: Context): string {
  context.aliases += 1
  return `t${context.aliases}`
}

// ---- reads -------------------------------------------------------------------------------------

interface CompiledItems {
  columns: string[]
  keys: string[]
  laterals: string[]
  groupBy: string[]
  aggregated: boolean
}

function readSql(
  from: string,
  scope: TableScope,
  items: SelectItem[],
  shape: ReadShape,
  context: Context,
  paged: boolean,
  extraWhere: string[] = [],
): string {
  const compiled = compileItems(items, scope, shape.filters, [], context)
  let sql = `select ${compiled.columns.join(', ')} from ${from}`
  for (const lateral of compiled.laterals) sql += ` ${lateral}`
  sql += whereSql(shape.filters, scope, [], extraWhere)
  if (compiled.aggregated && compiled.groupBy.length > 0) sql += ` group by ${compiled.groupBy.join(', ')}`
  if (shape.order.length > 0)
    sql += ` order by ${shape.order.map((term) => orderSql(term, scope, items, context)).join(', ')}`
  if (paged && shape.limit !== undefined) sql += ` limit ${shape.limit}`
  if (paged && shape.offset !== undefined) sql += ` offset ${shape.offset}`
  return sql
}

function fieldSql(field: FieldRef, alias: string): string {
  let sql = `${alias}.${ident(field.column)}`
  for (const step of field.jsonPath) {
    sql += typeof step.key === 'number' ? `${step.arrow}${step.key}` : `${step.arrow}${literal(step.key)}`
  }
  return field.jsonPath.length > 0 ? `(${sql})` : sql
}

function fieldKey(field: FieldRef): string {
  const last = field.jsonPath[field.jsonPath.length - 1]
  return last === undefined ? field.column : String(last.key)
}

function compileItems(
  items: SelectItem[],
  scope: TableScope,
  filters: FilterNode[],
  path: string[],
  context: Context,
): CompiledItems {
  const out: CompiledItems = { columns: [], keys: [], laterals: [], groupBy: [], aggregated: false }
  const add = (sql: string, key: string, grouped: boolean) => {
    out.columns.push(`${sql} as ${ident(key)}`)
    out.keys.push(key)
    if (grouped) out.groupBy.push(sql)
  }
  for (const item of items) {
    switch (item.kind) {
      case 'star':
        out.columns.push(`${scope.alias}.*`)
        out.keys.push(...(context.schema.columns[qualified(scope.relation)] ?? []))
        break
      case 'count-all':
        out.aggregated = true
        add(withCast('count(*)', item.cast), item.alias ?? 'count', false)
        break
      case 'field': {
        const sql = withCast(fieldSql(item.field, scope.alias), item.cast)
        if (item.aggregate) {
          out.aggregated = true
          add(withCast(`${item.aggregate}(${sql})`, item.aggregateCast), item.alias ?? item.aggregate, false)
        } else add(sql, item.alias ?? fieldKey(item.field), true)
        break
      }
      case 'embed':
        compileEmbed(item, scope, filters, path, context, out)
        break
    }
  }
  if (out.columns.length === 0) out.columns.push('')
  return out
}

function withCast(sql: string, cast: string | undefined): string {
  return cast === undefined ? sql : `(${sql})::${cast}`
}

interface Relationship {
  child: Relation
  toOne: boolean
  /** Join condition, given the parent's and the child's alias. */
  condition: (parent: string, child: string) => string
}

function resolveRelationship(
  parent: Relation,
  embed: { relation: string; hint?: string },
  context: Context,
): Relationship {
  const parentSchema = parent.schema ?? 'public'
  const matches = (key: ForeignKey) =>
    embed.hint === undefined ||
    key.name === embed.hint ||
    (key.columns.length === 1 && key.columns[0] === embed.hint)
  const found: Relationship[] = []
  for (const key of context.schema.foreignKeys) {
    if (!matches(key)) continue
    const pairs = key.columns.map((column, index) => [column, key.refColumns[index]!] as const)
    if (key.schema === parentSchema && key.table === parent.name && key.refTable === embed.relation) {
      found.push({
        child: { schema: key.refSchema, name: key.refTable },
        toOne: true,
        condition: (p, c) =>
          pairs.map(([own, ref]) => `${c}.${ident(ref)} = ${p}.${ident(own)}`).join(' and '),
      })
    } else if (
      key.refSchema === parentSchema &&
      key.refTable === parent.name &&
      key.table === embed.relation
    ) {
      found.push({
        child: { schema: key.schema, name: key.table },
        toOne: false,
        condition: (p, c) =>
          pairs.map(([own, ref]) => `${c}.${ident(own)} = ${p}.${ident(ref)}`).join(' and '),
      })
    }
  }
  if (found.length === 0) {
    fail(
      `Could not find a relationship between ${parent.name} and ${embed.relation} in the schema.`,
      'Embeds follow foreign keys: join along a foreign key of the sample schema.',
    )
  }
  if (found.length > 1) {
    fail(
      `More than one relationship was found for ${parent.name} and ${embed.relation}.`,
      `Name the foreign key column after the table, as in ${embed.relation}!column(...).`,
    )
  }
  return found[0]!
}

function embedName(embed: SelectEmbed): string {
  return embed.alias ?? embed.relation
}

function compileEmbed(
  embed: SelectEmbed,
  scope: TableScope,
  filters: FilterNode[],
  path: string[],
  context: Context,
  out: CompiledItems,
): void {
  const relationship = resolveRelationship(scope.relation, embed, context)
  const child: TableScope = { relation: relationship.child, alias: nextAlias(context) }
  const childPath = [...path, embedName(embed)]
  const inner = compileItems(embed.items, child, filters, childPath, context)
  let childSql = `select ${inner.columns.join(', ')} from ${relationSql(child.relation)} ${child.alias}`
  for (const lateral of inner.laterals) childSql += ` ${lateral}`
  childSql += whereSql(filters, child, childPath, [relationship.condition(scope.alias, child.alias)])
  if (inner.aggregated && inner.groupBy.length > 0) childSql += ` group by ${inner.groupBy.join(', ')}`

  const lateralAlias = `${child.alias}_e`
  const required = embed.inner ? ' having count(*) > 0' : ''
  let body: string
  if (embed.spread && relationship.toOne) {
    body = childSql
    inner.keys.forEach((key) => out.columns.push(`${lateralAlias}.${ident(key)} as ${ident(key)}`))
    inner.keys.forEach((key) => out.groupBy.push(`${lateralAlias}.${ident(key)}`))
    out.keys.push(...inner.keys)
  } else if (embed.spread) {
    body =
      `select ${inner.keys.map((key) => `coalesce(json_agg(_x.${ident(key)}), '[]') as ${ident(key)}`).join(', ') || 'count(*) as _n'} ` +
      `from (${childSql}) _x${required}`
    inner.keys.forEach((key) => out.columns.push(`${lateralAlias}.${ident(key)} as ${ident(key)}`))
    out.keys.push(...inner.keys)
    if (inner.keys.length > 0) context.toManySpreads.push({ keys: inner.keys, inner: embed.inner })
  } else {
    body = relationship.toOne
      ? `select row_to_json(_x) as v from (${childSql}) _x`
      : `select coalesce(json_agg(_x), '[]') as v from (${childSql}) _x${required}`
    // An embed that selects nothing only filters: its key is left out.
    if (selectsSomething(embed.items)) {
      out.columns.push(`${lateralAlias}.v as ${ident(embedName(embed))}`)
      out.keys.push(embedName(embed))
    }
  }
  out.laterals.push(
    embed.inner
      ? `cross join lateral (${body}) ${lateralAlias}`
      : `left join lateral (${body}) ${lateralAlias} on true`,
  )
}

function selectsSomething(items: SelectItem[]): boolean {
  return items.some((item) => item.kind !== 'embed' || selectsSomething(item.items))
}

function orderSql(term: OrderTerm, scope: TableScope, items: SelectItem[], context: Context): string {
  let target: string
  if (term.embed === undefined) target = fieldSql(term.field, scope.alias)
  else {
    const embed = findEmbed(items, term.embed) ?? { relation: term.embed }
    const relationship = resolveRelationship(scope.relation, embed, context)
    if (!relationship.toOne)
      fail(
        `Ordering by ${term.embed} needs a to-one relationship.`,
        'Order by a column of a table the row points to.',
      )
    const alias = nextAlias(context)
    target = `(select ${fieldSql(term.field, alias)} from ${relationSql(relationship.child)} ${alias} where ${relationship.condition(scope.alias, alias)})`
  }
  return `${target} ${term.direction}${term.nulls ? ` nulls ${term.nulls}` : ''}`
}

function findEmbed(items: SelectItem[], name: string): SelectEmbed | undefined {
  return items.find((item): item is SelectEmbed => item.kind === 'embed' && embedName(item) === name)
}

// ---- filters -----------------------------------------------------------------------------------

function whereSql(filters: FilterNode[], scope: TableScope, path: string[], extra: string[] = []): string {
  const mine = filters.filter(
    (node) =>
      node.embedPath.length === path.length && node.embedPath.every((part, index) => part === path[index]),
  )
  const conditions = [...extra, ...mine.map((node) => filterSql(node, scope.alias))]
  return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : ''
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}

const TEXT_SEARCH: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}

export function filterSql(node: FilterNode, alias: string): string {
  if (node.kind === 'group') {
    const joined = node.items.map((item) => filterSql(item, alias)).join(` ${node.operator} `)
    const group = node.items.length === 0 ? (node.operator === 'and' ? 'true' : 'false') : `(${joined})`
    return node.negated ? `not ${group}` : group
  }
  const sql = conditionSql(node, alias)
  return node.negated ? `not (${sql})` : sql
}

function conditionSql(condition: FilterCondition, alias: string): string {
  const field = fieldSql(condition.field, alias)
  const value = condition.value
  const pattern = (text: string) =>
    condition.operator === 'like' || condition.operator === 'ilike' ? text.replace(/\*/g, '%') : text
  if (value.kind === 'is') return `${field} is ${value.value}`
  if (condition.operator === 'in') {
    if (value.kind !== 'list') fail('in needs a list of values.', 'Write in.(a,b).')
    return value.items.length === 0
      ? 'false'
      : `${field} in (${value.items.map((item) => literal(item.text)).join(', ')})`
  }
  if (condition.operator === 'isdistinct') {
    return `${field} is distinct from ${literal(value.kind === 'scalar' ? value.value.text : '')}`
  }
  const search = TEXT_SEARCH[condition.operator]
  if (search !== undefined) {
    const query = value.kind === 'scalar' ? literal(value.value.text) : "''"
    const config = condition.config === undefined ? '' : `${literal(condition.config)}, `
    return `${field} @@ ${search}(${config}${query})`
  }
  const operator = COMPARISON[condition.operator]!
  if (condition.quantifier) {
    const items =
      value.kind === 'array' ? value.items : value.kind === 'list' ? value.items.map((item) => item.text) : []
    const array = `{${items.map((item) => arrayElementText(pattern(item))).join(',')}}`
    return `${field} ${operator} ${condition.quantifier}(${literal(array)})`
  }
  const text = value.kind === 'scalar' ? value.value.text : ''
  return `${field} ${operator} ${literal(pattern(text))}`
}

// ---- writes and function calls -------------------------------------------------------------------

function insertSql(
  operation: Extract<RequestModel['operation'], { kind: 'insert' }>,
  target: string,
  schema: SchemaInfo,
): string {
  const columns = [...new Set(operation.rows.flatMap((row) => Object.keys(row)))]
  const list = columns.map(ident).join(', ')
  let sql: string
  if (columns.length === 0) sql = `insert into ${target} default values`
  else if (operation.missingAsDefault) {
    const rows = operation.rows.map(
      (row, index) =>
        `(${columns
          .map((column) =>
            column in row
              ? `(json_populate_record(null::${target}, $1::json -> ${index})).${ident(column)}`
              : 'default',
          )
          .join(', ')})`,
    )
    sql = `insert into ${target} (${list}) values ${rows.join(', ')}`
  } else {
    sql = `insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, $1::json) _`
  }
  const conflict = operation.onConflict
  if (conflict) {
    const keys =
      conflict.columns.length > 0
        ? conflict.columns
        : (schema.primaryKeys[qualified(operation.relation)] ?? [])
    const on = keys.length > 0 ? ` (${keys.map(ident).join(', ')})` : ''
    if (conflict.resolution === 'ignore-duplicates') sql += ` on conflict${on} do nothing`
    else {
      if (keys.length === 0)
        fail('An upsert needs a primary key or on_conflict columns.', 'Add on_conflict=column.')
      sql += ` on conflict${on} do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`
    }
  }
  return `${sql} returning ${target}.*`
}

/** A JSON argument as a Postgres literal the function's parameter type can read. */
function argumentLiteral(value: JsonValue): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return literal(arrayLiteral(value))
  if (typeof value === 'object') return literal(JSON.stringify(value))
  return literal(String(value))
}

function arrayLiteral(values: JsonValue[]): string {
  return `{${values
    .map((value) => {
      if (value === null) return 'NULL'
      if (Array.isArray(value)) return arrayLiteral(value)
      if (typeof value === 'object') return arrayElementText(JSON.stringify(value))
      return arrayElementText(String(value))
    })
    .join(',')}}`
}

function functionArguments(args: JsonValue, parameters: { name: string; type: string }[]): string {
  const single = parameters.length === 1 && parameters[0]!.name === '' && /^jsonb?$/.test(parameters[0]!.type)
  if (single) return literal(JSON.stringify(args))
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    fail('Function arguments must be a JSON object of named arguments.', 'Send {"name": value, ...}.')
  }
  const named = args as JsonObject
  for (const name of Object.keys(named)) {
    if (!parameters.some((parameter) => parameter.name === name)) {
      fail(
        `The function has no parameter named ${name}.`,
        `Its parameters: ${parameters.map((p) => p.name).join(', ') || 'none'}.`,
      )
    }
  }
  return Object.entries(named)
    .map(([name, value]) => `${ident(name)} => ${argumentLiteral(value)}`)
    .join(', ')
}
