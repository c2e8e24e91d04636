/**
 * The SQL PostgREST 12.2 runs for a plan: `src/PostgREST/Query/QueryBuilder.hs` (reads, counts,
 * writes, calls), `Query/SqlFragment.hs` (fields, filters, orders, groups) and
 * `Query/Statements.hs` (the statement around them that returns the body and the counts).
 * Values from the query string are written as untyped literals, as PostgREST binds them, so
 * the column's type decides how they are read.
 */
import type { FilterCondition } from '@docs/postgrest-request'
import {
  ALL_RANGE,
  FTS_OPERATORS,
  QUANTIFIABLE_OPERATORS,
  rangeLimit,
  rangeOffset,
  sameRange,
  SIMPLE_OPERATORS,
} from '@docs/postgrest-request'
import {
  SOURCE_CTE,
  type CoercibleField,
  type CoercibleOrderTerm,
  type CoercibleSelectField,
  type JoinCondition,
  type LogicTree,
  type QualifiedIdentifier,
  type Range,
  type ReadPlan,
  type RelSelectField,
  type SpreadSelectField,
} from './read-plan'
import type { MediaHandler } from './media-types'
import type { Column, Routine } from './schema-cache'

export function ident(name: string): string {
  return `"${name.replace(/\0.*$/s, '').replace(/"/g, '""')}"`
}

/** An untyped literal: Postgres reads it with the type the context asks for. */
export function literal(text: string): string {
  return `'${text.replace(/\0.*$/s, '').replace(/'/g, "''")}'`
}

export function fromQi(qi: QualifiedIdentifier): string {
  return qi.schema === '' ? ident(qi.name) : `${ident(qi.schema)}.${ident(qi.name)}`
}

function column(table: QualifiedIdentifier, name: string): string {
  return name === '*' ? `${fromQi(table)}.*` : `${fromQi(table)}.${ident(name)}`
}

function jsonPath(path: CoercibleField['jsonPath']): string {
  return path
    .map(
      (step) =>
        `${step.arrow}${typeof step.key === 'number' ? `${literal(String(step.key))}::int` : literal(step.key)}`,
    )
    .join('')
}

export function field(table: QualifiedIdentifier, f: CoercibleField): string {
  if (f.jsonPath.length === 0) return column(table, f.name)
  return f.toJson
    ? `to_jsonb(${column(table, f.name)})${jsonPath(f.jsonPath)}`
    : `${column(table, f.name)}${jsonPath(f.jsonPath)}`
}

function cast(type: string | undefined, sql: string): string {
  return type === undefined ? sql : `CAST( ${sql} AS ${type} )`
}

function aggregate(fn: string | undefined, aggregateCast: string | undefined, sql: string): string {
  return fn === undefined ? sql : cast(aggregateCast, `${fn.toUpperCase()}(${sql})`)
}

function as(alias: string | undefined): string {
  return alias === undefined ? '' : ` AS ${ident(alias)}`
}

/** pgFmtTableCoerce: the value through its representation's function, when it has one. */
function coerced(table: QualifiedIdentifier, f: CoercibleField): string {
  return f.transform === undefined ? field(table, f) : `${f.transform}(${field(table, f)})`
}

function selectItem(table: QualifiedIdentifier, item: CoercibleSelectField): string {
  return (
    aggregate(item.aggregate, item.aggregateCast, cast(item.cast, coerced(table, item.field))) +
    as(item.alias)
  )
}

function spreadItem(aggAlias: string, item: SpreadSelectField): string {
  const name = item.name === '*' ? `${ident(aggAlias)}.*` : `${ident(aggAlias)}.${ident(item.name)}`
  return aggregate(item.aggregate, item.aggregateCast, name) + as(item.alias)
}

/** pgBuildArrayLiteral: every element double-quoted, so `null` is the text "null". */
function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}

const SIMPLE: Record<string, string> = SIMPLE_OPERATORS
const QUANTIFIABLE: Record<string, string> = QUANTIFIABLE_OPERATORS
const FTS: Record<string, string> = FTS_OPERATORS

function scalarText(condition: FilterCondition): string {
  const value = condition.value
  if (value.kind === 'scalar') return value.value.text
  // The parser keeps a quantified operator's array text as sent; a model built by hand may not.
  if (value.kind === 'array') return value.text ?? arrayLiteral(value.items)
  return ''
}

