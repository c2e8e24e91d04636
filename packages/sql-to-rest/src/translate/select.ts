/** SELECT statements: reads of tables and views, and calls of set-returning functions. */
import type { JoinExpr, Node, RangeFunction, RangeVar, SelectStmt, SortBy } from 'libpg-query'
import { unimplemented, unsupported, unsupportedWith } from '../errors'
import type {
  FilterNode,
  JsonObject,
  JsonValue,
  Operation,
  OrderTerm,
  ReadShape,
  Note,
  Relation,
  Warning,
} from '../model'
import { buildRequest } from '../request'
import { nodeLocation, operatorName, rejectNode, stringList } from './ast'
import { translateWhere, type FilterContext } from './filters'
import { readColumn, Scope, ScopeTable, type JoinInfo } from './scope'
import { fieldKey, SelectListBuilder } from './select-list'
import { constantJson, readConstant } from './values'

export interface StatementContext {
  warnings: Warning[]
  notes: Note[]
}

export function translateSelect(stmt: SelectStmt, node: Node, context: StatementContext): Operation {
  rejectSelectClauses(stmt, node)
  const from = stmt.fromClause ?? []
  const first = from[0]
  if (!first) {
    return unsupported(
      'A SELECT without FROM has no PostgREST equivalent.',
      'Select from a table or view, or call a function with select * from my_function(...).',
      nodeLocation(node),
    )
  }
  if (from.length > 1) {
    return unsupportedWith(
      'Listing several tables in FROM (a comma join) has no PostgREST equivalent.',
      { kind: 'comma-join' },
      nodeLocation(from[1]),
    )
  }
  if ('RangeFunction' in first) return translateFunctionCall(stmt, first.RangeFunction, first, context)
  const scope = buildScope(first)
  return translateTableRead(stmt, scope, context)
}

function rejectSelectClauses(stmt: SelectStmt, node: Node): void {
  const reject = (what: string, hint?: string): never => unsupported(what, hint, nodeLocation(node))
  if (stmt.withClause) reject('WITH (common table expressions) has no PostgREST equivalent.')
  if (stmt.op && stmt.op !== 'SETOP_NONE') {
    reject(`${stmt.op.replace('SETOP_', '')} has no PostgREST equivalent: each request reads one table.`)
  }
  if (stmt.valuesLists) reject('A VALUES list has no PostgREST equivalent.')
  if (stmt.distinctClause) reject('DISTINCT has no PostgREST equivalent.')
  if (stmt.havingClause) reject('HAVING has no PostgREST equivalent: PostgREST cannot filter on aggregates.')
  if (stmt.windowClause) reject('WINDOW has no PostgREST equivalent.')
  if (stmt.lockingClause) reject('FOR UPDATE/FOR SHARE has no PostgREST equivalent.')
  if (stmt.intoClause) {
    reject(
      'SELECT INTO creates a table, which PostgREST cannot do.',
      'Read the rows with the SELECT alone; to keep them, create a table or a view in a migration.',
    )
  }
  if (stmt.limitOption === 'LIMIT_OPTION_WITH_TIES')
    reject('FETCH ... WITH TIES has no PostgREST equivalent.')
  if (stmt.groupDistinct) reject('GROUP BY DISTINCT has no PostgREST equivalent.')
}

function relationOf(range: RangeVar): Relation {
  if (!range.inh) {
    unsupported(
      'ONLY has no PostgREST equivalent: PostgREST always reads inheriting tables too.',
      'Remove ONLY.',
      range.location,
    )
  }
  const relation: Relation = { name: range.relname ?? '' }
  if (range.schemaname && range.schemaname !== 'public') relation.schema = range.schemaname
  if (range.catalogname) {
    unsupported(
      'A database name before the schema has no PostgREST equivalent.',
      'Name the table as schema.table.',
      range.location,
    )
  }
  return relation
}

