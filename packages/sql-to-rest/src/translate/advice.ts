/**
 * Advice for a refused statement, built from the reader's own SQL: a comma join rewritten with
 * JOIN ... ON, a JSON path put in parentheses so its cast applies to the value, or the statement
 * held in a view (reads) or a function (writes, several statements) with the request that then
 * reads or calls it. Every piece of SQL offered here parses, and a rewrite also translates.
 */
import type { Node, RangeVar, SelectStmt } from 'libpg-query'
import type { Advice, Remedy, TranslateError } from '../errors'
import type { RequestModel } from '@docs/postgrest-request'
import { byteToCharacterOffsets, type SqlParser, type SqlToken } from '../parser/load-parser'
import { buildRequest } from '@docs/postgrest-request'
import { stringList } from './ast'
import { singular } from './select-list'

/** Whether a statement translates: rewrites are offered only when they do. */
export type TranslatesCheck = (sql: string) => boolean

export function withAdvice(
  error: TranslateError,
  remedy: Remedy,
  sql: string,
  parser: SqlParser,
  translates: TranslatesCheck,
): TranslateError {
  switch (remedy.kind) {
    case 'wrap-cast':
      return wrapCast(error, remedy, sql, translates)
    case 'comma-join':
      return commaJoin(error, sql, parser, translates)
    case 'hold-query':
      return holdQuery(error, sql, parser, translates)
  }
}

// ---- a cast on a JSON key ----------------------------------------------------------------------

function wrapCast(
  error: TranslateError,
  remedy: Extract<Remedy, { kind: 'wrap-cast' }>,
  sql: string,
  translates: TranslatesCheck,
): TranslateError {
  const at = byteToCharacterOffsets(sql)
  const start = at(remedy.start)
  const castAt = at(remedy.castAt)
  const path = sql.slice(start, castAt).trim()
  const hint = `Put the JSON path in parentheses so the cast applies to the value: (${path})::${remedy.type}.`
  const rewrite = `${sql.slice(0, start)}(${sql.slice(start, castAt).trimEnd()})${sql.slice(castAt)}`
  const position = castAt
  return translates(rewrite)
    ? { ...error, hint, position, advice: { rewrite } }
    : { ...error, hint, position }
}

// ---- a comma join ------------------------------------------------------------------------------

const COMMA_JOIN_HINT = 'Write the join with JOIN ... ON, using the foreign key columns.'

function commaJoin(
  error: TranslateError,
  sql: string,
  parser: SqlParser,
  translates: TranslatesCheck,
): TranslateError {
  const rewrite = commaJoinRewrite(sql, parser)
  return rewrite !== undefined && translates(rewrite)
    ? { ...error, hint: COMMA_JOIN_HINT, advice: { rewrite } }
    : { ...error, hint: COMMA_JOIN_HINT }
}

// Keywords that end a WHERE clause at the top level of the statement.
const AFTER_WHERE = new Set([
  'group',
  'having',
  'window',
  'order',
  'limit',
  'offset',
  'fetch',
  'for',
  'union',
  'intersect',
  'except',
  ';',
])

/** Top-level token runs between separators; `between x and y` keeps its `and`. */
function splitTopLevel(tokens: SqlToken[], separator: string): SqlToken[][] {
  const parts: SqlToken[][] = [[]]
  let depth = 0
  let inBetween = false
  for (const token of tokens) {
    const word = token.text.toLowerCase()
    if (word === '(' || word === '[') depth++
    else if (word === ')' || word === ']') depth--
    else if (depth === 0 && word === 'between') inBetween = true
    else if (depth === 0 && word === separator) {
      if (separator === 'and' && inBetween) inBetween = false
      else {
        parts.push([])
        continue
      }
    }
    parts[parts.length - 1]!.push(token)
  }
  return parts
}

function spanText(sql: string, tokens: SqlToken[]): string {
  return tokens.length === 0 ? '' : sql.slice(tokens[0]!.start, tokens[tokens.length - 1]!.end)
}

/**
 * `select ... from a, b where a.id = b.a_id and ...` as `select ... from a join b on a.id = b.a_id
 * where ...`: each equality between columns of two FROM items becomes a join condition.
 */
