/** WHERE clauses to PostgREST filters. */
import type { A_Expr, FuncCall, Node } from 'libpg-query'
import { unsupported, unsupportedWith } from '../errors'
import type {
  FilterCondition,
  FilterGroup,
  FilterNode,
  FilterOperator,
  FilterValue,
  Quantifier,
  ScalarValue,
  Warning,
} from '@docs/postgrest-request'
import { nodeLocation, operatorName, rejectNode, stringList } from './ast'
import { readColumn, type ColumnTarget, type Scope } from './scope'
import { constantText, readConstant, type Constant, type ValueContext } from './values'

export interface FilterContext {
  scope: Scope
  warnings: Warning[]
  /** Tables the filters read, so the select list can embed them. */
  used: Set<ColumnTarget['table']>
}

const COMPARISONS: Record<string, { operator: FilterOperator; negated: boolean }> = {
  '=': { operator: 'eq', negated: false },
  '<>': { operator: 'neq', negated: false },
  '!=': { operator: 'neq', negated: false },
  '>': { operator: 'gt', negated: false },
  '>=': { operator: 'gte', negated: false },
  '<': { operator: 'lt', negated: false },
  '<=': { operator: 'lte', negated: false },
  '~~': { operator: 'like', negated: false },
  '!~~': { operator: 'like', negated: true },
  '~~*': { operator: 'ilike', negated: false },
  '!~~*': { operator: 'ilike', negated: true },
  '~': { operator: 'match', negated: false },
  '!~': { operator: 'match', negated: true },
  '~*': { operator: 'imatch', negated: false },
  '!~*': { operator: 'imatch', negated: true },
  '@>': { operator: 'cs', negated: false },
  '<@': { operator: 'cd', negated: false },
  '&&': { operator: 'ov', negated: false },
  '<<': { operator: 'sl', negated: false },
  '>>': { operator: 'sr', negated: false },
  '&<': { operator: 'nxr', negated: false },
  '&>': { operator: 'nxl', negated: false },
  '-|-': { operator: 'adj', negated: false },
}

// A constant on the left of these operators can move to the right.
const MIRRORED: Record<string, string> = {
  '=': '=',
  '<>': '<>',
  '!=': '!=',
  '<': '>',
  '>': '<',
  '<=': '>=',
  '>=': '<=',
}

const QUANTIFIABLE = new Set<FilterOperator>([
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
])

const ARRAY_OPERATORS = new Set<FilterOperator>(['cs', 'cd', 'ov'])

const TEXT_SEARCH: Record<string, FilterOperator> = {
  to_tsquery: 'fts',
  plainto_tsquery: 'plfts',
  phraseto_tsquery: 'phfts',
  websearch_to_tsquery: 'wfts',
}

export function translateWhere(node: Node, context: FilterContext): FilterNode[] {
  return topLevel(readCondition(node, context), context)
}

function readCondition(node: Node, context: FilterContext): FilterNode {
  if ('BoolExpr' in node) {
    const args = node.BoolExpr.args ?? []
    if (node.BoolExpr.boolop === 'NOT_EXPR') {
      const inner = args[0]
      if (!inner) return rejectNode(node, 'WHERE')
      return negate(readCondition(inner, context))
    }
    const operator = node.BoolExpr.boolop === 'OR_EXPR' ? 'or' : 'and'
    const items = args.map((arg) => readCondition(arg, context))
    return { kind: 'group', embedPath: [], negated: false, operator, items }
  }
  if ('NullTest' in node) {
    const target = columnOf(node.NullTest.arg, node, context)
    return condition(
      target,
      'is',
      { kind: 'is', value: 'null' },
      node.NullTest.nulltesttype === 'IS_NOT_NULL',
    )
  }
  if ('BooleanTest' in node) {
    const target = columnOf(node.BooleanTest.arg, node, context)
    const test = node.BooleanTest.booltesttype ?? 'IS_TRUE'
    const value = test.includes('TRUE') ? 'true' : test.includes('FALSE') ? 'false' : 'unknown'
    return condition(target, 'is', { kind: 'is', value }, test.startsWith('IS_NOT'))
  }
  if ('A_Expr' in node) return readExpression(node.A_Expr, node, context)
  const column = readColumn(node, context.scope)
  if (column && !column.star) {
    // A bare boolean column is true exactly where `column = true` is.
    markUsed(column, context)
    return condition(column, 'eq', scalar({ text: 'true', js: true }), false)
  }
  if ('A_Const' in node) {
    return unsupported(
      'A constant condition such as WHERE true has no PostgREST filter.',
      'Remove the condition, or compare a column with a value.',
      nodeLocation(node),
    )
  }
  if ('SubLink' in node) {
    return unsupportedWith(
      'A subquery in WHERE has no PostgREST equivalent: filters compare a column with constant values.',
      { kind: 'hold-query' },
      nodeLocation(node),
      'When the subquery follows a foreign key, JOIN its table and filter that table instead (an inner join keeps only the rows that match). Otherwise create a view that holds the query and read the view.',
    )
  }
  return rejectNode(node, 'WHERE', 'PostgREST filters compare one column with constant values.')
}