function buildScope(from: Node): Scope {
  const joins: { join: JoinExpr; node: Node }[] = []
  let current: Node = from
  while ('JoinExpr' in current) {
    joins.unshift({ join: current.JoinExpr, node: current })
    const left = current.JoinExpr.larg
    if (!left) return rejectNode(current, 'FROM')
    current = left
  }
  if (!('RangeVar' in current)) return fromItemError(current)
  const mainRange = current.RangeVar
  const main = new ScopeTable(relationOf(mainRange), mainRange.alias?.aliasname ?? mainRange.relname ?? '')
  const scope = new Scope(main)
  for (const { join, node } of joins) scope.add(joinedTable(join, node, scope))
  return scope
}

function fromItemError(node: Node): never {
  if ('RangeSubselect' in node) {
    return unsupported('A subquery in FROM has no PostgREST equivalent.', undefined, nodeLocation(node))
  }
  if ('RangeFunction' in node) {
    return unsupported(
      'A function call can only be the whole FROM clause.',
      'Call the function on its own: select * from my_function(...).',
      nodeLocation(node),
    )
  }
  return rejectNode(node, 'FROM')
}

function joinedTable(join: JoinExpr, node: Node, scope: Scope): ScopeTable {
  const right = join.rarg
  if (!right || !('RangeVar' in right)) {
    if (right && 'JoinExpr' in right) {
      return unsupported(
        'A parenthesised join has no PostgREST equivalent.',
        'Write the joins one after the other.',
        nodeLocation(node),
      )
    }
    return right ? fromItemError(right) : rejectNode(node, 'FROM')
  }
  const range = right.RangeVar
  const relation = relationOf(range)
  const location = range.location
  if ((relation.schema ?? 'public') !== (scope.main.relation.schema ?? 'public')) {
    return unsupported(
      'PostgREST embeds tables of the same schema only.',
      'Join tables of one schema, or expose the query as a view.',
      location,
    )
  }
  const kind = join.jointype ?? 'JOIN_INNER'
  if (kind !== 'JOIN_INNER' && kind !== 'JOIN_LEFT') {
    const name = kind.replace('JOIN_', '')
    return unsupported(
      `${name} JOIN has no PostgREST equivalent.`,
      'Use an INNER or LEFT JOIN from the table whose rows you want.',
      location,
    )
  }
  if (join.isNatural) {
    return unsupported(
      'NATURAL JOIN has no PostgREST equivalent.',
      'Write the join condition with ON, using the foreign key columns.',
      location,
    )
  }
  const reference = range.alias?.aliasname ?? relation.name
  const draft = new ScopeTable(relation, reference)
  let parent: ScopeTable
  let hint: string | undefined
  if (join.usingClause) {
    const columns = stringList(join.usingClause)
    parent = scope.main
    hint = columns.length === 1 ? columns[0] : undefined
  } else if (join.quals) {
    ;({ parent, hint } = readJoinCondition(join.quals, draft, scope))
  } else {
    return unsupported(
      'CROSS JOIN has no PostgREST equivalent.',
      'Join on the foreign key columns with JOIN ... ON.',
      location,
    )
  }
  const joinInfo: JoinInfo = { parent, inner: kind === 'JOIN_INNER' }
  if (hint !== undefined) joinInfo.hint = hint
  return new ScopeTable(relation, reference, joinInfo)
}

