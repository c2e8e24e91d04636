/** supabase-js v2 code: `supabase.from(...).select(...).eq(...)`. */
import {
  fieldName,
  filterParam,
  groupBodyText,
  listText,
  embedPathText,
  orderTermText,
  selectText,
} from '../grammar/postgrest-text'
import type {
  FilterCondition,
  FilterNode,
  JsonValue,
  Operation,
  OrderTerm,
  ReadShape,
  RequestModel,
  SelectItem,
} from '../model'
import { renderError, type RenderResult } from './shared'

/** A JavaScript literal: single-quoted strings, numbers, booleans, null, arrays, objects. */
export function jsLiteral(value: JsonValue, indent = ''): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return String(value)
  if (typeof value === 'string') return jsString(value)
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    const items = value.map((item) => jsLiteral(item, inner))
    const inline = `[${items.join(', ')}]`
    return fits(inline, indent) ? inline : `[\n${items.map((item) => inner + item).join(',\n')},\n${indent}]`
  }
  const entries = Object.entries(value).map(([key, item]) => `${jsKey(key)}: ${jsLiteral(item, inner)}`)
  if (entries.length === 0) return '{}'
  const inline = `{ ${entries.join(', ')} }`
  return fits(inline, indent)
    ? inline
    : `{\n${entries.map((entry) => inner + entry).join(',\n')},\n${indent}}`
}

function fits(text: string, indent: string): boolean {
  return !text.includes('\n') && indent.length + text.length <= 72
}

export function jsString(text: string): string {
  const json = JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")
  return `'${json}'`
}

function jsKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : jsString(key)
}

interface Call {
  method: string
  args: string[]
}

const call = (method: string, ...args: string[]): Call => ({ method, args })

/** The select argument, spaced for reading (supabase-js strips the spaces again). */
function selectArgument(items: SelectItem[]): string {
  return jsString(items.map((item) => selectText([item])).join(', '))
}

function valueArgument(text: string, js: string | number | boolean): string {
  return String(js) === text ? jsLiteral(js) : jsString(text)
}

const SIMPLE_METHODS: Partial<Record<FilterCondition['operator'], string>> = {
  eq: 'eq',
  neq: 'neq',
  gt: 'gt',
  gte: 'gte',
  lt: 'lt',
  lte: 'lte',
  like: 'like',
  ilike: 'ilike',
  cs: 'contains',
  cd: 'containedBy',
  ov: 'overlaps',
  sl: 'rangeLt',
  sr: 'rangeGt',
  nxr: 'rangeLte',
  nxl: 'rangeGte',
  adj: 'rangeAdjacent',
}

const TEXT_SEARCH_TYPES: Record<string, string | undefined> = {
  fts: undefined,
  plfts: 'plain',
  phfts: 'phrase',
  wfts: 'websearch',
}

/** What supabase-js's .in() writes for a list, so we use it only when it writes our text. */
function clientInText(values: (string | number | boolean)[]): string {
  const cleaned = Array.from(new Set(values)).map((value) =>
    typeof value === 'string' && /[,()]/.test(value) ? `"${value}"` : `${value}`,
  )
  return `(${cleaned.join(',')})`
}

function filterCall(node: FilterNode): Call {
  const [column, value] = filterParam(node)
  if (node.kind === 'group') {
    const body = groupBodyText(node).slice(1, -1)
    return node.embedPath.length > 0
      ? call('or', jsString(body), `{ referencedTable: ${jsString(embedPathText(node.embedPath))} }`)
      : call('or', jsString(body))
  }
  const columnArg = jsString(column)
  const operatorAndValue = value.slice(node.negated ? 4 : 0)
  const dot = operatorPrefixLength(node)
  const operatorText = operatorAndValue.slice(0, dot)
  const valueText = operatorAndValue.slice(dot + 1)
  const v = node.value
  if (node.negated) {
    if (v.kind === 'is')
      return call('not', columnArg, jsString('is'), v.value === 'unknown' ? jsString('unknown') : v.value)
    if (v.kind === 'scalar')
      return call('not', columnArg, jsString(operatorText), valueArgument(valueText, v.value.js))
    return call('not', columnArg, jsString(operatorText), jsString(valueText))
  }
  if (v.kind === 'is') {
    return v.value === 'unknown'
      ? call('filter', columnArg, jsString('is'), jsString('unknown'))
      : call('is', columnArg, v.value)
  }
  if (v.kind === 'list') {
    const values = v.items.map((item) => item.js)
    if (node.operator === 'in' && clientInText(values) === listText(v.items)) {
      return call('in', columnArg, `[${values.map((item) => jsLiteral(item)).join(', ')}]`)
    }
    return call('filter', columnArg, jsString(operatorText), jsString(valueText))
  }
  if (v.kind === 'scalar' && !node.quantifier) {
    const method = SIMPLE_METHODS[node.operator]
    if (method) return call(method, columnArg, valueArgument(valueText, v.value.js))
    if (node.operator in TEXT_SEARCH_TYPES) {
      const type = TEXT_SEARCH_TYPES[node.operator]
      const options = [
        node.config !== undefined ? `config: ${jsString(node.config)}` : '',
        type ? `type: ${jsString(type)}` : '',
      ]
        .filter(Boolean)
        .join(', ')
      return options
        ? call('textSearch', columnArg, jsString(valueText), `{ ${options} }`)
        : call('textSearch', columnArg, jsString(valueText))
    }
  }
  const argument = v.kind === 'scalar' ? valueArgument(valueText, v.value.js) : jsString(valueText)
  return call('filter', columnArg, jsString(operatorText), argument)
}

