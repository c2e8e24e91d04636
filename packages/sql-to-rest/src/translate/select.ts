/** SELECT statements: reads of tables and views, and calls of set-returning functions. */
import type { JoinExpr, Node, RangeFunction, RangeVar, SelectStmt, SortBy } from 'libpg-query'
import { unimplemented, unsupported, unsupportedWith } from '../errors'
import { selectText } from '@docs/postgrest-request'
import type {
  FilterNode,
  JsonObject,
  JsonValue,
  Note,
  Operation,
  OrderTerm,
  ReadShape,
  Relation,
  SelectEmbed,
  SelectItem,
  SelectOperation,
  Warning,
} from '@docs/postgrest-request'
import { buildRequest } from '@docs/postgrest-request'
import { leftmostLocation, nodeLocation, operatorName, rejectNode, stringList } from './ast'
import { translateWhere, type FilterContext } from './filters'
import { readColumn, Scope, ScopeTable, type JoinInfo } from './scope'
import { fieldKey, SelectListBuilder, selectsNothing, singular } from './select-list'
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
  const reject = (what: string, hint?: string, at?: number): never =>
    unsupported(what, hint, at ?? nodeLocation(node))
  if (stmt.withClause)
    // The parser leaves out a location of 0: a WITH without one starts the text.
    reject(
      'WITH (common table expressions) has no PostgREST equivalent.',
      undefined,
      stmt.withClause.location ?? 0,
    )
  if (stmt.op && stmt.op !== 'SETOP_NONE') {
    reject(`${stmt.op.replace('SETOP_', '')} has no PostgREST equivalent: each request reads one table.`)
  }
  if (stmt.valuesLists) reject('A VALUES list has no PostgREST equivalent.')
  if (stmt.distinctClause) reject('DISTINCT has no PostgREST equivalent.')
  if (stmt.havingClause) {
    reject(
      'HAVING has no PostgREST equivalent: PostgREST cannot filter on aggregates.',
      undefined,
      leftmostLocation(stmt.havingClause),
    )
  }
  if (stmt.windowClause)
    reject('WINDOW has no PostgREST equivalent.', undefined, nodeLocation(stmt.windowClause[0]))
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
  let pairs: ColumnPair[]
  if (join.usingClause) {
    parent = scope.main
    pairs = stringList(join.usingClause).map((column) => ({ own: column, other: column }))
  } else if (join.quals) {
    ;({ parent, pairs } = readJoinCondition(join.quals, draft, scope))
  } else {
    return unsupported(
      'CROSS JOIN has no PostgREST equivalent.',
      'Join on the foreign key columns with JOIN ... ON.',
      location,
    )
  }
  const joinInfo = relationshipOf(pairs, parent, draft, kind === 'JOIN_INNER', location)
  return new ScopeTable(relation, reference, joinInfo)
}

/** One `joined.own = parent.other` of a join condition. */
interface ColumnPair {
  own: string
  other: string
}

/** ON a.x = b.y [AND ...]: finds the table joined to and the pairs of columns compared. */
function readJoinCondition(
  quals: Node,
  joined: ScopeTable,
  scope: Scope,
): { parent: ScopeTable; pairs: ColumnPair[] } {
  const equalities =
    'BoolExpr' in quals && quals.BoolExpr.boolop === 'AND_EXPR' ? (quals.BoolExpr.args ?? []) : [quals]
  const draftScope = new Scope(scope.main)
  for (const table of scope.tables) if (table !== scope.main) draftScope.add(table)
  draftScope.add(joined)
  let parent: ScopeTable | undefined
  const pairs: ColumnPair[] = []
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
  return { parent, pairs }
}

/**
 * Which way the foreign key of a join points, read from the column names the way schemas name
 * them: the referenced column is `id` (or `author_id` in `authors`), the referencing one is not.
 *
 * - `to-one`: the parent's column refers to the joined table (books.author_id = authors.id);
 * - `to-many`: the joined table's column refers to the parent (books.author_id = authors.id, read
 *   from authors);
 * - `keys`: both columns look like keys (products.id = categories.id), no direction;
 * - `unknown`: neither does (a.code = b.country_code).
 */