function readExpression(expr: A_Expr, node: Node, context: FilterContext): FilterNode {
  const name = operatorName(expr.name)
  const left = expr.lexpr
  const right = expr.rexpr
  if (!left || !right) return rejectNode(node, 'WHERE')
  const valueContext: ValueContext = { warnings: context.warnings, where: 'a filter' }
  switch (expr.kind) {
    case 'AEXPR_OP':
    case 'AEXPR_LIKE':
    case 'AEXPR_ILIKE': {
      if (name === '@@') return textSearch(left, right, node, context)
      let column = readColumn(left, context.scope)
      let valueNode = right
      let op = name
      if (!column && MIRRORED[name] && readColumn(right, context.scope)) {
        column = readColumn(right, context.scope)
        valueNode = left
        op = MIRRORED[name]!
      }
      const mapped = COMPARISONS[op]
      if (!mapped) {
        return unsupported(`The operator ${name} has no PostgREST filter.`, undefined, nodeLocation(node))
      }
      const target = requireColumn(column, left, context)
      const constant = requireConstant(valueNode, valueContext)
      if (constant.kind === 'null') {
        return unsupported(
          `Comparing with NULL using ${name} is never true in SQL.`,
          'Use IS NULL or IS NOT NULL.',
          nodeLocation(node),
        )
      }
      if (ARRAY_OPERATORS.has(mapped.operator) && constant.kind === 'array') {
        return condition(
          target,
          mapped.operator,
          { kind: 'scalar', value: textValue(constant) },
          mapped.negated,
        )
      }
      const value = scalarOf(constant, valueNode)
      if ((mapped.operator === 'like' || mapped.operator === 'ilike') && value.text.includes('*')) {
        return unsupported(
          'PostgREST reads * in a LIKE pattern as %, so a literal * cannot be matched.',
          'Use a regular expression (~ or ~*) to match a literal *.',
          nodeLocation(valueNode),
        )
      }
      return condition(target, mapped.operator, scalar(value), mapped.negated)
    }
    case 'AEXPR_IN': {
      const target = requireColumn(readColumn(left, context.scope), left, context)
      const items = 'List' in right ? (right.List.items ?? []) : [right]
      const constants = items.map((item) => requireConstant(item, valueContext))
      const negated = name === '<>'
      return inList(target, constants, negated, node)
    }
    case 'AEXPR_DISTINCT':
    case 'AEXPR_NOT_DISTINCT': {
      const target = requireColumn(readColumn(left, context.scope), left, context)
      const constant = requireConstant(right, valueContext)
      const negated = expr.kind === 'AEXPR_NOT_DISTINCT'
      if (constant.kind === 'null') {
        // IS DISTINCT FROM NULL is IS NOT NULL.
        return condition(target, 'is', { kind: 'is', value: 'null' }, !negated)
      }
      return condition(target, 'isdistinct', scalar(scalarOf(constant, right)), negated)
    }
    case 'AEXPR_BETWEEN':
    case 'AEXPR_NOT_BETWEEN':
    case 'AEXPR_BETWEEN_SYM':
    case 'AEXPR_NOT_BETWEEN_SYM': {
      const target = requireColumn(readColumn(left, context.scope), left, context)
      const symmetric = expr.kind === 'AEXPR_BETWEEN_SYM' || expr.kind === 'AEXPR_NOT_BETWEEN_SYM'
      const negated = expr.kind === 'AEXPR_NOT_BETWEEN' || expr.kind === 'AEXPR_NOT_BETWEEN_SYM'
      const boundNodes = 'List' in right ? (right.List.items ?? []) : []
      const constants = boundNodes.map((bound) => {
        const constant = readConstant(bound, valueContext)
        if (constant) return constant
        return unsupported(
          `${symmetric ? 'BETWEEN SYMMETRIC' : 'BETWEEN'} needs constant bounds: PostgREST compares a column with values, not with another column or expression.`,
          'Compute the bound in your code and write the value, or create a view that holds the query.',
          nodeLocation(bound),
        )
      })
      let [low, high] = constants.map((constant, index) => scalarOf(constant, boundNodes[index]!))
      if (!low || !high) return rejectNode(node, 'WHERE')
      const range = (from: ScalarValue, to: ScalarValue): FilterGroup => ({
        kind: 'group',
        embedPath: [],
        negated: false,
        operator: 'and',
        items: [condition(target, 'gte', scalar(from), false), condition(target, 'lte', scalar(to), false)],
      })
      if (!symmetric) return { ...range(low, high), negated }
      // SYMMETRIC takes the bounds in either order. Numbers can be put in order here; other
      // constants order by the column's type (text collation, dates ...), so both orders are sent.
      const numbers = constants.every((constant) => constant.kind === 'scalar' && constant.numeric)
      if (numbers && (Number(low.text) !== Number(high.text) || low.text === high.text)) {
        if (Number(low.text) > Number(high.text)) [low, high] = [high, low]
        return { ...range(low, high), negated }
      }
      if (low.text === high.text) return { ...range(low, high), negated }
      return {
        kind: 'group',
        embedPath: [],
        negated,
        operator: 'or',
        items: [range(low, high), range(high, low)],
      }
    }
    case 'AEXPR_OP_ANY':
    case 'AEXPR_OP_ALL':
      return quantified(expr.kind === 'AEXPR_OP_ANY' ? 'any' : 'all', name, left, right, node, context)
    default:
      return unsupported(
        `${expr.kind === 'AEXPR_SIMILAR' ? 'SIMILAR TO' : 'This comparison'} has no PostgREST filter.`,
        expr.kind === 'AEXPR_SIMILAR' ? 'Use a regular expression with ~.' : undefined,
        nodeLocation(node),
      )
  }
}