/** ON a.x = b.y [AND ...]: finds the table joined to, and a foreign key hint for one column. */
function readJoinCondition(
  quals: Node,
  joined: ScopeTable,
  scope: Scope,
): { parent: ScopeTable; hint?: string } {
  const equalities =
    'BoolExpr' in quals && quals.BoolExpr.boolop === 'AND_EXPR' ? (quals.BoolExpr.args ?? []) : [quals]
  const draftScope = new Scope(scope.main)
  for (const table of scope.tables) if (table !== scope.main) draftScope.add(table)
  draftScope.add(joined)
  let parent: ScopeTable | undefined
  const pairs: { own: string; other: string }[] = []
  for (const equality of equalities) {
    const expr = 'A_Expr' in equality ? equality.A_Expr : undefined
    const left = expr?.lexpr && readColumn(expr.lexpr, draftScope)
    const right = expr?.rexpr && readColumn(expr.rexpr, draftScope)
    const plain = (column: typeof left) => column && !column.star && column.field.jsonPath.length === 0
    if (
      !expr ||
      expr.kind !== 'AEXPR_OP' ||
      operatorName(expr.name) !== '=' ||
      !plain(left) ||
      !plain(right)
    ) {
      return unsupportedWith(
        'PostgREST joins follow foreign keys: the ON clause must compare columns with =.',
        { kind: 'hold-query' },
        nodeLocation(equality),
        'Write ON child.foreign_key = parent.id; for any other condition, create a view that holds the query and read the view.',
      )
    }
    const [own, other] = left!.table === joined ? [left!, right!] : [right!, left!]
    if (own.table !== joined || other.table === joined) {
      return unsupported(
        `The ON clause must link ${joined.reference} to a table joined before it.`,
        'Qualify both columns with their table names.',
        nodeLocation(equality),
      )
    }
    if (parent && other.table !== parent) {
      return unsupported('An ON clause may link to one other table only.', undefined, nodeLocation(equality))
    }
    parent = other.table
    pairs.push({ own: own.field.column, other: other.field.column })
  }
  if (!parent) return rejectNode(quals, 'ON')
  const only = pairs.length === 1 ? pairs[0] : undefined
  if (!only) return { parent }
  // The hint names the foreign key column; `id` is most likely the referenced side.
  const hint = only.other === 'id' && only.own !== 'id' ? only.own : only.other
  return { parent, hint }
}

function translateTableRead(stmt: SelectStmt, scope: Scope, context: StatementContext): Operation {
  const builder = new SelectListBuilder(scope)
  const targets = stmt.targetList ?? []
  for (const target of targets) {
    if (!('ResTarget' in target)) return rejectNode(target, 'the select list')
    builder.add(target.ResTarget, target)
  }
  const filterContext: FilterContext = { scope, warnings: context.warnings, used: new Set() }
  const shape = readShape(stmt, filterContext)
  checkGrouping(stmt, builder, scope)
  const loneCount = isLoneCount(stmt)
  // A lone count gets a note that says the same, beside its lighter alternative.
  if (builder.aggregates > 0 && !loneCount) {
    context.warnings.push({
      code: 'aggregates-need-enabling',
      message:
        'Aggregate functions run only when the server enables them (PostgREST setting db-aggregates-enabled).',
    })
  }
  // Inner joins filter the main rows, and filtered or ordered tables must be embedded too.
  for (const table of scope.tables) {
    if (table.join?.inner || filterContext.used.has(table)) builder.ensureEmbedded(table)
  }
  builder.renameCollidingSpreadColumns(context.notes, context.warnings)
  warnAboutLeftJoinFilters(shape.filters, scope, context)
  const operation: Operation = {
    kind: 'select',
    relation: scope.main.relation,
    select: builder.root,
    countOnly: false,
    ...shape,
  }
  if (loneCount && shape.limit === undefined && shape.offset === undefined) {
    const embeds = builder.root.filter((item) => item.kind === 'embed')
    context.notes.push({
      code: 'count-in-header',
      message:
        'select=count() returns one row with the count, like the SQL, but count() is an aggregate, which the ' +
        'server runs only with db-aggregates-enabled (off by default). The lighter request works on any ' +
        'server: HEAD with Prefer: count=exact returns no rows, only the total after the slash in the ' +
        'Content-Range header.',
      alternative: buildRequest({
        ...operation,
        select: [{ kind: 'star' }, ...embeds],
        countOnly: true,
        order: [],
      }),
    })
  }
  return operation
}

/** `select count(*) from t`: one row with the number of rows, which a HEAD request can also give. */
function isLoneCount(stmt: SelectStmt): boolean {
  const targets = stmt.targetList ?? []
  if (targets.length !== 1 || stmt.groupClause) return false
  const target = targets[0]!
  if (!('ResTarget' in target)) return false
  const value = target.ResTarget.val
  if (!value || !('FuncCall' in value)) return false
  const call = value.FuncCall
  return (
    stringList(call.funcname).join('.').toLowerCase() === 'count' &&
    call.agg_star === true &&
    !call.agg_filter &&
    !call.over
  )
}