type Direction = 'to-one' | 'to-many' | 'keys' | 'unknown'

function directionOf(pair: ColumnPair, parent: Relation, joined: Relation): Direction {
  const ownKey = isKeyLike(pair.own, joined)
  const otherKey = isKeyLike(pair.other, parent)
  if (ownKey && otherKey) return 'keys'
  if (ownKey) return 'to-one'
  if (otherKey) return 'to-many'
  return 'unknown'
}

function isKeyLike(column: string, table: Relation): boolean {
  return column === 'id' || column === `${singular(table.name)}_id` || column === `${table.name}_id`
}

/**
 * The embedded relationship of a join, or a refusal when PostgREST would join differently or
 * cannot return the join's rows:
 *
 * - PostgREST 12.2 spreads to-one relationships only (Plan.hs validateSpreadEmbeds answers
 *   PGRST119 otherwise), and a nested to-many embed returns each parent row once, not once per
 *   pair as the join does: a to-many join is refused.
 * - A hint names a foreign key by a column of either side (Plan.hs findRel matches it against the
 *   referencing and the referenced column), so `!id` picks any foreign key that references the
 *   embedded table's id: a join of key to key (`using (id)`) is refused.
 * - A self-reference is embedded by its foreign key column: with a hint, findRel reads a
 *   self-relationship as the to-many side (the rows that point to this one).
 */
function relationshipOf(
  pairs: ColumnPair[],
  parent: ScopeTable,
  joined: ScopeTable,
  inner: boolean,
  location: number | undefined,
): JoinInfo {
  const directions = pairs.map((pair) => directionOf(pair, parent.relation, joined.relation))
  const describe = (pair: ColumnPair) => `${joined.reference}.${pair.own} = ${parent.reference}.${pair.other}`
  const toMany = pairs.find((_, index) => directions[index] === 'to-many')
  const toOne = pairs.find((_, index) => directions[index] === 'to-one')
  if (toMany && toOne) {
    return unsupportedWith(
      `The join condition of ${joined.reference} points both ways: ${describe(toOne)} reads as a foreign key of ${parent.reference}, ${describe(toMany)} as one of ${joined.reference}. PostgREST joins along one foreign key.`,
      { kind: 'hold-query' },
      location,
    )
  }
  if (toMany) return refuseToMany(toMany, parent, joined, inner, location)
  if (!toOne && directions.includes('keys')) {
    const pair = pairs[directions.indexOf('keys')]!
    return unsupportedWith(
      `PostgREST joins along foreign keys, and ${describe(pair)} compares two key columns: it names no foreign key. ` +
        `The hint PostgREST would need cannot say it either: a hint such as !${pair.own} is matched against the referenced column too (Plan.hs findRel), so ${joined.relation.name}!${pair.own} joins along whichever foreign key references ${joined.relation.name}.${pair.own}, a different join.`,
      { kind: 'hold-query' },
      location,
      `Join on a foreign key: ON ${joined.reference}.id = ${parent.reference}.${singular(joined.relation.name)}_id, the referencing column on one side and the referenced key on the other. For a join on other columns, create a view that holds the query and read the view.`,
    )
  }
  const info: JoinInfo = { parent, inner }
  const only = pairs.length === 1 ? pairs[0]! : undefined
  const self =
    parent.relation.name === joined.relation.name &&
    (parent.relation.schema ?? 'public') === (joined.relation.schema ?? 'public')
  if (self) {
    // The column names the foreign key, and its referenced column is the joined row's key.
    if (!toOne) {
      return unsupportedWith(
        `PostgREST embeds the row that ${parent.reference} points to in its own table by the foreign key column, joined to the key of that row; ${describe(pairs[0]!)} does not compare a foreign key column with a key (id).`,
        { kind: 'hold-query' },
        location,
      )
    }
    if (!only) {
      return unsupportedWith(
        `PostgREST embeds the row that ${parent.reference} points to in its own table by the foreign key column, and a join on several columns names none.`,
        { kind: 'hold-query' },
        location,
      )
    }
    // `employees?select=manager_id(name)`: the column names the to-one side of a self-reference.
    info.target = only.other
    return info
  }
  // The hint names the foreign key by its referencing column, the parent's.
  if (only) info.hint = only.other
  return info
}

