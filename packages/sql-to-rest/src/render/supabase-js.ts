/** supabase-js v2 code: `supabase.from(...).select(...).eq(...)`. */
import {
  fieldName,
  filterParam,
  groupBodyText,
  listText,
  embedPathText,
  orderTermText,
  selectText,
} from '@docs/postgrest-request'
import type {
  CountPreference,
  FilterCondition,
  FilterNode,
  JsonObject,
  JsonValue,
  Operation,
  OrderTerm,
  ReadShape,
  RequestModel,
  SelectItem,
} from '@docs/postgrest-request'
import { readPreferences } from '@docs/postgrest-request'
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

function orderCall(term: OrderTerm, referencedTable?: string): Call {
  const text = orderTermText(term)
  const column = text.slice(0, text.lastIndexOf(`.${term.direction}`))
  const options: string[] = []
  if (term.direction === 'desc') options.push('ascending: false')
  if (term.nulls) options.push(`nullsFirst: ${term.nulls === 'first'}`)
  if (referencedTable !== undefined) options.push(`referencedTable: ${jsString(referencedTable)}`)
  return options.length > 0
    ? call('order', jsString(column), `{ ${options.join(', ')} }`)
    : call('order', jsString(column))
}

/** `.order()`, `.limit()` and `.range()`, of the main rows or of an embedded resource. */
function pagingCalls(
  shape: { order?: OrderTerm[]; limit?: number; offset?: number },
  referencedTable?: string,
): Call[] | RenderResult {
  const calls = (shape.order ?? []).map((term) => orderCall(term, referencedTable))
  const options = referencedTable === undefined ? [] : [`{ referencedTable: ${jsString(referencedTable)} }`]
  if (shape.limit !== undefined) {
    const offset = shape.offset ?? 0
    calls.push(
      offset === 0
        ? call('limit', String(shape.limit), ...options)
        : call('range', String(offset), String(offset + shape.limit - 1), ...options),
    )
  } else if (shape.offset !== undefined) {
    return renderError(
      'supabase-js has no way to skip rows without a row limit: .range() needs both ends.',
      'Add a LIMIT to the query, for example LIMIT 1000 OFFSET 20.',
    )
  }
  return calls
}

function shapeCalls(shape: ReadShape): Call[] | RenderResult {
  const calls = filterCalls(shape.filters)
  const main = pagingCalls(shape)
  if (!Array.isArray(main)) return main
  calls.push(...main)
  for (const embedded of shape.embedded ?? []) {
    const paging = pagingCalls(embedded, embedPathText(embedded.embedPath))
    if (!Array.isArray(paging)) return paging
    calls.push(...paging)
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

function optionsText(options: string[]): string[] {
  return options.length > 0 ? [`{ ${options.join(', ')} }`] : []
}

function countOption(count: CountPreference | undefined): string[] {
  return count === undefined ? [] : [`count: ${jsString(count)}`]
}

/** The columns postgrest-js names for an array of rows: every key, in order of appearance. */
function clientColumns(rows: JsonObject[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row)))]
}

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index])

interface Extras {
  /** Calls for headers the operation does not hold: `.single()`, `.csv()`, `.rollback()`. */
  calls: Call[]
  /** `Prefer: count=…` of a write. */
  count?: CountPreference
}

// Prefer values that change nothing (PostgREST's defaults) or that the operation holds.
const QUIET_PREFERENCES = new Set(['return=minimal', 'missing=null', 'handling=lenient', 'tx=commit'])
const ACCEPT_CALLS: Record<string, string | null> = {
  'application/json': null,
  '*/*': null,
  'application/vnd.pgrst.object+json': 'single',
  'text/csv': 'csv',
  'application/geo+json': 'geojson',
}
// Headers supabase-js sends on its own, or that PostgREST does not read.
const QUIET_HEADERS = new Set([
  'accept-profile',
  'content-profile',
  'range',
  'content-length',
  'user-agent',
  'accept-encoding',
  'connection',
])

