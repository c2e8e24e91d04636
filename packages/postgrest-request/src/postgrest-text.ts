/**
 * How the request model is written in PostgREST's query-string grammar (PostgREST 12):
 * field names, JSON paths, select lists, filters, logic trees and ordering.
 */
import type {
  FieldRef,
  FilterCondition,
  FilterGroup,
  FilterNode,
  FilterValue,
  JsonStep,
  OrderTerm,
  ScalarValue,
  SelectItem,
} from './model'

/** Wraps a value in double quotes, escaping backslashes and quotes with a backslash. */
export function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&')}"`
}

// Names PostgREST reads without quotes: letters, digits, `_` and `$` (it also accepts spaces,
// but supabase-js strips them from select lists, so we quote those).
const PLAIN_NAME = /^[A-Za-z0-9_$]+$/

export function fieldName(name: string): string {
  return PLAIN_NAME.test(name) ? name : quoted(name)
}

// Query-string keys that PostgREST reserves; a column with one of these names must be quoted.
const RESERVED_KEYS = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'and',
  'or',
  'not',
  'columns',
  'on_conflict',
])

export function filterKeyName(name: string): string {
  return RESERVED_KEYS.has(name) ? quoted(name) : fieldName(name)
}

function jsonKey(step: JsonStep): string {
  if (typeof step.key === 'number') return String(step.key)
  // A bare key may not contain PostgREST's separators, and all digits would read as an index.
  const plain = /^[^"(\-:.,>)\s\\]+$/.test(step.key) && !/^\d+$/.test(step.key)
  return plain ? step.key : quoted(step.key)
}

export function jsonPathText(path: JsonStep[]): string {
  return path.map((step) => step.arrow + jsonKey(step)).join('')
}

export function fieldText(field: FieldRef, name: (column: string) => string = fieldName): string {
  return name(field.column) + jsonPathText(field.jsonPath)
}

export function selectText(items: SelectItem[]): string {
  return items.map(selectItemText).join(',')
}

function selectItemText(item: SelectItem): string {
  switch (item.kind) {
    case 'star':
      return '*'
    case 'count-all':
      return `${aliasText(item.alias)}count()${castText(item.cast)}`
    case 'field':
      return (
        aliasText(item.alias) +
        fieldText(item.field) +
        castText(item.cast) +
        (item.aggregate ? `.${item.aggregate}()` : '') +
        castText(item.aggregateCast)
      )
    case 'embed':
      return (
        (item.spread ? '...' : aliasText(item.alias)) +
        fieldName(item.relation) +
        (item.hint ? `!${fieldName(item.hint)}` : '') +
        (item.inner ? '!inner' : '') +
        `(${selectText(item.items)})`
      )
  }
}

function aliasText(alias: string | undefined): string {
  return alias === undefined ? '' : `${fieldName(alias)}:`
}

function castText(cast: string | undefined): string {
  return cast === undefined ? '' : `::${cast}`
}

/** Inside `in.(...)` a value ends at `,` or `)` unless quoted. */
function listElementText(value: ScalarValue): string {
  return needsQuotesInList(value.text) ? quoted(value.text) : value.text
}

function needsQuotesInList(text: string): boolean {
  return (
    text === '' ||
    /[,()"\\\s]/.test(text) ||
    (text.includes('.') && !isPlainNumber(text)) ||
    text.includes(':')
  )
}

function isPlainNumber(text: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(text)
}

/** Inside `or=(...)` and `and=(...)` a value ends at `,` or `)` unless quoted. */
function treeValueText(text: string): string {
  return needsQuotesInList(text) || text.startsWith('{') ? quoted(text) : text
}

export function listText(items: ScalarValue[]): string {
  return `(${items.map(listElementText).join(',')})`
}

export function arrayLiteralText(items: string[]): string {
  return `{${items.map(arrayElementText).join(',')}}`
}

/** An element of a Postgres array literal. */
export function arrayElementText(text: string): string {
  const plain = text !== '' && !/[{},"\\\s]/.test(text) && text.toLowerCase() !== 'null'
  return plain ? text : quoted(text)
}

function operatorText(condition: FilterCondition): string {
  let text = condition.operator
  if (condition.quantifier) text += `(${condition.quantifier})`
  if (condition.config !== undefined) text += `(${condition.config})`
  return (condition.negated ? 'not.' : '') + text
}

function valueText(value: FilterValue, inTree: boolean): string {
  switch (value.kind) {
    case 'scalar':
      return inTree ? treeValueText(value.value.text) : value.value.text
    case 'list':
      return listText(value.items)
    case 'is':
      return value.value
    case 'array': {
      // The literal as sent, else the items written as one.
      const literal = value.text ?? arrayLiteralText(value.items)
      return inTree ? quoted(literal) : literal
    }
  }
}

/** The right-hand side of a filter parameter: `not.in.(1,2)`. */
export function conditionValueText(condition: FilterCondition): string {
  return `${operatorText(condition)}.${valueText(condition.value, false)}`
}

function treeItemText(node: FilterNode): string {
  if (node.kind === 'condition') {
    return `${fieldText(node.field)}.${operatorText(node)}.${valueText(node.value, true)}`
  }
  return `${node.negated ? 'not.' : ''}${node.operator}${groupBodyText(node)}`
}

/** `(a.eq.1,b.eq.2)`: the value of an `or`/`and` parameter. */
export function groupBodyText(group: FilterGroup): string {
  return `(${group.items.map(treeItemText).join(',')})`
}

export function embedPathText(path: string[]): string {
  return path.map(fieldName).join('.')
}

/** The query parameter of one top-level filter node. */
export function filterParam(node: FilterNode): [string, string] {
  const prefix = node.embedPath.length > 0 ? `${embedPathText(node.embedPath)}.` : ''
  if (node.kind === 'condition') {
    // PostgREST looks at the key's last dot-separated word: `authors.order` would be an order.
    return [prefix + fieldText(node.field, filterKeyName), conditionValueText(node)]
  }
  return [`${prefix}${node.negated ? 'not.' : ''}${node.operator}`, groupBodyText(node)]
}

export function orderTermText(term: OrderTerm): string {
  const target =
    term.embed === undefined ? fieldText(term.field) : `${fieldName(term.embed)}(${fieldText(term.field)})`
  return `${target}.${term.direction}${term.nulls ? `.nulls${term.nulls}` : ''}`
}

export function orderText(terms: OrderTerm[]): string {
  return terms.map(orderTermText).join(',')
}