function refuseToMany(
  pair: ColumnPair,
  parent: ScopeTable,
  joined: ScopeTable,
  inner: boolean,
  location: number | undefined,
): never {
  const many = joined.relation.name
  const one = parent.relation.name
  return unsupportedWith(
    `PostgREST 12.2 cannot return the rows of this join: ${joined.reference}.${pair.own} refers to ${parent.reference}.${pair.other}, so a row of ${one} has many rows of ${many}. ` +
      `PostgREST spreads only a to-one relationship (...${many}(...) is refused with PGRST119), and an embedded ${many}(...) returns each row of ${one} once, with its ${many} in an array${inner ? ` (${many}!inner() keeps the rows of ${one} that have one)` : ''}, where the join returns one row per pair.`,
    { kind: 'hold-query' },
    location,
  )
}

function translateTableRead(stmt: SelectStmt, scope: Scope, context: StatementContext): Operation {
  const builder = new SelectListBuilder(scope)
  const targets = stmt.targetList ?? []
  for (const target of targets) {
    if (!('ResTarget' in target)) return rejectNode(target, 'the select list')
    builder.add(target.ResTarget, target)
  }
  const filterContext: FilterContext = { scope, warnings: context.warnings, used: new Set() }
  const related: RelatedOrder[] = []
  const shape = readShape(stmt, filterContext, related)
  checkGrouping(stmt, builder, scope)
  const loneCount = isLoneCount(stmt)
  // Inner joins filter the main rows, and filtered or ordered tables must be embedded too.
  for (const table of scope.tables) {
    if (table.join?.inner || filterContext.used.has(table)) builder.ensureEmbedded(table)
  }
  builder.renameCollidingSpreadColumns(context.notes, context.warnings)
  nameSpreadAggregates(builder.root, false, builder)
  rejectEmptyEmbedsInSpreads(builder.root, builder)
  resolveRelatedOrders(related, builder)
  warnAboutLeftJoinFilters(shape.filters, related, scope, context)
  const operation: SelectOperation = {
    kind: 'select',
    relation: scope.main.relation,
    select: builder.root,
    countOnly: false,
    ...shape,
  }
  const emptyEmbeds = builder.root.filter(
    (item): item is SelectEmbed => item.kind === 'embed' && selectsNothing(item),
  )
  if (builder.aggregates > 0 && emptyEmbeds.length > 0) {
    if (loneCount) return countInHeader(operation, emptyEmbeds, builder, context)
    return refuseAggregateBesideEmptyEmbed(emptyEmbeds[0]!, builder)
  }
  // A lone count gets a note that says the same, beside its lighter alternative.
  if (builder.aggregates > 0 && !loneCount) {
    context.warnings.push({
      code: 'aggregates-need-enabling',
      message:
        'Aggregate functions run only when the server enables them (PostgREST setting db-aggregates-enabled).',
    })
  }
  if (loneCount && shape.limit === undefined && shape.offset === undefined) {
    context.notes.push({
      code: 'count-in-header',
      message:
        'select=count() returns one row with the count, like the SQL, but count() is an aggregate, which the ' +
        'server runs only with db-aggregates-enabled (off by default). The lighter request works on any ' +
        'server: HEAD with Prefer: count=exact returns no rows, only the total after the slash in the ' +
        'Content-Range header.',
      alternative: buildRequest({
        ...operation,
        select: [{ kind: 'star' }],
        countOnly: true,
        count: 'exact',
        order: [],
      }),
    })
  }
  return operation
}