function commaJoinRewrite(sql: string, parser: SqlParser): string | undefined {
  const parsed = parser.parse(sql)
  const node = parsed.ok ? parsed.tree.stmts?.[0]?.stmt : undefined
  if (!parsed.ok || (parsed.tree.stmts?.length ?? 0) !== 1 || !node || !('SelectStmt' in node)) return
  const stmt = node.SelectStmt
  const from = stmt.fromClause ?? []
  const ranges = from.map((item) => ('RangeVar' in item ? item.RangeVar : undefined))
  if (!stmt.whereClause || ranges.some((range) => range === undefined)) return
  const names = ranges.map((range) => range!.alias?.aliasname ?? range!.relname ?? '')

  const tokens = parser.scan(sql)
  let depth = 0
  let fromAt = -1
  let whereAt = -1
  let whereEnd = tokens.length
  for (let index = 0; index < tokens.length; index++) {
    const word = tokens[index]!.text.toLowerCase()
    if (word === '(') depth++
    else if (word === ')') depth--
    else if (depth !== 0) continue
    else if (fromAt < 0 && word === 'from') fromAt = index
    else if (fromAt >= 0 && whereAt < 0 && word === 'where') whereAt = index
    else if (whereAt >= 0 && AFTER_WHERE.has(word)) {
      whereEnd = index
      break
    }
  }
  if (fromAt < 0 || whereAt < 0) return
  const items = splitTopLevel(tokens.slice(fromAt + 1, whereAt), ',').map((part) => spanText(sql, part))
  const conjunctTokens = splitTopLevel(tokens.slice(whereAt + 1, whereEnd), 'and')
  const where = stmt.whereClause
  const conjuncts =
    'BoolExpr' in where && where.BoolExpr.boolop === 'AND_EXPR' ? (where.BoolExpr.args ?? []) : [where]
  if (items.length !== from.length || conjunctTokens.length !== conjuncts.length) return

  // Which two FROM items each conjunct links, when it is `x.col = y.col`.
  const links = conjuncts.map((conjunct) => linkedItems(conjunct, names))
  const joined = [0]
  const conditions = new Map<number, number[]>()
  const used = new Set<number>()
  for (let progress = true; progress && joined.length < items.length;) {
    progress = false
    for (let item = 1; item < items.length; item++) {
      if (joined.includes(item)) continue
      const mine = links.flatMap((link, index) =>
        link &&
        !used.has(index) &&
        link.includes(item) &&
        joined.includes(link[0] === item ? link[1] : link[0])
          ? [index]
          : [],
      )
      if (mine.length === 0) continue
      mine.forEach((index) => used.add(index))
      conditions.set(item, mine)
      joined.push(item)
      progress = true
    }
  }
  if (joined.length < items.length) return
  const joins = joined.slice(1).map(
    (item) =>
      ` join ${items[item]} on ${conditions
        .get(item)!
        .map((index) => spanText(sql, conjunctTokens[index]!))
        .join(' and ')}`,
  )
  const rest = conjunctTokens.filter((_, index) => !used.has(index)).map((part) => spanText(sql, part))
  return (
    sql.slice(0, tokens[fromAt]!.start) +
    `from ${items[0]}${joins.join('')}` +
    (rest.length > 0 ? ` where ${rest.join(' and ')}` : '') +
    sql.slice(tokens[whereEnd - 1]!.end)
  )
}

function linkedItems(node: Node, names: string[]): [number, number] | undefined {
  if (!('A_Expr' in node) || node.A_Expr.kind !== 'AEXPR_OP') return
  if (stringList(node.A_Expr.name).join('') !== '=') return
  const side = (operand: Node | undefined) => {
    if (!operand || !('ColumnRef' in operand)) return -1
    const parts = stringList(operand.ColumnRef.fields)
    return parts.length === 2 ? names.indexOf(parts[0]!) : -1
  }
  const left = side(node.A_Expr.lexpr)
  const right = side(node.A_Expr.rexpr)
  return left >= 0 && right >= 0 && left !== right ? [left, right] : undefined
}

// ---- a view or a function holding the statement --------------------------------------------------

const VIEW_HINT =
  'Create a view that holds the query, then read the view like a table: filters, order and limit still apply to it.'
const WRITE_HINT =
  'Put the statement in a Postgres function and call it through the RPC endpoint; the call runs it in one transaction.'
const STATEMENTS_HINT =
  'Put the statements in one Postgres function and call it through the RPC endpoint: one request runs them all, in one transaction.'