/** The request's headers beyond what the operation says, as client calls. */
function extrasOf(request: RequestModel): Extras | RenderResult {
  const extras: Extras = { calls: [] }
  const operation = request.operation
  const cannot = (what: string) =>
    renderError(
      `supabase-js cannot send ${what} with this call.`,
      'Send the request with curl or fetch, or set the header on the client (createClient(url, key, { global: { headers } })).',
    )
  for (const header of request.headers) {
    const name = header.name.toLowerCase()
    if (QUIET_HEADERS.has(name)) continue
    if (name === 'content-type') {
      if (request.rawBody !== undefined) {
        return renderError(
          'supabase-js sends the body as JSON built from JavaScript values, not this body as it is.',
          'Send the request with curl, or write the body as JSON whose numbers JavaScript keeps exactly.',
        )
      }
      continue
    }
    if (name === 'accept') {
      const type = header.value.split(';')[0]!.trim().toLowerCase()
      const method = ACCEPT_CALLS[type]
      if (method === undefined) return cannot(`Accept: ${header.value}`)
      if (method !== null) extras.calls.push(call(method))
      continue
    }
    if (name === 'prefer') {
      const preferences = readPreferences([header])
      for (const token of header.value.split(',').map((part) => part.trim())) {
        if (token === '' || QUIET_PREFERENCES.has(token)) continue
        if (token === 'tx=rollback') extras.calls.push(call('rollback'))
        else if (token.startsWith('count=') && preferences.count !== undefined) {
          if (operation.kind !== 'select' && operation.kind !== 'rpc') extras.count = preferences.count
        } else if (token === 'return=representation') {
          if (operation.kind === 'select' || operation.kind === 'rpc') continue
          if (!operation.returning) return cannot('Prefer: return=representation')
        } else if (token.startsWith('resolution=')) {
          if (!(operation.kind === 'insert' && operation.onConflict)) return cannot(`Prefer: ${token}`)
        } else if (token === 'missing=default') {
          if (!(operation.kind === 'insert' && operation.missingAsDefault)) return cannot(`Prefer: ${token}`)
        } else return cannot(`Prefer: ${token}`)
      }
      continue
    }
    return cannot(`the header ${header.name}`)
  }
  return extras
}