/**
 * `select count(*)` beside an embed that selects nothing (a join that only filters, or keeps the
 * rows an inner join keeps): PostgREST 12.2 puts every embed in GROUP BY, the empty one too
 * (SqlFragment.hs groupF and groupTermFromRelSelectField), so `select=count(),categories!inner()`
 * fails with 42703 (PostgREST issue #4582). The count is asked for in the header instead: the
 * count query keeps the main rows that pass the filters and, for each inner embed, have a row
 * there (QueryBuilder.hs readPlanToCountQuery, WHERE EXISTS), which for to-one embeds is the
 * number of rows the join returns.
 */
function countInHeader(
  operation: SelectOperation,
  embeds: SelectEmbed[],
  builder: SelectListBuilder,
  context: StatementContext,
): Operation {
  if (operation.offset !== undefined || operation.limit === 0) {
    return unsupported(
      'A count(*) beside a join can only be asked for in the Content-Range header here, which cannot express LIMIT 0 or OFFSET (the SQL then returns no row).',
      'Remove LIMIT and OFFSET: the count is one row.',
    )
  }
  const names = embeds.map((embed) => builder.tableOf(embed)?.reference ?? embed.relation)
  context.notes.push({
    code: 'count-in-header',
    message:
      `PostgREST 12.2 cannot run count() beside an embedded table that selects nothing (${embedList(embeds)} here, ` +
      `for the join with ${names.join(' and ')}): it puts every embed in GROUP BY and the server fails with 42703 ` +
      '(PostgREST issue #4582). So the count is asked for in the header: HEAD with Prefer: count=exact returns no ' +
      'rows, and the total is the number after the slash in the Content-Range header. The joins and filters apply to it.',
  })
  const { limit: _limit, offset: _offset, ...rest } = operation
  return { ...rest, select: [{ kind: 'star' }, ...embeds], countOnly: true, count: 'exact', order: [] }
}

function refuseAggregateBesideEmptyEmbed(embed: SelectEmbed, builder: SelectListBuilder): never {
  const table = builder.tableOf(embed)
  return unsupportedWith(
    `PostgREST 12.2 cannot aggregate beside an embedded table that selects nothing: the join with ${table?.reference ?? embed.relation} ` +
      `becomes ${embedList([embed])}, which only filters or keeps the rows the inner join keeps, and PostgREST puts every embed ` +
      `in GROUP BY, this one too, so the server fails with 42703 (column "${embed.alias ?? embed.relation}" does not exist; PostgREST issue #4582).`,
    { kind: 'hold-query' },
    undefined,
  )
}

function embedList(embeds: SelectEmbed[]): string {
  return embeds.map((embed) => selectText([embed])).join(', ')
}

/**
 * An embed that selects nothing inside a spread: a spread lists every embed inside it as a
 * column of its own (Plan.hs generateSpreadSelectFields), but an empty embed has no column in the
 * embedded query (QueryBuilder.hs getJoinSelects leaves it out), so PostgREST 12.2 fails with
 * 42703 on `...authors!inner(name,countries!inner())`.
 */
function rejectEmptyEmbedsInSpreads(items: SelectItem[], builder: SelectListBuilder): void {
  for (const item of items) {
    if (item.kind !== 'embed') continue
    if (item.spread) {
      const empty = item.items.find(
        (inner): inner is SelectEmbed => inner.kind === 'embed' && selectsNothing(inner),
      )
      if (empty) {
        const spread = builder.tableOf(item)?.reference ?? item.relation
        const nested = builder.tableOf(empty)?.reference ?? empty.relation
        return unsupportedWith(
          `PostgREST 12.2 cannot join ${nested} through ${spread} without selecting a column of ${nested}: the columns of ${spread} are spread into the row ` +
            `(${selectText([item])}), a spread lists each embed inside it as a column, and an embed that selects nothing has no column, so the server fails with 42703.`,
          { kind: 'hold-query' },
          undefined,
          `Select a column of ${nested} too (it is then spread as well), or create a view that holds the query and read the view.`,
        )
      }
    }
    rejectEmptyEmbedsInSpreads(item.items, builder)
  }
}