const NAMES_HINT =
  'Create a view that holds the query and read the view like a table. A view needs a name of its own for each column: list the columns and rename the ones that repeat (AS ...).'

function holdQuery(
  error: TranslateError,
  sql: string,
  parser: SqlParser,
  translates: TranslatesCheck,
): TranslateError {
  const parsed = parser.parse(sql)
  if (!parsed.ok) return { ...error, hint: error.hint || VIEW_HINT }
  const statements = parsed.tree.stmts ?? []
  const body = sql.trim().replace(/;\s*$/, '')
  if (statements.length > 1) {
    const advice = functionAdvice(parser, 'run_statements', 'void', body, false)
    return { ...error, hint: STATEMENTS_HINT, ...(advice ? { advice } : {}) }
  }
  const node = statements[0]?.stmt
  if (!node) return { ...error, hint: error.hint || VIEW_HINT }
  if ('SelectStmt' in node) {
    const stmt = node.SelectStmt
    const table = firstTable(node, cteNames(stmt))
    const base = table ? baseName(table) : 'query'
    const whole = wholeRowTable(stmt)
    if (whole || stmt.lockingClause) {
      const returns = whole ? `setof ${relationText(whole)}` : undefined
      const advice = returns && functionAdvice(parser, `get_${base}`, returns, body, !stmt.lockingClause)
      const hint = error.hint
        ? error.hint
        : whole
          ? `Put the query in a Postgres function that returns rows of ${relationText(whole)}, then call it through the RPC endpoint: filters, order and limit still apply to its rows.`
          : WRITE_HINT
      return { ...error, hint, ...(advice ? { advice } : {}) }
    }
    const names = outputNames(stmt)
    const clash = names === undefined || new Set(names).size !== names.length
    const viewBody = clash ? uniqueNamesBody(body, parser) : body
    const advice = viewBody === undefined ? undefined : viewAdvice(parser, `${base}_view`, viewBody)
    const reversed = reversedJoin(sql, parser)
    if (reversed && translates(reversed.rewrite)) {
      const hint =
        `Join the other way round, from ${reversed.from} to ${reversed.to}: a row of ${reversed.from} has one row of ${reversed.to}, so that join translates, and an inner join returns the same rows either way. ` +
        (advice ? 'Or create a view that holds the query and read the view.' : '')
      return { ...error, hint: hint.trim(), advice: { rewrite: reversed.rewrite, ...(advice ?? {}) } }
    }
    const hint = error.hint || (advice ? VIEW_HINT : NAMES_HINT)
    return { ...error, hint, ...(advice ? { advice } : {}) }
  }
  const write =
    'InsertStmt' in node
      ? { verb: 'insert', stmt: node.InsertStmt }
      : 'UpdateStmt' in node
        ? { verb: 'update', stmt: node.UpdateStmt }
        : 'DeleteStmt' in node
          ? { verb: 'delete', stmt: node.DeleteStmt }
          : undefined
  if (!write?.stmt.relation) return { ...error, hint: error.hint || WRITE_HINT }
  const relation = write.stmt.relation
  const returns = writeReturns(relation, write.stmt.returningClause?.exprs)
  const advice =
    returns && functionAdvice(parser, `${write.verb}_${baseName(relation)}`, returns, body, false)
  return { ...error, hint: error.hint || WRITE_HINT, ...(advice ? { advice } : {}) }
}

// ---- a join written from the other table ---------------------------------------------------------

// Keywords that end a FROM clause at the top level of the statement.
const AFTER_FROM = new Set([...AFTER_WHERE, 'where'])

/**
 * `select ... from a join b on ...` as `select ... from b join a on ...`: an inner join returns
 * the same rows whichever table comes first, and the select list keeps the column order. Offered
 * for two tables joined by INNER JOIN with no bare `*` (whose columns would change order); the
 * caller offers it only when it translates, which a to-many join read from its other end does.
 */