/** pgFmtFilter */
function filter(table: QualifiedIdentifier, f: CoercibleField, condition: FilterCondition): string {
  const not = condition.negated ? 'NOT' : ''
  const target = field(table, f)
  const operator = condition.operator
  const value = condition.value
  // pgFmtUnknownLiteralForField: the value read through the representation from text, if any.
  const parsed = (sql: string) => (f.transform === undefined ? sql : `${f.transform}(${sql})`)
  let rest: string
  if (operator === 'is' && value.kind === 'is') rest = ` IS ${value.value.toUpperCase()}`
  else if (operator === 'isdistinct') rest = ` IS DISTINCT FROM ${literal(scalarText(condition))}`
  else if (operator === 'in' && value.kind === 'list') {
    const items = value.items.map((item) => item.text)
    // pgFmtArrayLiteralForField: each element through the representation.
    const array =
      f.transform === undefined
        ? literal(arrayLiteral(items))
        : `(SELECT ${f.transform}(unnest(${literal(arrayLiteral(items))}::text[])))`
    rest = items.length === 1 && items[0] === '' ? " = ANY('{}') " : ` = ANY (${array}) `
  } else if (FTS[operator] !== undefined) {
    const language = condition.config === undefined ? '' : `${literal(condition.config)}, `
    rest = ` @@ ${FTS[operator]}(${language}${literal(scalarText(condition))}) `
  } else if (SIMPLE[operator] !== undefined) {
    rest = ` ${SIMPLE[operator]} ${parsed(literal(scalarText(condition)))}`
  } else {
    const like = operator === 'like' || operator === 'ilike'
    const text = like ? scalarText(condition).replace(/\*/g, '%') : scalarText(condition)
    const operand = like ? literal(text) : parsed(literal(text))
    const quantified =
      condition.quantifier === 'any'
        ? `ANY(${operand})`
        : condition.quantifier === 'all'
          ? `ALL(${operand})`
          : operand
    rest = ` ${QUANTIFIABLE[operator]} ${quantified}`
  }
  return `${not} ${target}${rest}`
}

export function logicTree(table: QualifiedIdentifier, tree: LogicTree): string {
  switch (tree.kind) {
    case 'expr':
      return `${tree.negated ? 'NOT' : ''} (${tree.items.map((item) => logicTree(table, item)).join(tree.operator === 'and' ? ' AND ' : ' OR ')})`
    case 'null-embed':
      return `${ident(tree.aggAlias)} IS ${tree.negated ? '' : 'NOT '}DISTINCT FROM NULL`
    case 'filter':
      return filter(table, tree.field, tree.condition)
  }
}

function joinCondition(condition: JoinCondition): string {
  return `${column(condition.left[0], condition.left[1])} = ${column(condition.right[0], condition.right[1])}`
}

function orderTerm(table: QualifiedIdentifier, term: CoercibleOrderTerm): string {
  const target =
    term.kind === 'field'
      ? field(table, term.field)
      : field(
          { schema: '', name: term.relation },
          { name: term.field.column, jsonPath: term.field.jsonPath, toJson: false, type: '' },
        )
  const direction = term.direction === undefined ? '' : term.direction.toUpperCase()
  const nulls = term.nulls === undefined ? '' : term.nulls === 'first' ? 'NULLS FIRST' : 'NULLS LAST'
  return `${target} ${[direction, nulls].filter(Boolean).join(' ')}`
}

export function orderClause(table: QualifiedIdentifier, order: CoercibleOrderTerm[]): string {
  return order.length === 0 ? '' : `ORDER BY ${order.map((term) => orderTerm(table, term)).join(', ')}`
}

/** limitOffsetF */
export function limitOffset(range: Range): string {
  if (sameRange(range, ALL_RANGE)) return ''
  const limit = rangeLimit(range)
  return `LIMIT ${limit === undefined ? 'ALL' : literal(String(limit))} OFFSET ${literal(String(rangeOffset(range)))}`
}

function qualifiedIdentifier(plan: ReadPlan): QualifiedIdentifier {
  return plan.fromAlias === undefined ? plan.from : { schema: '', name: plan.fromAlias }
}