/**
 * PostgREST 12.2 hoists an aggregate out of a to-one spread into the main query, so that it
 * aggregates over the main rows as in SQL (Plan.hs hoistSpreadAggFunctions). Two limits:
 *
 * - It finds the spread's columns again by name (the alias, else the column: hoistFromSelectFields
 *   and the `lookup` in hoistIntoRelSelectFields), so `...authors(name,name.max())` or
 *   `...authors(born.min(),born.max())` apply the first aggregate to every column of that name.
 *   An aggregate in a spread is therefore always named (`max:name.max()`): its own key anyway.
 * - It hoists one level only: the aggregate of a spread inside a spread is computed in the middle
 *   embed while the main query still asks for the column by name, and the server fails (42703).
 */
function nameSpreadAggregates(items: SelectItem[], inSpread: boolean, builder: SelectListBuilder): void {
  for (const item of items) {
    if (item.kind !== 'embed') continue
    if (item.spread) {
      for (const inner of item.items) {
        if (inner.kind !== 'field' || inner.aggregate === undefined) continue
        if (inSpread) {
          const table = builder.tableOf(item)
          return unsupportedWith(
            `PostgREST 12.2 cannot aggregate a column of ${table?.reference ?? item.relation} here: that table is spread inside another spread, and PostgREST moves an aggregate out of a spread one level only (Plan.hs hoistSpreadAggFunctions), so the main query asks for a column the middle embed no longer has and the server fails with 42703.`,
            { kind: 'hold-query' },
            undefined,
          )
        }
        inner.alias ??= inner.aggregate
      }
    }
    nameSpreadAggregates(item.items, inSpread || item.spread, builder)
  }
}

/** An ORDER BY term on a column of a joined table, and that table. */
interface RelatedOrder {
  term: OrderTerm
  table: ScopeTable
}

/**
 * `order=categories(name)` in PostgREST 12.2 sorts by the column `name` of the embed's output,
 * not of the table (Plan.hs addRelatedOrders sets the term's relation to the embed's alias,
 * SqlFragment.hs pgFmtOrderTerm writes `"products_categories_1"."name"`). So the embed must
 * return the column under its own name, unchanged: as a plain column, or through `*`, or as an
 * embed without items (which reads `*`). Otherwise the term goes to a second, aliased embed of
 * the table that selects nothing and only serves the order (`order=categories_order(name)`;
 * addRelatedOrders finds the embed by its alias). That embed would land in GROUP BY beside an
 * aggregate, so an aggregate query with such an order is refused.
 */
function resolveRelatedOrders(related: RelatedOrder[], builder: SelectListBuilder): void {
  for (const { term, table } of related) {
    const embed = builder.embedOf(table)
    if (embed && returnsUnchanged(embed, term.field.column)) {
      term.embed = table.embedName
      continue
    }
    if (builder.aggregates > 0) {
      const shown = embed ? selectText([embed]) : table.embedName
      return unsupportedWith(
        `PostgREST 12.2 orders by ${table.reference}.${term.field.column} through the embedded ${table.relation.name}, under the name the embed returns it by, and ${shown} does not return ${term.field.column} under its own name. ` +
          'The embed that could carry it for the order alone cannot go beside an aggregate: PostgREST puts every embed in GROUP BY, and one that selects nothing fails there with 42703 (PostgREST issue #4582).',
        { kind: 'hold-query' },
        undefined,
      )
    }
    term.embed = builder.sortEmbed(table).alias!
  }
}