function reversedJoin(
  sql: string,
  parser: SqlParser,
): { rewrite: string; from: string; to: string } | undefined {
  const parsed = parser.parse(sql)
  const node = parsed.ok && (parsed.tree.stmts?.length ?? 0) === 1 ? parsed.tree.stmts?.[0]?.stmt : undefined
  if (!node || !('SelectStmt' in node)) return
  const stmt = node.SelectStmt
  const from = stmt.fromClause ?? []
  const join = from.length === 1 && 'JoinExpr' in from[0]! ? from[0].JoinExpr : undefined
  if (!join || (join.jointype ?? 'JOIN_INNER') !== 'JOIN_INNER' || join.isNatural) return
  if (!join.quals && !join.usingClause) return
  const left = join.larg && 'RangeVar' in join.larg ? join.larg.RangeVar : undefined
  const right = join.rarg && 'RangeVar' in join.rarg ? join.rarg.RangeVar : undefined
  if (!left || !right || stmt.withClause || (stmt.op && stmt.op !== 'SETOP_NONE')) return
  const bareStar = (stmt.targetList ?? []).some((target) => {
    const value = 'ResTarget' in target ? target.ResTarget.val : undefined
    return (
      value !== undefined &&
      'ColumnRef' in value &&
      (value.ColumnRef.fields ?? []).length === 1 &&
      'A_Star' in value.ColumnRef.fields![0]!
    )
  })
  // Unqualified columns are read as the first table's: the rewrite names every column's table.
  if (bareStar || hasUnqualifiedColumn(stmt)) return

  const tokens = parser.scan(sql)
  let depth = 0
  let fromAt = -1
  let joinAt = -1
  let onAt = -1
  let end = tokens.length
  for (let index = 0; index < tokens.length; index++) {
    const word = tokens[index]!.text.toLowerCase()
    if (word === '(') depth++
    else if (word === ')') depth--
    else if (depth !== 0) continue
    else if (fromAt < 0 && word === 'from') fromAt = index
    else if (fromAt < 0) continue
    else if (joinAt < 0 && word === 'join') joinAt = index
    else if (joinAt >= 0 && onAt < 0 && (word === 'on' || word === 'using')) onAt = index
    else if (onAt >= 0 && AFTER_FROM.has(word)) {
      end = index
      break
    }
  }
  if (fromAt < 0 || joinAt < 0 || onAt < 0) return
  // `a inner join b`: the keyword before JOIN is not part of the first table.
  const leftEnd = tokens[joinAt - 1]?.text.toLowerCase() === 'inner' ? joinAt - 1 : joinAt
  const leftText = spanText(sql, tokens.slice(fromAt + 1, leftEnd))
  const rightText = spanText(sql, tokens.slice(joinAt + 1, onAt))
  const condition = spanText(sql, tokens.slice(onAt, end))
  if (!leftText || !rightText || !condition) return
  const rewrite =
    sql.slice(0, tokens[fromAt]!.start) +
    `from ${rightText} join ${leftText} ${condition}` +
    sql.slice(tokens[end - 1]!.end)
  return { rewrite, from: right.relname ?? rightText, to: left.relname ?? leftText }
}

function hasUnqualifiedColumn(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasUnqualifiedColumn)
  if (node === null || typeof node !== 'object') return false
  const ref = (node as { ColumnRef?: { fields?: Node[] } }).ColumnRef
  if (ref) return (ref.fields ?? []).length < 2
  return Object.values(node).some(hasUnqualifiedColumn)
}

// ---- a view needs a name of its own for each column -------------------------------------------------

/**
 * The query with `AS table_column` after each select-list column whose name an earlier column
 * already has (`c.name, p.name` gives `p.name as product_name`), which a view needs; undefined
 * when that cannot be done from the text (a `*`, an alias that repeats).
 */