function warnAboutLeftJoinFilters(filters: FilterNode[], scope: Scope, context: StatementContext): void {
  const leftJoined = scope.tables.filter((table) => table.join && !table.join.inner)
  for (const table of leftJoined) {
    const path = JSON.stringify(table.embedPath)
    const filtered = filters.some(
      (filter) => JSON.stringify(filter.embedPath.slice(0, table.embedPath.length)) === path,
    )
    if (filtered) {
      context.warnings.push({
        code: 'left-join-filter',
        message: `A filter on the left-joined table ${table.reference} only filters the embedded rows in PostgREST; in SQL it also drops rows of ${scope.main.reference}. Use INNER JOIN for the SQL behaviour.`,
      })
    }
  }
}

function checkGrouping(stmt: SelectStmt, builder: SelectListBuilder, scope: Scope): void {
  const groups = stmt.groupClause ?? []
  if (groups.length === 0) {
    if (builder.aggregates > 0 && builder.plainFields.length > 0) {
      unsupported(
        'Columns next to an aggregate must appear in GROUP BY.',
        'Add GROUP BY with every column that is not aggregated.',
      )
    }
    return
  }
  if (builder.aggregates === 0) {
    unsupported(
      'GROUP BY without an aggregate works like DISTINCT, which PostgREST does not offer.',
      'Remove GROUP BY, or add an aggregate such as count(*).',
    )
  }
  const grouped = new Set<string>()
  for (const group of groups) {
    const column = readColumn(group, scope)
    if (!column || column.star) {
      return unsupported(
        'PostgREST groups by columns only.',
        'List the selected columns in GROUP BY.',
        nodeLocation(group),
      )
    }
    grouped.add(fieldKey(column))
  }
  const selected = new Set(builder.plainFields.map((field) => field.key))
  const same = grouped.size === selected.size && [...grouped].every((key) => selected.has(key))
  if (!same) {
    unsupported(
      'PostgREST groups by exactly the selected columns that are not aggregated.',
      'Make GROUP BY list the same columns as the select list (without the aggregates).',
      nodeLocation(groups[0]),
    )
  }
}

function readShape(stmt: SelectStmt, context: FilterContext): ReadShape {
  const filters = stmt.whereClause ? translateWhere(stmt.whereClause, context) : []
  const order = (stmt.sortClause ?? []).map((sort) => {
    if (!('SortBy' in sort)) return rejectNode(sort, 'ORDER BY')
    return orderTerm(sort.SortBy, sort.SortBy.node ?? sort, context)
  })
  const shape: ReadShape = { filters, order }
  const limit = stmt.limitCount ? rowCount(stmt.limitCount, 'LIMIT') : undefined
  const offset = stmt.limitOffset ? rowCount(stmt.limitOffset, 'OFFSET') : undefined
  if (limit !== undefined) shape.limit = limit
  if (offset !== undefined && offset !== 0) shape.offset = offset
  return shape
}

function orderTerm(sort: SortBy, node: Node, context: FilterContext): OrderTerm {
  if (sort.sortby_dir === 'SORTBY_USING') {
    return unsupported(
      'ORDER BY ... USING has no PostgREST equivalent.',
      'Use ASC or DESC.',
      nodeLocation(node),
    )
  }
  const column = sort.node ? readColumn(sort.node, context.scope) : undefined
  if (!column || column.star) {
    return unsupported(
      'PostgREST orders by columns only.',
      'Name the column (not its position or an expression).',
      nodeLocation(sort.node),
    )
  }
  const term: OrderTerm = {
    field: column.field,
    direction: sort.sortby_dir === 'SORTBY_DESC' ? 'desc' : 'asc',
  }
  if (sort.sortby_nulls === 'SORTBY_NULLS_FIRST') term.nulls = 'first'
  if (sort.sortby_nulls === 'SORTBY_NULLS_LAST') term.nulls = 'last'
  const path = column.table.embedPath
  if (path.length > 1) {
    return unimplemented(
      'Ordering by a column of a table joined through another one is not translated.',
      'Order by a column of the main table or of a table joined to it directly.',
      nodeLocation(node),
    )
  }
  if (path.length === 1) {
    term.embed = path[0]!
    context.used.add(column.table)
  }
  return term
}