/** Whether the embed's query returns `column` as the table has it, under its own name. */
function returnsUnchanged(embed: SelectEmbed, column: string): boolean {
  if (embed.items.length === 0) return true
  return embed.items.some(
    (item) =>
      item.kind === 'star' ||
      (item.kind === 'field' &&
        item.field.column === column &&
        item.field.jsonPath.length === 0 &&
        item.alias === undefined &&
        item.cast === undefined &&
        item.aggregate === undefined),
  )
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

function warnAboutLeftJoinFilters(
  filters: FilterNode[],
  related: RelatedOrder[],
  scope: Scope,
  context: StatementContext,
): void {
  const leftJoined = scope.tables.filter((table) => table.join && !table.join.inner)
  for (const table of leftJoined) {
    const path = JSON.stringify(table.embedPath)
    const filtered = filters.some(
      (filter) => JSON.stringify(filter.embedPath.slice(0, table.embedPath.length)) === path,
    )
    if (filtered) {
      const ordered = related.some((order) => order.table === table)
        ? ` The ORDER BY on its columns sorts those kept rows too, which the SQL drops.`
        : ''
      context.warnings.push({
        code: 'left-join-filter',
        message: `A filter on the left-joined table ${table.reference} only filters the embedded rows in PostgREST; in SQL it also drops rows of ${scope.main.reference}. Use INNER JOIN for the SQL behaviour.${ordered}`,
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

function readShape(stmt: SelectStmt, context: FilterContext, related: RelatedOrder[] = []): ReadShape {
  const filters = stmt.whereClause ? translateWhere(stmt.whereClause, context) : []
  const order = (stmt.sortClause ?? []).map((sort) => {
    if (!('SortBy' in sort)) return rejectNode(sort, 'ORDER BY')
    const target = sort.SortBy.node && outputColumn(sort.SortBy.node, stmt.targetList ?? [])
    const sortBy = target ? { ...sort.SortBy, node: target } : sort.SortBy
    return orderTerm(sortBy, sort.SortBy.node ?? sort, context, related)
  })
  const shape: ReadShape = { filters, order }
  const limit = stmt.limitCount ? rowCount(stmt.limitCount, 'LIMIT') : undefined
  const offset = stmt.limitOffset ? rowCount(stmt.limitOffset, 'OFFSET') : undefined
  if (limit !== undefined) shape.limit = limit
  // LIMIT 0 returns no row whatever the offset, and PostgREST 12.2 refuses `offset=1&limit=0`: the
  // two make the empty range [1, 0], which getRanges (ApiRequest.hs) allows for `limit=0` alone.
  if (offset !== undefined && offset !== 0 && limit !== 0) shape.offset = offset
  return shape
}

/**
 * ORDER BY a bare name that is the name of a select-list column sorts by that column, as
 * Postgres reads it (`select name as n ... order by n`, `select c.name ... order by name`); PostgREST
 * would read `order=n` as a column of the table.
 */
function outputColumn(node: Node, targets: Node[]): Node | undefined {
  if (!('ColumnRef' in node)) return undefined
  const fields = node.ColumnRef.fields ?? []
  if (fields.length !== 1 || !('String' in fields[0]!)) return undefined
  const name = fields[0].String.sval ?? ''
  const matches = targets.flatMap((target) => {
    if (!('ResTarget' in target) || !target.ResTarget.val) return []
    const value = target.ResTarget.val
    const own =
      target.ResTarget.name ?? ('ColumnRef' in value ? stringList(value.ColumnRef.fields).pop() : undefined)
    return own === name ? [value] : []
  })
  if (matches.length > 1) {
    return unsupported(
      `ORDER BY "${name}" is ambiguous: several selected columns have that name.`,
      'Order by table.column.',
      nodeLocation(node),
    )
  }
  return matches[0]
}

function orderTerm(sort: SortBy, node: Node, context: FilterContext, related: RelatedOrder[]): OrderTerm {
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
    // The embed is chosen once the select list is known (resolveRelatedOrders).
    term.embed = path[0]!
    context.used.add(column.table)
    related.push({ term, table: column.table })
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
