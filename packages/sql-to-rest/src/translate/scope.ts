/** The tables a statement can name, and how column references resolve to them. */
import type { ColumnRef, Node, TypeCast, TypeName } from 'libpg-query'
import { unsupported, unsupportedWith } from '../errors'
import type { FieldRef, JsonStep, Relation } from '@docs/postgrest-request'
import { leftmostLocation, nodeLocation, operatorName, rejectNode, typeNameText } from './ast'

export interface JoinInfo {
  parent: ScopeTable
  inner: boolean
  hint?: string
  /**
   * The name the embed is written with when it is not the table's: a self-reference to the row
   * this one points to is embedded by its foreign key column (`manager_id(...)`).
   */
  target?: string
}

export class ScopeTable {
  /** The name PostgREST knows the embedded resource by: the table name, or the alias it is given. */
  embedName: string

  constructor(
    readonly relation: Relation,
    /** The name SQL uses for it: its alias, or its table name. */
    readonly reference: string,
    /** Undefined for the main table. */
    readonly join?: JoinInfo,
  ) {
    this.embedName = join?.target ?? relation.name
  }

  /** Names from the main table down to this one, as PostgREST embeds them. */
  get embedPath(): string[] {
    return this.join ? [...this.join.parent.embedPath, this.embedName] : []
  }
}

export class Scope {
  readonly tables: ScopeTable[] = []

  constructor(readonly main: ScopeTable) {
    this.tables.push(main)
  }

  add(table: ScopeTable): void {
    if (this.tables.some((other) => other.reference === table.reference)) {
      unsupported(`The table name "${table.reference}" is used twice.`, 'Give each table its own alias.')
    }
    this.tables.push(table)
  }

  find(qualifier: string[]): ScopeTable | undefined {
    const name = qualifier[qualifier.length - 1]
    const schema = qualifier.length > 1 ? qualifier[qualifier.length - 2] : undefined
    return this.tables.find(
      (table) =>
        table.reference === name && (schema === undefined || (table.relation.schema ?? 'public') === schema),
    )
  }

  /** A joined table named by a bare identifier: `select a from books b join authors a ...`. */
  wholeRow(name: string): ScopeTable | undefined {
    return this.tables.find((table) => table.join && table.reference === name)
  }
}

export interface ColumnTarget {
  table: ScopeTable
  field: FieldRef
  /** `table.*` or `*`. */
  star: boolean
}

function columnRefParts(ref: ColumnRef): { names: string[]; star: boolean } {
  const fields = ref.fields ?? []
  const names: string[] = []
  let star = false
  for (const field of fields) {
    if ('String' in field) names.push(field.String.sval ?? '')
    else if ('A_Star' in field) star = true
  }
  return { names, star }
}

export function resolveColumnRef(ref: ColumnRef, node: Node, scope: Scope): ColumnTarget {
  const { names, star } = columnRefParts(ref)
  if (star) {
    if (names.length === 0) return { table: scope.main, field: { column: '*', jsonPath: [] }, star }
    const table = scope.find(names)
    if (!table) return unknownTable(names, node)
    return { table, field: { column: '*', jsonPath: [] }, star }
  }
  const column = names[names.length - 1] ?? ''
  if (names.length === 1) return { table: scope.main, field: { column, jsonPath: [] }, star }
  const qualifier = names.slice(0, -1)
  const table = scope.find(qualifier)
  if (!table) return unknownTable(qualifier, node)
  return { table, field: { column, jsonPath: [] }, star }
}

function unknownTable(names: string[], node: Node): never {
  return unsupported(
    `"${names.join('.')}" does not name a table of the FROM clause.`,
    'Qualify columns with the table name or alias used in FROM.',
    nodeLocation(node),
  )
}

/**
 * Reads a column, possibly followed by JSON arrows: `data->'a'->>'b'`. Returns undefined when
 * the expression is something else.
 */
export function readColumn(node: Node, scope: Scope): ColumnTarget | undefined {
  if ('ColumnRef' in node) return resolveColumnRef(node.ColumnRef, node, scope)
  if ('A_Expr' in node && node.A_Expr.kind === 'AEXPR_OP') {
    const op = operatorName(node.A_Expr.name)
    if ((op === '->' || op === '->>') && node.A_Expr.lexpr && node.A_Expr.rexpr) {
      const base = readColumn(node.A_Expr.lexpr, scope)
      if (!base || base.star) return undefined
      if (base.field.jsonPath.some((step) => step.arrow === '->>')) {
        return rejectNode(node, 'a JSON path', 'Only the last arrow of a JSON path can be ->>.')
      }
      const key = node.A_Expr.rexpr
      if ('TypeCast' in key && key.TypeCast.typeName) rejectCastKey(op, key, node.A_Expr.lexpr)
      const step = jsonStep(op, key)
      return { ...base, field: { ...base.field, jsonPath: [...base.field.jsonPath, step] } }
    }
  }
  return undefined
}

/**
 * `data->'amount'::numeric` is `data->('amount'::numeric)` to Postgres: `::` binds tighter than
 * `->`, so the cast applies to the key. Say so, and let the boundary show the parenthesised form.
 */
function rejectCastKey(arrow: '->' | '->>', key: Node & { TypeCast: TypeCast }, left: Node): never {
  const cast = key.TypeCast
  const type = typeNameText(cast.typeName!)
  const inner = cast.arg && 'A_Const' in cast.arg ? cast.arg.A_Const : undefined
  const keyText =
    inner?.sval !== undefined
      ? `'${(inner.sval.sval ?? '').replace(/'/g, "''")}'`
      : inner?.ival !== undefined
        ? String(inner.ival.ival ?? 0)
        : 'key'
  const typeText = type.name + typeModifiersText(cast.typeName!)
  const castAt = cast.location ?? -1
  return unsupportedWith(
    `Postgres applies :: before ${arrow}, so ::${typeText} casts the key ${keyText}, not the JSON value.`,
    { kind: 'wrap-cast', start: leftmostLocation(left) ?? castAt, castAt, type: typeText },
    castAt,
  )
}

/** `(10, 2)` and `[]` of a type name, as written. */
function typeModifiersText(typeName: TypeName): string {
  const modifiers = (typeName.typmods ?? []).map((modifier) =>
    'A_Const' in modifier ? String(modifier.A_Const.ival?.ival ?? modifier.A_Const.sval?.sval ?? '') : '',
  )
  const bounds = (typeName.arrayBounds ?? []).map(() => '[]').join('')
  return (modifiers.length > 0 ? `(${modifiers.join(', ')})` : '') + bounds
}

function jsonStep(arrow: '->' | '->>', key: Node): JsonStep {
  if ('A_Const' in key) {
    const constant = key.A_Const
    if (constant.sval !== undefined) return { arrow, key: constant.sval.sval ?? '' }
    if (constant.ival !== undefined) return { arrow, key: constant.ival.ival ?? 0 }
  }
  return unsupported(
    'A JSON path step must be a text key or an integer index.',
    "Write the path with constants, for example data->'address'->>'city'.",
    nodeLocation(key),
  )
}