function quantified(
  quantifier: Quantifier,
  name: string,
  left: Node,
  right: Node,
  node: Node,
  context: FilterContext,
): FilterNode {
  const target = requireColumn(readColumn(left, context.scope), left, context)
  const constant = requireConstant(right, { warnings: context.warnings, where: 'a filter' })
  const items = arrayItems(constant, right)
  if ((name === '=' && quantifier === 'any') || (name === '<>' && quantifier === 'all')) {
    const constants = items.map((value): Constant => ({ kind: 'scalar', value, numeric: false }))
    return inList(target, constants, name === '<>', node)
  }
  const mapped = COMPARISONS[name]
  if (!mapped || mapped.negated || !QUANTIFIABLE.has(mapped.operator)) {
    return unsupported(
      `${name} ${quantifier.toUpperCase()} (...) has no PostgREST filter.`,
      undefined,
      nodeLocation(node),
    )
  }
  return condition(
    target,
    mapped.operator,
    { kind: 'array', items: items.map((item) => item.text) },
    false,
    quantifier,
  )
}

/** The elements of an ARRAY[...] constructor or of a '{...}' literal. */
function arrayItems(constant: Constant, node: Node): ScalarValue[] {
  if (constant.kind === 'array') {
    return constant.items.map((item) => {
      if (item.kind === 'scalar') return item.value
      const text = item.kind === 'json' ? item.text : null
      if (text === null) return rejectNode(node, 'an array of a filter', 'Use plain, non-NULL values.')
      return { text, js: text }
    })
  }
  if (constant.kind === 'scalar') {
    const parsed = parseArrayLiteral(constant.value.text)
    if (parsed) return parsed.map((text) => ({ text, js: text }))
  }
  return unsupported(
    'ANY and ALL need an array of values.',
    "Write ARRAY[1, 2] or '{1,2}'.",
    nodeLocation(node),
  )
}