function uniqueNamesBody(body: string, parser: SqlParser): string | undefined {
  const parsed = parser.parse(body)
  const node = parsed.ok && (parsed.tree.stmts?.length ?? 0) === 1 ? parsed.tree.stmts?.[0]?.stmt : undefined
  if (!node || !('SelectStmt' in node)) return
  const stmt = node.SelectStmt
  if (stmt.withClause || (stmt.op && stmt.op !== 'SETOP_NONE')) return
  const names = outputNames(stmt)
  const targets = stmt.targetList ?? []
  if (!names || names.includes('*') || names.length !== targets.length) return

  const tokens = parser.scan(body)
  let depth = 0
  let selectAt = -1
  let fromAt = tokens.length
  for (let index = 0; index < tokens.length; index++) {
    const word = tokens[index]!.text.toLowerCase()
    if (word === '(') depth++
    else if (word === ')') depth--
    else if (depth !== 0) continue
    else if (selectAt < 0 && word === 'select') selectAt = index
    else if (selectAt >= 0 && word === 'from') {
      fromAt = index
      break
    }
  }
  if (selectAt !== 0) return
  const spans = splitTopLevel(tokens.slice(selectAt + 1, fromAt), ',')
  if (spans.length !== targets.length || spans.some((span) => span.length === 0)) return

  const tables = new Map<string, string>()
  const collect = (item: Node | undefined): void => {
    if (!item) return
    if ('RangeVar' in item) {
      const range = item.RangeVar
      tables.set(range.alias?.aliasname ?? range.relname ?? '', range.relname ?? '')
    } else if ('JoinExpr' in item) {
      collect(item.JoinExpr.larg)
      collect(item.JoinExpr.rarg)
    }
  }
  for (const item of stmt.fromClause ?? []) collect(item)

  const taken = new Set<string>()
  const inserts: { at: number; text: string }[] = []
  for (let index = 0; index < names.length; index++) {
    const name = names[index]!
    if (!taken.has(name)) {
      taken.add(name)
      continue
    }
    const target = targets[index]!
    if (!('ResTarget' in target) || target.ResTarget.name !== undefined) return
    const value = target.ResTarget.val
    const qualifier =
      value && 'ColumnRef' in value ? stringList(value.ColumnRef.fields).slice(0, -1).pop() : undefined
    const table = qualifier === undefined ? undefined : tables.get(qualifier)
    const base = table ? `${singular(table)}_${name}` : `${name}_${index + 1}`
    let alias = base
    for (let n = 2; taken.has(alias); n++) alias = `${base}_${n}`
    taken.add(alias)
    const span = spans[index]!
    inserts.push({ at: span[span.length - 1]!.end, text: ` as ${sqlName(alias)}` })
  }
  let result = body
  for (const { at, text } of inserts.reverse()) result = result.slice(0, at) + text + result.slice(at)
  return result
}

function viewAdvice(parser: SqlParser, name: string, body: string): Advice | undefined {
  const create = `create view ${name} as\n${indent(body)};`
  if (!parses(parser, create)) return undefined
  const call = buildRequest({
    kind: 'select',
    relation: { name },
    select: [{ kind: 'star' }],
    countOnly: false,
    filters: [],
    order: [],
  })
  return { create, call }
}

function functionAdvice(
  parser: SqlParser,
  name: string,
  returns: string,
  body: string,
  readOnly: boolean,
): Advice | undefined {
  const quote = body.includes('$$') ? '$body$' : '$$'
  const create = [
    `create function ${name}()`,
    `returns ${returns}`,
    `language sql${readOnly ? ' stable' : ''}`,
    `as ${quote}`,
    indent(body),
    `${quote};`,
  ].join('\n')
  if (!parses(parser, create)) return undefined
  const call: RequestModel = buildRequest({
    kind: 'rpc',
    relation: { name },
    args: {},
    filters: [],
    order: [],
  })
  return { create, call }
}

function parses(parser: SqlParser, sql: string): boolean {
  const parsed = parser.parse(sql)
  return parsed.ok && (parsed.tree.stmts?.length ?? 0) === 1
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : `  ${line}`))
    .join('\n')
}

/** What a function returns for the rows of a write: nothing, the table's rows, or some columns. */
function writeReturns(relation: RangeVar, returning: Node[] | undefined): string | undefined {
  if (!returning || returning.length === 0) return 'void'
  const table = relationText(relation)
  const reference = relation.alias?.aliasname ?? relation.relname
  const columns: string[] = []
  for (const target of returning) {
    const value = 'ResTarget' in target ? target.ResTarget.val : undefined
    if (!value || !('ColumnRef' in value)) return undefined
    const fields = value.ColumnRef.fields ?? []
    const star = fields.some((field) => 'A_Star' in field)
    const parts = stringList(fields.filter((field) => 'String' in field))
    if (parts.length === 2 && parts[0] !== reference) return undefined
    if (star) {
      if (returning.length > 1) return undefined
      return `setof ${table}`
    }
    const column = parts[parts.length - 1]!
    const alias = 'ResTarget' in target ? target.ResTarget.name : undefined
    // A column's own type, whatever it is: `books.title%type`.
    columns.push(`${sqlName(alias ?? column)} ${table}.${sqlName(column)}%type`)
  }
  return `table (${columns.join(', ')})`
}