function rowCount(node: Node, clause: string): number | undefined {
  if ('A_Const' in node && node.A_Const.isnull) return undefined // LIMIT ALL / LIMIT NULL
  const constant = readConstant(node, { warnings: [], where: clause })
  const text = constant?.kind === 'scalar' && constant.numeric ? constant.value.text : undefined
  const count = text === undefined ? NaN : Number(text)
  if (!Number.isSafeInteger(count) || count < 0) {
    return unsupported(
      `${clause} must be a non-negative whole number.`,
      `Write ${clause} 10.`,
      nodeLocation(node),
    )
  }
  return count
}

function translateFunctionCall(
  stmt: SelectStmt,
  range: RangeFunction,
  node: Node,
  context: StatementContext,
): Operation {
  if (range.lateral || range.ordinality || range.is_rowsfrom || range.coldeflist) {
    return unsupported(
      'LATERAL, WITH ORDINALITY, ROWS FROM and column definitions have no PostgREST equivalent.',
      undefined,
      nodeLocation(node),
    )
  }
  const call = range.functions?.[0]
  const callNode = call && 'List' in call ? call.List.items?.[0] : undefined
  if (!callNode || !('FuncCall' in callNode) || (range.functions?.length ?? 0) > 1)
    return rejectNode(node, 'FROM')
  const fn = callNode.FuncCall
  const names = stringList(fn.funcname)
  const relation: Relation = { name: names[names.length - 1] ?? '' }
  if (names.length > 1 && names[0] !== 'public') relation.schema = names[0]!
  if (fn.func_variadic)
    return unsupported('VARIADIC arguments have no PostgREST equivalent.', undefined, nodeLocation(callNode))
  const args = functionArguments(fn.args ?? [], context)
  const main = new ScopeTable(relation, range.alias?.aliasname ?? relation.name)
  const scope = new Scope(main)
  const builder = new SelectListBuilder(scope)
  const targets = stmt.targetList ?? []
  const selectsAll =
    targets.length === 1 &&
    'ResTarget' in targets[0]! &&
    targets[0].ResTarget.val !== undefined &&
    'ColumnRef' in targets[0].ResTarget.val &&
    (targets[0].ResTarget.val.ColumnRef.fields ?? []).some((field) => 'A_Star' in field)
  if (!selectsAll) {
    for (const target of targets) {
      if (!('ResTarget' in target)) return rejectNode(target, 'the select list')
      builder.add(target.ResTarget, target)
    }
  }
  const shape = readShape(stmt, { scope, warnings: context.warnings, used: new Set() })
  checkGrouping(stmt, builder, scope)
  const operation: Operation = { kind: 'rpc', relation, args, ...shape }
  if (!selectsAll) operation.select = builder.root
  return operation
}

function functionArguments(args: Node[], context: StatementContext): JsonValue {
  const valueContext = { warnings: context.warnings, where: 'a function argument' }
  const named = args.filter((arg) => 'NamedArgExpr' in arg)
  if (named.length === args.length) {
    const body: JsonObject = {}
    for (const arg of named) {
      if (!('NamedArgExpr' in arg) || !arg.NamedArgExpr.arg) return rejectNode(arg, 'a function argument')
      const constant = readConstant(arg.NamedArgExpr.arg, valueContext)
      if (!constant) return rejectNode(arg.NamedArgExpr.arg, 'a function argument', 'Pass constant values.')
      body[arg.NamedArgExpr.name ?? ''] = constantJson(constant)
    }
    return body
  }
  // One unnamed json/jsonb argument: PostgREST passes the request body to it as is.
  const only = args.length === 1 ? args[0]! : undefined
  const constant = only ? readConstant(only, valueContext) : undefined
  if (constant?.kind === 'json' && constant.value !== null && typeof constant.value === 'object') {
    return constant.value
  }
  return unsupported(
    'PostgREST passes function arguments by name, so positional arguments cannot be sent.',
    'Name each argument: select * from my_function(a => 1, b => 2). A function with one unnamed json parameter can take a JSON literal.',
    nodeLocation(args[0]),
  )
}