/** Reads a one-dimensional Postgres array literal; NULL elements and nesting are refused. */
export function parseArrayLiteral(text: string): string[] | undefined {
  const trimmed = text.trim()
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined
  const body = trimmed.slice(1, -1)
  if (body.trim() === '') return []
  const items: string[] = []
  let index = 0
  while (index <= body.length) {
    while (body[index] === ' ') index++
    let item = ''
    if (body[index] === '"') {
      index++
      while (index < body.length && body[index] !== '"') {
        if (body[index] === '\\') index++
        item += body[index] ?? ''
        index++
      }
      if (body[index] !== '"') return undefined
      index++
      while (body[index] === ' ') index++
    } else {
      const start = index
      while (index < body.length && body[index] !== ',') index++
      item = body.slice(start, index).trim()
      if (item === '' || /[{}"]/.test(item) || item.toLowerCase() === 'null') return undefined
    }
    items.push(item)
    if (index >= body.length) break
    if (body[index] !== ',') return undefined
    index++
  }
  return items
}

function inList(target: ColumnTarget, constants: Constant[], negated: boolean, node: Node): FilterNode {
  const hasNull = constants.some((constant) => constant.kind === 'null')
  if (hasNull && negated) {
    return unsupported(
      'NOT IN with a NULL in the list matches no row in SQL.',
      'Remove the NULL from the list, and add IS NOT NULL if that is what you mean.',
      nodeLocation(node),
    )
  }
  // IN (..., NULL) selects the same rows as IN (...): a NULL never equals anything.
  const seen = new Set<string>()
  const items: ScalarValue[] = []
  for (const constant of constants) {
    if (constant.kind === 'null') continue
    const value = scalarOf(constant, node)
    if (seen.has(value.text)) continue
    seen.add(value.text)
    items.push(value)
  }
  if (items.length === 0) {
    return unsupported(
      'IN needs at least one non-NULL value.',
      'Add a value to the list.',
      nodeLocation(node),
    )
  }
  return condition(target, 'in', { kind: 'list', items }, negated)
}

function textSearch(left: Node, right: Node, node: Node, context: FilterContext): FilterNode {
  let columnNode = left
  let documentConfig: string | undefined
  if ('FuncCall' in left) {
    const call = left.FuncCall
    if (stringList(call.funcname).pop() !== 'to_tsvector') return rejectNode(left, 'a text search')
    const args = call.args ?? []
    if (args.length === 2) documentConfig = configName(args[0]!)
    const last = args[args.length - 1]
    if (!last || args.length > 2) return rejectNode(left, 'a text search')
    columnNode = last
  }
  const target = requireColumn(readColumn(columnNode, context.scope), columnNode, context)
  if (!('FuncCall' in right)) {
    return unsupported(
      'A text search needs a query function on the right of @@.',
      "Write col @@ to_tsquery('english', 'cat & dog'), or plainto_tsquery, phraseto_tsquery, websearch_to_tsquery.",
      nodeLocation(right),
    )
  }
  const call: FuncCall = right.FuncCall
  const functionName = stringList(call.funcname).pop() ?? ''
  const operator = TEXT_SEARCH[functionName]
  const args = call.args ?? []
  if (!operator || args.length < 1 || args.length > 2) return rejectNode(right, 'a text search')
  const queryConfig = args.length === 2 ? configName(args[0]!) : undefined
  if (documentConfig !== undefined && queryConfig !== undefined && documentConfig !== queryConfig) {
    return unsupported(
      'The document and the query use different text-search configurations.',
      'Use the same configuration on both sides of @@.',
      nodeLocation(node),
    )
  }
  const queryNode = args[args.length - 1]!
  const query = requireConstant(queryNode, { warnings: context.warnings, where: 'a text search' })
  const result = condition(target, operator, scalar(scalarOf(query, queryNode)), false)
  const config = queryConfig ?? documentConfig
  return config === undefined ? result : { ...result, config }
}

function configName(node: Node): string {
  const inner = 'TypeCast' in node && node.TypeCast.arg ? node.TypeCast.arg : node
  if ('A_Const' in inner && inner.A_Const.sval !== undefined) {
    const name = inner.A_Const.sval.sval ?? ''
    if (/^[A-Za-z0-9_]+$/.test(name)) return name
  }
  return unsupported(
    'A text-search configuration must be a plain name such as english.',
    "Write to_tsquery('english', '...').",
    nodeLocation(node),
  )
}

function columnOf(arg: Node | undefined, node: Node, context: FilterContext): ColumnTarget {
  if (!arg) return rejectNode(node, 'WHERE')
  return requireColumn(readColumn(arg, context.scope), arg, context)
}

function requireColumn(column: ColumnTarget | undefined, node: Node, context: FilterContext): ColumnTarget {
  if (!column || column.star) {
    return unsupported(
      'PostgREST filters need a column on one side of the comparison.',
      'Compare a column (or a JSON path of a column) with constant values.',
      nodeLocation(node),
    )
  }
  markUsed(column, context)
  return column
}

function markUsed(column: ColumnTarget, context: FilterContext): void {
  context.used.add(column.table)
}

function requireConstant(node: Node, context: ValueContext): Constant {
  const constant = readConstant(node, context)
  if (constant) return constant
  if ('ColumnRef' in node || 'A_Expr' in node) {
    return unsupported(
      'PostgREST filters compare a column with constant values, not with another column or expression.',
      undefined,
      nodeLocation(node),
    )
  }
  return rejectNode(
    node,
    'a filter value',
    'Compute the value in your code and compare the column with that constant.',
  )
}

function scalarOf(constant: Constant, node: Node): ScalarValue {
  if (constant.kind === 'scalar') return constant.value
  if (constant.kind === 'null') {
    return unsupported('NULL cannot be used here.', 'Use IS NULL or IS NOT NULL.', nodeLocation(node))
  }
  return textValue(constant)
}

function textValue(constant: Constant): ScalarValue {
  const text = constantText(constant) ?? ''
  return { text, js: text }
}

function scalar(value: ScalarValue): FilterValue {
  return { kind: 'scalar', value }
}

function condition(
  target: ColumnTarget,
  operator: FilterOperator,
  value: FilterValue,
  negated: boolean,
  quantifier?: Quantifier,
): FilterCondition {
  const result: FilterCondition = {
    kind: 'condition',
    embedPath: target.table.embedPath,
    field: target.field,
    negated,
    operator,
    value,
  }
  return quantifier ? { ...result, quantifier } : result
}

function negate(node: FilterNode): FilterNode {
  return { ...node, negated: !node.negated }
}

/**
 * Top-level filters are ANDed query parameters. A negated group cannot be written there by the
 * client libraries, so NOT is pushed inside it (De Morgan's laws hold in SQL's three-valued logic).
 */
function topLevel(node: FilterNode, context: FilterContext): FilterNode[] {
  if (node.kind === 'condition') return [node]
  if (node.negated) {
    const flipped: FilterGroup = {
      ...node,
      negated: false,
      operator: node.operator === 'and' ? 'or' : 'and',
      items: node.items.map(negate),
    }
    return topLevel(flipped, context)
  }
  if (node.operator === 'and') return node.items.flatMap((item) => topLevel(item, context))
  return [withSharedPath(node)]
}

/** Conditions inside or()/and() must all belong to the same table. */
function withSharedPath(group: FilterGroup): FilterGroup {
  const paths = new Set<string>()
  const collect = (node: FilterNode): void => {
    if (node.kind === 'condition') paths.add(JSON.stringify(node.embedPath))
    else node.items.forEach(collect)
  }
  collect(group)
  if (paths.size > 1) {
    return unsupported(
      'PostgREST cannot combine conditions on different tables with OR.',
      'Filter each table on its own, or put the query in a Postgres function and call it through the RPC endpoint.',
    )
  }
  const [path] = [...paths]
  const embedPath = path === undefined ? [] : (JSON.parse(path) as string[])
  const setPath = (node: FilterNode): FilterNode =>
    node.kind === 'condition' ? node : { ...node, embedPath, items: node.items.map(setPath) }
  return setPath(group) as FilterGroup
}