/** fromF: a computed relationship's rows come from its function, called with the parent's row. */
function fromClause(plan: ReadPlan): string {
  const cardinality = plan.relToParent?.cardinality
  const source =
    cardinality?.kind === 'computed'
      ? `${fromQi(cardinality.function)}(${ident(plan.relTableAlias?.name ?? '')}::${fromQi(plan.relToParent!.table)})`
      : fromQi(plan.from)
  let sql = `FROM ${source}${plan.fromAlias === undefined ? '' : ` AS ${ident(plan.fromAlias)}`}`
  const relationship = plan.relToParent
  if (relationship?.cardinality.kind === 'M2M') sql += `, ${fromQi(relationship.cardinality.junction)}`
  return sql
}

/** groupF: every plain field, every embed (even an empty one) and every plain spread field. */
function groupClause(
  table: QualifiedIdentifier,
  select: CoercibleSelectField[],
  relSelect: RelSelectField[],
): string {
  const selectAggregated = select.some((item) => item.aggregate !== undefined)
  const relAggregated = relSelect.some(
    (rel) => rel.kind === 'spread' && rel.fields.some((f) => f.aggregate !== undefined),
  )
  const terms = [
    ...select.flatMap((item) =>
      item.aggregate !== undefined
        ? []
        : [item.alias !== undefined ? ident(item.alias) : field(table, item.field)],
    ),
    ...relSelect.flatMap((rel) => {
      if (rel.kind === 'embed') return [ident(rel.selName)]
      const plain = rel.fields.filter((f) => f.aggregate === undefined)
      return plain.length === 0
        ? []
        : [plain.map((f) => `${ident(rel.aggAlias)}.${ident(f.alias ?? f.name)}`).join(', ')]
    }),
  ]
  if ((!selectAggregated && !relAggregated) || terms.length === 0) return ''
  return ` GROUP BY ${terms.join(', ')}`
}

function joinSelects(plan: ReadPlan): string[] {
  return plan.relSelect.flatMap((rel) => {
    if (rel.kind === 'spread') return [rel.fields.map((f) => spreadItem(rel.aggAlias, f)).join(', ')]
    if (rel.empty) return []
    const alias = ident(rel.aggAlias)
    return rel.mode === 'object'
      ? [`row_to_json(${alias}.*)::jsonb AS ${ident(rel.selName)}`]
      : [`COALESCE( ${alias}.${alias}, '[]') AS ${ident(rel.selName)}`]
  })
}

function joins(plan: ReadPlan): string[] {
  return plan.relSelect.map((rel) => {
    const child = plan.children.find((node) => node.relAggAlias === rel.aggAlias)!
    const kind = child.relJoinType === 'inner' ? 'INNER' : 'LEFT'
    const alias = ident(rel.aggAlias)
    const subquery = readPlanToQuery(child)
    if (rel.kind === 'embed' && rel.mode === 'array') {
      const aggregated = `SELECT json_agg(${alias})::jsonb AS ${alias} FROM (${subquery} ) AS ${alias}`
      return `${kind} JOIN LATERAL ( ${aggregated} ) AS ${alias} ON ${child.relJoinType === 'inner' ? `${alias} IS NOT NULL` : 'TRUE'}`
    }
    return `${kind} JOIN LATERAL ( ${subquery} ) AS ${alias} ON TRUE`
  })
}

