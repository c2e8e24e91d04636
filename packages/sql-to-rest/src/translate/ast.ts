/** Small readers over the libpg-query AST: names, locations and node descriptions. */
import type { Node, TypeName } from 'libpg-query'
import { unsupported } from '../errors'

/** The name of a node's only key: `SelectStmt`, `ColumnRef` ... */
export function nodeTag(node: Node): string {
  return Object.keys(node)[0] ?? 'unknown'
}

/** The `location` of a node when the parser recorded one. */
export function nodeLocation(node: Node | undefined): number | undefined {
  if (!node) return undefined
  const inner = Object.values(node)[0] as { location?: unknown } | undefined
  return typeof inner?.location === 'number' && inner.location >= 0 ? inner.location : undefined
}

/** Where an expression starts in the text: the location of its leftmost operand. */
export function leftmostLocation(node: Node | undefined): number | undefined {
  if (!node) return undefined
  if ('A_Expr' in node && node.A_Expr.lexpr) return leftmostLocation(node.A_Expr.lexpr)
  if ('TypeCast' in node && node.TypeCast.arg) return leftmostLocation(node.TypeCast.arg)
  return nodeLocation(node)
}

/** `String` nodes in a name list (`funcname`, `names`, `fields`) as plain strings. */
export function stringList(nodes: Node[] | undefined): string[] {
  return (nodes ?? []).map((node) => ('String' in node ? (node.String.sval ?? '') : ''))
}

/** The single operator name of an `A_Expr`, such as `=` or `~~*`. */
export function operatorName(names: Node[] | undefined): string {
  const list = stringList(names)
  return list[list.length - 1] ?? ''
}

/** The SQL spelling of a type, with its schema dropped when it is pg_catalog. */
export function typeNameText(typeName: TypeName): { name: string; hasModifiers: boolean } {
  const names = stringList(typeName.names).filter((part, index, all) =>
    all.length > 1 && index === 0 ? part !== 'pg_catalog' : true,
  )
  const name = names.join('.')
  const hasModifiers = (typeName.typmods?.length ?? 0) > 0 || (typeName.arrayBounds?.length ?? 0) > 0
  return { name: READABLE_TYPE_NAMES[name] ?? name, hasModifiers }
}

// The parser reports internal names for a few SQL spellings.
const READABLE_TYPE_NAMES: Record<string, string> = {
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  float4: 'real',
  bool: 'boolean',
  bpchar: 'char',
}

const DESCRIPTIONS: Record<string, string> = {
  SubLink: 'A subquery',
  FuncCall: 'A function call',
  WindowDef: 'A window function',
  CaseExpr: 'A CASE expression',
  CoalesceExpr: 'COALESCE',
  MinMaxExpr: 'GREATEST/LEAST',
  RowExpr: 'A row constructor',
  ParamRef: 'A query parameter ($1)',
  SQLValueFunction: 'A SQL value function',
  CollateClause: 'COLLATE',
  A_Indirection: 'An array subscript',
  GroupingFunc: 'GROUPING',
}

export function describeNode(node: Node): string {
  const tag = nodeTag(node)
  return DESCRIPTIONS[tag] ?? `The expression ${tag}`
}

export function rejectNode(node: Node, where: string, hint?: string): never {
  return unsupported(
    `${describeNode(node)} in ${where} has no PostgREST equivalent.`,
    hint,
    nodeLocation(node),
  )
}