/** `select *` or `select t.*` from one table: the query returns whole rows of that table. */
function wholeRowTable(stmt: SelectStmt): RangeVar | undefined {
  if (stmt.op && stmt.op !== 'SETOP_NONE') return undefined
  const from = stmt.fromClause ?? []
  const only = from.length === 1 && 'RangeVar' in from[0]! ? from[0].RangeVar : undefined
  if (!only || (only.schemaname === undefined && cteNames(stmt).has(only.relname ?? ''))) return undefined
  const targets = stmt.targetList ?? []
  const value = targets.length === 1 && 'ResTarget' in targets[0]! ? targets[0].ResTarget.val : undefined
  if (!value || !('ColumnRef' in value)) return undefined
  const fields = value.ColumnRef.fields ?? []
  if (!fields.some((field) => 'A_Star' in field)) return undefined
  const qualifier = stringList(fields.filter((field) => 'String' in field))
  const reference = only.alias?.aliasname ?? only.relname
  return qualifier.length === 0 || qualifier[qualifier.length - 1] === reference ? only : undefined
}

function cteNames(stmt: SelectStmt): Set<string> {
  const names = (stmt.withClause?.ctes ?? []).map((cte) =>
    'CommonTableExpr' in cte ? (cte.CommonTableExpr.ctename ?? '') : '',
  )
  return new Set(names)
}

/** The first table the statement reads, depth first: it names the view or function. */
function firstTable(node: unknown, skip: Set<string>): RangeVar | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = firstTable(item, skip)
      if (found) return found
    }
    return undefined
  }
  if (node === null || typeof node !== 'object') return undefined
  const range = (node as { RangeVar?: RangeVar }).RangeVar
  if (range?.relname && !(range.schemaname === undefined && skip.has(range.relname))) return range
  for (const value of Object.values(node)) {
    const found = firstTable(value, skip)
    if (found) return found
  }
  return undefined
}

/**
 * The column names Postgres gives the select list, as far as they can be known from the text;
 * undefined when `*` hides them. A view refuses two columns of the same name.
 */
function outputNames(stmt: SelectStmt): string[] | undefined {
  if (stmt.op && stmt.op !== 'SETOP_NONE') return stmt.larg ? outputNames(stmt.larg) : undefined
  if (stmt.valuesLists)
    return (
      stmt.valuesLists[0] && 'List' in stmt.valuesLists[0] ? (stmt.valuesLists[0].List.items ?? []) : []
    ).map((_, index) => `column${index + 1}`)
  const names: string[] = []
  for (const target of stmt.targetList ?? []) {
    if (!('ResTarget' in target)) return undefined
    if (target.ResTarget.name !== undefined) {
      names.push(target.ResTarget.name)
      continue
    }
    const value = target.ResTarget.val
    if (!value) return undefined
    if ('ColumnRef' in value && (value.ColumnRef.fields ?? []).some((field) => 'A_Star' in field)) {
      // `*` of one FROM item cannot clash with itself; of several, it may.
      const from = stmt.fromClause ?? []
      if (from.length !== 1 || 'JoinExpr' in from[0]!) return undefined
      names.push('*')
      continue
    }
    names.push(columnName(value))
  }
  return names
}

/** The name Postgres gives an unnamed select-list expression. */
function columnName(node: Node): string {
  if ('ColumnRef' in node) return stringList(node.ColumnRef.fields).pop() ?? '?column?'
  if ('FuncCall' in node) return stringList(node.FuncCall.funcname).pop() ?? '?column?'
  if ('TypeCast' in node && node.TypeCast.arg) {
    const inner = columnName(node.TypeCast.arg)
    return inner !== '?column?' ? inner : (stringList(node.TypeCast.typeName?.names).pop() ?? inner)
  }
  if ('CaseExpr' in node) return 'case'
  if ('CoalesceExpr' in node) return 'coalesce'
  return '?column?'
}

function baseName(range: RangeVar): string {
  return (range.relname ?? 'query').toLowerCase().replace(/[^a-z0-9_]+/g, '_')
}

function sqlName(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`
}

function relationText(range: RangeVar): string {
  const name = sqlName(range.relname ?? '')
  return range.schemaname ? `${sqlName(range.schemaname)}.${name}` : name
}