/** readPlanToQuery */
export function readPlanToQuery(plan: ReadPlan): string {
  const qi = qualifiedIdentifier(plan)
  const select =
    plan.select.length === 0 && plan.children.length === 0
      ? [{ field: { name: '*', jsonPath: [], toJson: false, type: '' } }]
      : plan.select
  const conditions = [
    ...plan.where.map((tree) => logicTree(qi, tree)),
    ...plan.relJoinConds.map(joinCondition),
  ]
  return [
    `SELECT ${[...select.map((item) => selectItem(qi, item)), ...joinSelects(plan)].join(', ')}`,
    fromClause(plan),
    joins(plan).join(' '),
    conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`,
    groupClause(qi, plan.select, plan.relSelect),
    orderClause(qi, plan.order),
    limitOffset(plan.range),
  ].join(' ')
}

/** readPlanToCountQuery: the root's filters only, and EXISTS for each inner-joined embed. */
export function readPlanToCountQuery(plan: ReadPlan): string {
  const qi = qualifiedIdentifier(plan)
  const countTree = (tree: LogicTree): string => {
    if (tree.kind === 'expr') {
      return `${tree.negated ? 'NOT' : ''} (${tree.items.map(countTree).join(tree.operator === 'and' ? ' AND ' : ' OR ')})`
    }
    if (tree.kind === 'null-embed') {
      const child = plan.children.find((node) => node.relAggAlias === tree.aggAlias)
      return child === undefined ? '' : `${tree.negated ? '' : 'NOT '}EXISTS (${readPlanToCountQuery(child)})`
    }
    return filter(qi, tree.field, tree.condition)
  }
  const conditions = [
    ...plan.where.map(countTree),
    ...plan.relJoinConds.map(joinCondition),
    ...plan.children
      .filter((child) => child.relJoinType === 'inner')
      .map((child) => `EXISTS (${readPlanToCountQuery(child)} )`),
  ]
  return `SELECT 1 ${fromClause(plan)}${conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`}`
}

// ---- writes ------------------------------------------------------------------------------------

export interface WriteColumn {
  name: string
  /** The type to read the JSON value as (`cfIRType`): `json` when a representation parses it. */
  type: string
  default?: string
  /** The representation's function from json to the column's type. */
  transform?: string
}

export function writeColumns(columns: Column[], names: string[]): WriteColumn[] {
  return names.map((name) => {
    const found = columns.find((c) => c.name === name)!
    return { name, type: found.type, ...(found.default === undefined ? {} : { default: found.default }) }
  })
}

/** fromJsonBodyF: the JSON body ($1) as rows of the given columns, with defaults for missing keys when asked. */
export function fromJsonBody(
  columns: WriteColumn[],
  bodyIsObject: boolean,
  options: { includeSelect: boolean; limitOne: boolean; applyDefaults: boolean },
): string {
  const names = columns.map((c) => `${ident('pgrst_body')}.${ident(c.name)}`).join(', ')
  const typed = columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ')
  // pgFmtCoerceNamed
  const parsed = columns
    .map((c) =>
      c.transform === undefined ? ident(c.name) : `${c.transform}(${ident(c.name)}) AS ${ident(c.name)}`,
    )
    .join(', ')
  const defaults = columns
    .filter((c) => c.default !== undefined)
    .map((c) => `${pgLiteral(c.name)}, ${c.default}`)
  const defaultsJson = `jsonb_build_object(${defaults.join(',')})`
  const [body, elements, toRecords] = options.applyDefaults
    ? ['pgrst_json_defs.val', 'jsonb_array_elements', bodyIsObject ? 'jsonb_to_record' : 'jsonb_to_recordset']
    : [
        'pgrst_payload.json_data',
        'json_array_elements',
        bodyIsObject ? 'json_to_record' : 'json_to_recordset',
      ]
  let sql = options.includeSelect ? `SELECT ${names} ` : ''
  sql += `FROM (SELECT $1::${options.applyDefaults ? 'jsonb' : 'json'} AS json_data) pgrst_payload, `
  if (options.applyDefaults) {
    sql += bodyIsObject
      ? `LATERAL (SELECT ${defaultsJson} || pgrst_payload.json_data AS val) pgrst_json_defs, `
      : `LATERAL (SELECT jsonb_agg(${defaultsJson} || elem) AS val from jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, `
  }
  sql += `LATERAL (SELECT ${parsed} FROM `
  if (columns.length === 0) sql += bodyIsObject ? '(values(1)) _ ' : `${elements}(${body}) _ `
  else sql += `${toRecords}(${body}) AS _(${typed}) ${options.limitOne ? 'LIMIT 1' : ''}`
  return `${sql}) pgrst_body `
}

/** pgFmtLit: a literal from the catalog, with E'' when it holds a backslash. */
function pgLiteral(text: string): string {
  const escaped = `'${text.replace(/'/g, "''")}'`
  return escaped.includes('\\') ? `E${escaped.replace(/\\/g, '\\\\')}` : escaped
}

function returning(table: QualifiedIdentifier, names: string[]): string {
  return names.length === 0
    ? 'RETURNING 1'
    : `RETURNING ${names.map((name) => column(table, name)).join(', ')}`
}

function insertedCounter(add: boolean): string {
  const [symbol, start] = add ? ['+', '0'] : ['-', '-1']
  return `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${symbol} 1)::text, true) <> '${start}'`
}

export interface InsertPlan {
  table: QualifiedIdentifier
  columns: WriteColumn[]
  bodyIsObject: boolean
  onConflict?: { resolution: 'merge-duplicates' | 'ignore-duplicates'; columns: string[] }
  /** PUT: the filters the row must match. */
  putConditions: LogicTree[]
  returnings: string[]
  applyDefaults: boolean
}

export function insertQuery(plan: InsertPlan): string {
  const names = plan.columns.map((c) => ident(c.name)).join(', ')
  const mergeDuplicates = plan.onConflict?.resolution === 'merge-duplicates'
  let sql = `INSERT INTO ${fromQi(plan.table)}${plan.columns.length === 0 ? ' ' : `(${names}) `}`
  sql += fromJsonBody(plan.columns, plan.bodyIsObject, {
    includeSelect: true,
    limitOne: false,
    applyDefaults: plan.applyDefaults,
  })
  const bodyQi = { schema: '', name: 'pgrst_body' }
  if (plan.putConditions.length > 0) {
    sql += `WHERE ${insertedCounter(true)} AND ${plan.putConditions.map((tree) => logicTree(bodyQi, tree)).join(' AND ')}`
  } else if (mergeDuplicates) sql += `WHERE ${insertedCounter(true)}`
  const conflict = plan.onConflict
  if (conflict && conflict.columns.length > 0) {
    sql += ` ON CONFLICT(${conflict.columns.map(ident).join(', ')}) `
    if (conflict.resolution === 'ignore-duplicates' || plan.columns.length === 0) sql += 'DO NOTHING'
    else {
      sql += `DO UPDATE SET ${plan.columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ')}`
      if (plan.putConditions.length > 0 || mergeDuplicates) sql += `WHERE ${insertedCounter(false)}`
    }
  }
  return `${sql} ${returning(plan.table, plan.returnings)}`
}

/** A PATCH or DELETE limited to the first rows of an order: its rows are found first, by the order's columns. */
export interface LimitedWrite {
  order: CoercibleOrderTerm[]
  range: Range
}

export interface UpdatePlan {
  table: QualifiedIdentifier
  columns: WriteColumn[]
  bodyIsObject: boolean
  where: LogicTree[]
  returnings: string[]
  applyDefaults: boolean
  limited?: LimitedWrite
}

/** mutRangeF: the affected rows matched on the order's columns. */
function affectedRows(
  table: QualifiedIdentifier,
  where: string,
  limited: LimitedWrite,
): { cte: string; match: string } {
  const columns = limited.order.flatMap((term) => (term.kind === 'field' ? [term.field.name] : []))
  const affected = { schema: '', name: 'pgrst_affected_rows' }
  return {
    cte:
      `pgrst_affected_rows AS (SELECT ${columns.map((c) => column(table, c)).join(', ')} FROM ${fromQi(table)}` +
      `${where} ${orderClause(table, limited.order)} ${limitOffset(limited.range)})`,
    match: columns.map((c) => `${column(table, c)} = ${column(affected, c)}`).join(' AND '),
  }
}

export function updateQuery(plan: UpdatePlan): string {
  const main = fromQi(plan.table)
  if (plan.columns.length === 0) {
    const names =
      plan.returnings.length === 0
        ? 'NULL'
        : plan.returnings.map((name) => column({ schema: '', name: plan.table.name }, name)).join(', ')
    return `SELECT ${names} FROM ${main} WHERE false`
  }
  const body = { schema: '', name: 'pgrst_body' }
  const set = plan.columns.map((c) => `${ident(c.name)} = ${column(body, c.name)}`).join(', ')
  const where =
    plan.where.length === 0
      ? ''
      : ` WHERE ${plan.where.map((tree) => logicTree(plan.table, tree)).join(' AND ')}`
  if (plan.limited) {
    const { cte, match } = affectedRows(plan.table, where, plan.limited)
    const rangeSet = plan.columns
      .map((c) => `${ident(c.name)} = (SELECT ${ident(c.name)} FROM pgrst_update_body) `)
      .join(', ')
    return (
      `WITH pgrst_update_body AS (${fromJsonBody(plan.columns, plan.bodyIsObject, { includeSelect: true, limitOne: true, applyDefaults: plan.applyDefaults })}), ` +
      `${cte} UPDATE ${main} SET ${rangeSet}FROM pgrst_affected_rows WHERE ${match} ${returning(plan.table, plan.returnings)}`
    )
  }
  return (
    `UPDATE ${main} SET ${set} ` +
    fromJsonBody(plan.columns, plan.bodyIsObject, {
      includeSelect: false,
      limitOne: false,
      applyDefaults: plan.applyDefaults,
    }) +
    `${where} ${returning(plan.table, plan.returnings)}`
  )
}

export function deleteQuery(
  table: QualifiedIdentifier,
  where: LogicTree[],
  returnings: string[],
  limited?: LimitedWrite,
): string {
  const conditions =
    where.length === 0 ? '' : ` WHERE ${where.map((tree) => logicTree(table, tree)).join(' AND ')}`
  if (limited) {
    const { cte, match } = affectedRows(table, conditions, limited)
    return `WITH ${cte} DELETE FROM ${fromQi(table)} USING pgrst_affected_rows WHERE ${match} ${returning(table, returnings)}`
  }
  return `DELETE FROM ${fromQi(table)} ${conditions} ${returning(table, returnings)}`
}

// ---- function calls ----------------------------------------------------------------------------

export type CallParams =
  | { kind: 'one-positional'; type: string }
  | { kind: 'named'; params: { name: string; type: string; variadic: boolean }[] }

export function returnsScalar(routine: Routine): boolean {
  return !routine.returnsSet && !routine.returnType.composite
}
export function returnsSetOfScalar(routine: Routine): boolean {
  return routine.returnsSet && !routine.returnType.composite
}

/** callPlanToQuery */
export function callQuery(
  routine: Routine,
  params: CallParams,
  returnings: string[],
  bodyIsObject: boolean,
): string {
  const qi = fromQi({ schema: routine.schema, name: routine.name })
  const scalar = returnsScalar(routine) || returnsSetOfScalar(routine)
  const call = (argument: string) =>
    scalar ? `(SELECT ${qi}(${argument}) pgrst_scalar) pgrst_call` : `${qi}(${argument}) pgrst_call`
  const columns = scalar
    ? 'pgrst_call.pgrst_scalar'
    : returnings.length === 0
      ? '*'
      : returnings.map((name) => column({ schema: '', name: 'pgrst_call' }, name)).join(', ')
  let from: string
  // singleParameter: the value cast to the parameter's type (PostgREST binds bytes as bytea).
  if (params.kind === 'one-positional') from = `FROM ${call(`$1::${params.type}`)}`
  else if (params.params.length === 0) from = `FROM ${call('')}`
  else {
    const body = fromJsonBody(
      params.params.map((p) => ({ name: p.name, type: p.type })),
      bodyIsObject,
      { includeSelect: false, limitOne: true, applyDefaults: false },
    )
    const args = params.params
      .map((p) => `${p.variadic ? 'VARIADIC ' : ''}${ident(p.name)} := pgrst_body.${ident(p.name)}`)
      .join(', ')
    from = `${body}, LATERAL ${call(args)}`
  }
  return `SELECT ${columns} ${from}`
}

// ---- the statement around it -------------------------------------------------------------------

/** handlerF's input: how the rows become the body (`media-types.ts` chooses it). */
export type BodyHandler = MediaHandler

export const NO_BODY: BodyHandler = { kind: 'none' }

function csvBody(): string {
  const header =
    "(SELECT coalesce(string_agg(a.k, ','), '')" +
    '  FROM (' +
    '    SELECT json_object_keys(r)::text as k' +
    '    FROM ( ' +
    `      SELECT row_to_json(hh) as r from ${SOURCE_CTE} as hh limit 1` +
    '    ) s' +
    '  ) a' +
    ')'
  const rows =
    "coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')"
  return `${header} || '\n' || ${rows}`
}

/** handlerF: how the rows become the body. */
export function bodyExpression(handler: BodyHandler, routine?: Routine): string {
  const strip = handler.kind === 'array-stripped' || (handler.kind === 'single' && handler.stripped)
  const nulls = (sql: string) => (strip ? `json_strip_nulls(${sql})` : sql)
  switch (handler.kind) {
    case 'none':
      return "''::text"
    case 'csv':
      return csvBody()
    case 'geojson':
      return "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))"
    case 'custom': {
      // customFuncF: a scalar function's value goes through its domain (a cast written as a call).
      const func = fromQi(handler.func)
      if (routine && returnsScalar(routine)) return `${func}(_postgrest_t.pgrst_scalar)`
      if (handler.target === 'any') return `${func}(_postgrest_t)`
      return `${func}(_postgrest_t::${fromQi(handler.target)})`
    }
    case 'single':
      return routine && returnsScalar(routine)
        ? `coalesce(${nulls('json_agg(_postgrest_t.pgrst_scalar)->0')}, 'null')`
        : `coalesce(${nulls('json_agg(_postgrest_t)->0')}, 'null')`
    case 'json':
    case 'array-stripped':
      if (routine && !routine.returnsSet && routine.returnType.composite)
        return `coalesce(${nulls('json_agg(_postgrest_t)->0')}, 'null')`
      if (routine && returnsScalar(routine))
        return `coalesce(${nulls('json_agg(_postgrest_t.pgrst_scalar)->0')}, 'null')`
      if (routine && returnsSetOfScalar(routine))
        return `coalesce(${nulls('json_agg(_postgrest_t.pgrst_scalar)')}, '[]')`
      return `coalesce(${nulls('json_agg(_postgrest_t)')}, '[]')`
  }
}

/** The body column: text, or the bytes of a handler whose media type is a `bytea` domain. */
function bodyColumn(handler: BodyHandler, routine?: Routine): string {
  const expression = bodyExpression(handler, routine)
  return handler.kind === 'custom' && handler.baseType === 'bytea' ? expression : `${expression}::text`
}

/**
 * responseHeadersF and responseStatusF (`SqlFragment.hs`): what the statement's functions and
 * triggers, or db-pre-request, set in `response.headers` and `response.status`.
 */
const RESPONSE_SETTINGS =
  "nullif(current_setting('response.headers', true), '') AS response_headers, " +
  "nullif(current_setting('response.status', true), '') AS response_status"

/** prepareRead */
export function readStatement(select: string, count: string | undefined, handler: BodyHandler): string {
  return (
    `WITH ${SOURCE_CTE} AS ( ${select} ) ${count === undefined ? '' : `, pgrst_source_count AS (${count})`} ` +
    `SELECT ${count === undefined ? 'null::bigint' : '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'} AS total_result_set, ` +
    `pg_catalog.count(_postgrest_t) AS page_total, ${bodyColumn(handler)} AS body, ` +
    `${RESPONSE_SETTINGS} FROM ( SELECT * FROM ${SOURCE_CTE} ) _postgrest_t`
  )
}

/** prepareWrite */
export function writeStatement(
  select: string,
  mutate: string,
  handler: BodyHandler,
  options: { location?: string[]; countInserted: boolean },
): string {
  const location =
    options.location === undefined
      ? 'array[]::text[]'
      : `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN coalesce(${locationQuery(options.location)}, array[]::text[]) ELSE array[]::text[] END`
  const inserted = options.countInserted
    ? "nullif(current_setting('pgrst.inserted', true),'')::int"
    : 'null::int'
  return (
    `WITH ${SOURCE_CTE} AS (${mutate}) ` +
    `SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${location} AS header, ` +
    `${bodyColumn(handler)} AS body, ${RESPONSE_SETTINGS}, ${inserted} AS response_inserted ` +
    `FROM (${handler.kind === 'none' ? `SELECT * FROM ${SOURCE_CTE}` : select}) _postgrest_t`
  )
}

/** locationF: `key=eq.value` for each primary key column of the one row written. */
function locationQuery(primaryKey: string[]): string {
  return (
    `(WITH data AS (SELECT row_to_json(_) AS row FROM ${SOURCE_CTE} AS _ LIMIT 1) ` +
    "SELECT array_agg(json_data.key || '=' || coalesce('eq.' || json_data.value, 'is.null')) " +
    'FROM data CROSS JOIN json_each_text(data.row) AS json_data ' +
    `WHERE json_data.key IN (${primaryKey.map(literal).join(',') || "''"}))`
  )
}

/** prepareCall */
export function callStatement(
  call: string,
  select: string,
  count: string | undefined,
  handler: BodyHandler,
  routine: Routine,
): string {
  return (
    `WITH ${SOURCE_CTE} AS (${call}) ${count === undefined ? '' : `, pgrst_source_count AS (${count})`} ` +
    `SELECT ${count === undefined ? 'null::bigint' : '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'} AS total_result_set, ` +
    `${!routine.returnsSet ? '1' : 'pg_catalog.count(_postgrest_t)'} AS page_total, ${bodyColumn(handler, routine)} AS body, ` +
    `${RESPONSE_SETTINGS} FROM (${select}) _postgrest_t`
  )
}