/** Length of `op`, `op(any)` or `fts(english)` at the start of a condition's value text. */
function operatorPrefixLength(node: FilterCondition): number {
  let length = node.operator.length
  if (node.quantifier) length += node.quantifier.length + 2
  if (node.config !== undefined) length += node.config.length + 2
  return length
}

function orderCall(term: OrderTerm): Call {
  const text = orderTermText(term)
  const column = text.slice(0, text.lastIndexOf(`.${term.direction}`))
  const options: string[] = []
  if (term.direction === 'desc') options.push('ascending: false')
  if (term.nulls) options.push(`nullsFirst: ${term.nulls === 'first'}`)
  return options.length > 0
    ? call('order', jsString(column), `{ ${options.join(', ')} }`)
    : call('order', jsString(column))
}

function shapeCalls(shape: ReadShape): Call[] | RenderResult {
  const calls = [...shape.filters.map(filterCall), ...shape.order.map(orderCall)]
  if (shape.limit !== undefined) {
    const offset = shape.offset ?? 0
    calls.push(
      offset === 0
        ? call('limit', String(shape.limit))
        : call('range', String(offset), String(offset + shape.limit - 1)),
    )
  } else if (shape.offset !== undefined) {
    return renderError(
      'supabase-js has no way to skip rows without a row limit: .range() needs both ends.',
      'Add a LIMIT to the query, for example LIMIT 1000 OFFSET 20.',
    )
  }
  return calls
}

function filterCalls(filters: FilterNode[]): Call[] {
  return filters.map(filterCall)
}

function returningCalls(returning: SelectItem[] | undefined): Call[] {
  if (!returning) return []
  return isStar(returning) ? [call('select')] : [call('select', selectArgument(returning))]
}

function isStar(items: SelectItem[]): boolean {
  return items.length === 1 && items[0]!.kind === 'star'
}

function operationCalls(operation: Operation): Call[] | RenderResult {
  const start: Call[] = []
  if (operation.relation.schema !== undefined) start.push(call('schema', jsString(operation.relation.schema)))
  const relation = jsString(operation.relation.name)
  switch (operation.kind) {
    case 'select': {
      const shape = shapeCalls(operation)
      if (!Array.isArray(shape)) return shape
      const select = operation.countOnly
        ? call('select', selectArgument(operation.select), "{ count: 'exact', head: true }")
        : isStar(operation.select)
          ? call('select')
          : call('select', selectArgument(operation.select))
      return [...start, call('from', relation), select, ...shape]
    }
    case 'rpc': {
      const shape = shapeCalls(operation)
      if (!Array.isArray(shape)) return shape
      const isEmpty =
        operation.args !== null &&
        typeof operation.args === 'object' &&
        !Array.isArray(operation.args) &&
        Object.keys(operation.args).length === 0
      const rpc = isEmpty ? call('rpc', relation) : call('rpc', relation, jsLiteral(operation.args, '  '))
      const select = operation.select ? [call('select', selectArgument(operation.select))] : []
      return [...start, rpc, ...select, ...shape]
    }
    case 'insert': {
      const rows = operation.singleRow ? operation.rows[0]! : operation.rows
      const options: string[] = []
      if (operation.onConflict) {
        if (operation.onConflict.columns.length > 0) {
          options.push(`onConflict: ${jsString(operation.onConflict.columns.map(fieldName).join(','))}`)
        }
        if (operation.onConflict.resolution === 'ignore-duplicates') options.push('ignoreDuplicates: true')
      }
      if (operation.missingAsDefault) options.push('defaultToNull: false')
      const method = operation.onConflict ? 'upsert' : 'insert'
      const args = [jsLiteral(rows, '  ')]
      if (options.length > 0) args.push(`{ ${options.join(', ')} }`)
      return [...start, call('from', relation), call(method, ...args), ...returningCalls(operation.returning)]
    }
    case 'update':
      return [
        ...start,
        call('from', relation),
        call('update', jsLiteral(operation.values, '  ')),
        ...filterCalls(operation.filters),
        ...returningCalls(operation.returning),
      ]
    case 'delete':
      return [
        ...start,
        call('from', relation),
        call('delete'),
        ...filterCalls(operation.filters),
        ...returningCalls(operation.returning),
      ]
  }
}

export function renderSupabaseJs(request: RequestModel): RenderResult {
  const calls = operationCalls(request.operation)
  if (!Array.isArray(calls)) return calls
  const result = request.operation.kind === 'select' && request.operation.countOnly ? 'count' : 'data'
  const lines = calls.map(({ method, args }) => `  .${method}(${args.join(', ')})`)
  return { ok: true, code: `const { ${result}, error } = await supabase\n${lines.join('\n')}` }
}