function operationCalls(operation: Operation, extras: Extras): Call[] | RenderResult {
  const start: Call[] = []
  if (operation.relation.schema !== undefined) start.push(call('schema', jsString(operation.relation.schema)))
  const relation = jsString(operation.relation.name)
  switch (operation.kind) {
    case 'select': {
      const shape = shapeCalls(operation)
      if (!Array.isArray(shape)) return shape
      const options = [...countOption(operation.count), ...(operation.countOnly ? ['head: true'] : [])]
      const select =
        options.length > 0
          ? call('select', selectArgument(operation.select), ...optionsText(options))
          : isStar(operation.select)
            ? call('select')
            : call('select', selectArgument(operation.select))
      return [...start, call('from', relation), select, ...shape]
    }
    case 'rpc': {
      const shape = shapeCalls(operation)
      if (!Array.isArray(shape)) return shape
      if (operation.columns) {
        return renderError(
          'supabase-js cannot send columns= with a function call.',
          'Send only the arguments the function takes.',
        )
      }
      const args = operation.args
      const isObject = args !== null && typeof args === 'object' && !Array.isArray(args)
      if (
        operation.method !== undefined &&
        isObject &&
        Object.values(args).some((value) => typeof value !== 'string')
      ) {
        return renderError(
          'supabase-js sends each argument of a GET call once: it writes a list as a Postgres array, {a,b}, not as a repeated parameter.',
          'Call a VARIADIC function with POST and a JSON array, or send the request with curl.',
        )
      }
      const options = [
        ...(operation.method === 'GET' ? ['get: true'] : operation.method === 'HEAD' ? ['head: true'] : []),
        ...countOption(operation.count),
      ]
      const isEmpty = isObject && Object.keys(args).length === 0
      const rpcArgs = isEmpty && options.length === 0 ? [] : [jsLiteral(args, '  '), ...optionsText(options)]
      const select = operation.select ? [call('select', selectArgument(operation.select))] : []
      return [...start, call('rpc', relation, ...rpcArgs), ...select, ...shape]
    }
    case 'insert': {
      const rows = operation.singleRow ? operation.rows[0]! : operation.rows
      if (
        operation.columns &&
        (operation.singleRow || !sameList(operation.columns, clientColumns(operation.rows)))
      ) {
        return renderError(
          'supabase-js names the columns itself: every key of the rows, and none for a single object.',
          'Give the rows exactly the keys to insert.',
        )
      }
      const options: string[] = []
      if (operation.onConflict) {
        if (operation.onConflict.columns.length > 0) {
          options.push(`onConflict: ${jsString(operation.onConflict.columns.map(fieldName).join(','))}`)
        }
        if (operation.onConflict.resolution === 'ignore-duplicates') options.push('ignoreDuplicates: true')
      }
      options.push(...countOption(extras.count))
      if (operation.missingAsDefault) options.push('defaultToNull: false')
      const method = operation.onConflict ? 'upsert' : 'insert'
      return [
        ...start,
        call('from', relation),
        call(method, jsLiteral(rows, '  '), ...optionsText(options)),
        ...filterCalls(operation.filters ?? []),
        ...returningCalls(operation.returning),
      ]
    }
    case 'update': {
      if (operation.columns || operation.missingAsDefault) {
        return renderError(
          'supabase-js cannot send columns= or Prefer: missing=default with an update.',
          'Put exactly the columns to set in the object.',
        )
      }
      const paging = pagingCalls(operation)
      if (!Array.isArray(paging)) return paging
      return [
        ...start,
        call('from', relation),
        call('update', jsLiteral(operation.values, '  '), ...optionsText(countOption(extras.count))),
        ...filterCalls(operation.filters),
        ...paging,
        ...returningCalls(operation.returning),
      ]
    }
    case 'delete': {
      const paging = pagingCalls(operation)
      if (!Array.isArray(paging)) return paging
      return [
        ...start,
        call('from', relation),
        call('delete', ...optionsText(countOption(extras.count))),
        ...filterCalls(operation.filters),
        ...paging,
        ...returningCalls(operation.returning),
      ]
    }
  }
}

/** What the call's result is destructured into. */
function resultNames(operation: Operation, extras: Extras): string {
  const counted =
    extras.count !== undefined ||
    ((operation.kind === 'select' || operation.kind === 'rpc') && operation.count !== undefined)
  const headersOnly =
    (operation.kind === 'select' && operation.countOnly) ||
    (operation.kind === 'rpc' && operation.method === 'HEAD')
  if (headersOnly) return counted ? 'count, error' : 'error'
  return counted ? 'data, count, error' : 'data, error'
}

const NO_PUT = 'supabase-js has no PUT: it cannot send a single-row upsert by primary-key filters.'

export function renderSupabaseJs(request: RequestModel): RenderResult {
  if (request.operation.kind === 'insert' && request.operation.put) {
    return renderError(
      NO_PUT,
      'Use .upsert(row), a POST with Prefer: resolution=merge-duplicates, which inserts the row or updates it by primary key.',
    )
  }
  const extras = extrasOf(request)
  if ('ok' in extras) return extras
  const calls = operationCalls(request.operation, extras)
  if (!Array.isArray(calls)) return calls
  calls.push(...extras.calls)
  const lines = calls.map(({ method, args }) => `  .${method}(${args.join(', ')})`)
  return {
    ok: true,
    code: `const { ${resultNames(request.operation, extras)} } = await supabase\n${lines.join('\n')}`,
  }
}
