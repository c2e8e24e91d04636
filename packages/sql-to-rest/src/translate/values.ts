/** Constants of the SQL text, read as PostgREST filter values and JSON body values. */
import type { A_Const, Node } from 'libpg-query'
import { unsupported } from '../errors'
import type { JsonValue, ScalarValue, Warning } from '@docs/postgrest-request'
import { arrayElementText } from '@docs/postgrest-request'
import { nodeLocation, rejectNode, typeNameText } from './ast'

export type Constant =
  | { kind: 'scalar'; value: ScalarValue; numeric: boolean }
  | { kind: 'null' }
  | { kind: 'array'; items: Constant[] }
  | { kind: 'json'; value: JsonValue; text: string }

export interface ValueContext {
  warnings: Warning[]
  /** Describes the place, for messages: "a filter", "an INSERT value". */
  where: string
}

/** A number as a JavaScript literal only when the literal keeps every digit. */
export function numericJs(text: string): string | number {
  const number = Number(text)
  return Number.isFinite(number) && String(number) === text ? number : text
}

function fromAConst(constant: A_Const, node: Node): Constant {
  if (constant.isnull) return { kind: 'null' }
  if (constant.ival !== undefined) {
    const text = String(constant.ival.ival ?? 0)
    return { kind: 'scalar', value: { text, js: Number(text) }, numeric: true }
  }
  if (constant.fval !== undefined) {
    const text = constant.fval.fval ?? '0'
    return { kind: 'scalar', value: { text, js: numericJs(text) }, numeric: true }
  }
  if (constant.boolval !== undefined) {
    const value = constant.boolval.boolval ?? false
    return { kind: 'scalar', value: { text: String(value), js: value }, numeric: false }
  }
  if (constant.sval !== undefined) {
    const text = constant.sval.sval ?? ''
    return { kind: 'scalar', value: { text, js: text }, numeric: false }
  }
  return rejectNode(node, 'a value')
}

function negate(constant: Constant, node: Node): Constant {
  if (constant.kind !== 'scalar' || !constant.numeric) return rejectNode(node, 'a value')
  const text = constant.value.text.startsWith('-') ? constant.value.text.slice(1) : `-${constant.value.text}`
  return { kind: 'scalar', value: { text, js: numericJs(text) }, numeric: true }
}

const JSON_TYPES = new Set(['json', 'jsonb'])

/** Reads a constant, or returns undefined when the node is not one. */
export function readConstant(node: Node, context: ValueContext): Constant | undefined {
  if ('A_Const' in node) return fromAConst(node.A_Const, node)
  if ('A_Expr' in node) {
    const expr = node.A_Expr
    const name = expr.name?.length === 1 && 'String' in expr.name[0]! ? expr.name[0].String.sval : ''
    if (expr.kind === 'AEXPR_OP' && !expr.lexpr && expr.rexpr && (name === '-' || name === '+')) {
      const inner = readConstant(expr.rexpr, context)
      if (!inner) return undefined
      return name === '-' ? negate(inner, node) : inner
    }
    return undefined
  }
  if ('A_ArrayExpr' in node) {
    const items = (node.A_ArrayExpr.elements ?? []).map((element) => {
      const item = readConstant(element, context)
      if (!item) return rejectNode(element, `${context.where} (array element)`)
      return item
    })
    return { kind: 'array', items }
  }
  if ('TypeCast' in node && node.TypeCast.arg && node.TypeCast.typeName) {
    const inner = readConstant(node.TypeCast.arg, context)
    if (!inner) return undefined
    const type = typeNameText(node.TypeCast.typeName)
    if (JSON_TYPES.has(type.name) && inner.kind === 'scalar' && !type.hasModifiers) {
      try {
        return { kind: 'json', value: JSON.parse(inner.value.text) as JsonValue, text: inner.value.text }
      } catch {
        return unsupported(
          `The ${type.name} literal in ${context.where} is not valid JSON.`,
          'Check the quotes and commas of the JSON text.',
          nodeLocation(node),
        )
      }
    }
    // An array constructor already carries its type through its elements.
    if (inner.kind === 'array') return inner
    context.warnings.push({
      code: 'value-cast-dropped',
      message: `The cast to ${type.name} in ${context.where} is not sent: PostgREST converts the value to the column's type.`,
    })
    return inner
  }
  return undefined
}

/** The text PostgREST receives for a constant used as a filter value. */
export function constantText(constant: Constant): string | null {
  switch (constant.kind) {
    case 'null':
      return null
    case 'scalar':
      return constant.value.text
    case 'json':
      return constant.text
    case 'array':
      return `{${constant.items.map(arrayItemText).join(',')}}`
  }
}

function arrayItemText(item: Constant): string {
  const text = constantText(item)
  return text === null ? 'NULL' : item.kind === 'array' ? text : arrayElementText(text)
}

/** The JSON body value of a constant (INSERT and UPDATE values, RPC arguments). */
export function constantJson(constant: Constant): JsonValue {
  switch (constant.kind) {
    case 'null':
      return null
    case 'json':
      return constant.value
    case 'array':
      return constant.items.map(constantJson)
    case 'scalar':
      return constant.value.js
  }
}
