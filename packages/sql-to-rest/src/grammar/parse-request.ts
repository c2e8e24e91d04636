/**
 * The other direction: a PostgREST request, written as a URL, a curl command or a raw HTTP
 * request, read back into the request model. Faults are values of the translator's kinds:
 * `parse` for text that breaks PostgREST's grammar, `unsupported` for requests it has no
 * model for.
 */
import type { TranslateError } from '../errors'
import type {
  AggregateFunction,
  FieldRef,
  FilterCondition,
  FilterNode,
  FilterOperator,
  FilterValue,
  HttpHeader,
  HttpMethod,
  JsonObject,
  JsonStep,
  JsonValue,
  Operation,
  OrderTerm,
  QueryParam,
  Relation,
  RequestModel,
  ScalarValue,
  SelectItem,
} from '../model'
import { buildRequest } from '../request'

export type ParseRequestResult = { ok: true; request: RequestModel } | { ok: false; error: TranslateError }

class RequestFault extends Error {
  constructor(readonly error: TranslateError) {
    super(error.message)
  }
}

function malformed(message: string, hint: string): never {
  throw new RequestFault({ kind: 'parse', message, hint })
}

function refused(message: string, hint: string): never {
  throw new RequestFault({ kind: 'unsupported', message, hint })
}

const GRAMMAR_HINT = 'Filters are written column=operator.value, for example price=gte.10 or name=in.(a,b).'

/** A request as the three text forms carry it, before the query string is read. */
export interface RawRequest {
  method: string
  target: string
  headers: HttpHeader[]
  body?: string
}

export function parseRestRequest(text: string): ParseRequestResult {
  try {
    return { ok: true, request: requestFromRaw(readRaw(text.trim())) }
  } catch (error) {
    if (error instanceof RequestFault) return { ok: false, error: error.error }
    throw error
  }
}

// ---- the three text forms ------------------------------------------------------------------------

export function readRaw(text: string): RawRequest {
  if (text === '')
    malformed('There is no request to read.', 'Paste a URL, a curl command or a raw HTTP request.')
  if (/^curl\s/.test(text)) return readCurl(text)
  const requestLine = /^([A-Z]+)\s+(\S+)(\s+HTTP\/[\d.]+)?\s*$/.exec(text.split('\n')[0]!.trim())
  if (requestLine && (requestLine[3] !== undefined || text.includes('\n'))) return readHttp(text)
  const single = /^(?:([A-Z]+)\s+)?(\S+)$/.exec(text)
  if (!single)
    malformed(
      'The text is not a URL, a curl command or a raw HTTP request.',
      'Start with curl, a method such as GET, or the URL.',
    )
  return { method: single[1] ?? 'GET', target: single[2]!, headers: [] }
}

function readHttp(text: string): RawRequest {
  const normalized = text.replace(/\r\n/g, '\n')
  const split = normalized.indexOf('\n\n')
  const head = split === -1 ? normalized : normalized.slice(0, split)
  const body = split === -1 ? '' : normalized.slice(split + 2).trim()
  const [requestLine = '', ...lines] = head.split('\n')
  const [method = 'GET', target = ''] = requestLine.trim().split(/\s+/)
  const headers: HttpHeader[] = []
  let host = ''
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon <= 0) malformed(`The header line "${line}" has no name.`, 'Write each header as Name: value.')
    const name = line.slice(0, colon).trim()
    const value = line.slice(colon + 1).trim()
    if (name.toLowerCase() === 'host') host = value
    else headers.push({ name, value })
  }
  const absolute = /^https?:\/\//.test(target) || host === '' ? target : `http://${host}${target}`
  return { method, target: absolute, headers, ...(body === '' ? {} : { body }) }
}

/** Splits a shell command into words: single and double quotes, backslashes, line continuations. */
export function shellWords(text: string): string[] {
  const words: string[] = []
  let current: string | undefined
  let index = 0
  const push = () => {
    if (current !== undefined) words.push(current)
    current = undefined
  }
  while (index < text.length) {
    const char = text[index]!
    if (char === '\\' && text[index + 1] === '\n') {
      index += 2
    } else if (/\s/.test(char)) {
      push()
      index += 1
    } else if (char === "'") {
      const end = text.indexOf("'", index + 1)
      if (end === -1) malformed('A single quote is not closed.', 'Close every quote in the curl command.')
      current = (current ?? '') + text.slice(index + 1, end)
      index = end + 1
    } else if (char === '"') {
      let value = ''
      index += 1
      while (index < text.length && text[index] !== '"') {
        if (text[index] === '\\' && /["\\$`]/.test(text[index + 1] ?? '')) index += 1
        value += text[index]
        index += 1
      }
      if (index >= text.length)
        malformed('A double quote is not closed.', 'Close every quote in the curl command.')
      current = (current ?? '') + value
      index += 1
    } else if (char === '\\') {
      current = (current ?? '') + (text[index + 1] ?? '')
      index += 2
    } else {
      current = (current ?? '') + char
      index += 1
    }
  }
  push()
  return words
}

function readCurl(text: string): RawRequest {
  const words = shellWords(text).slice(1)
  let method: string | undefined
  let target: string | undefined
  let body: string | undefined
  const headers: HttpHeader[] = []
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!
    const next = () => {
      const value = words[index + 1]
      if (value === undefined) malformed(`${word} needs a value.`, 'Check the end of the curl command.')
      index += 1
      return value
    }
    if (word === '-X' || word === '--request') method = next()
    else if (word === '-H' || word === '--header') {
      const header = next()
      const colon = header.indexOf(':')
      if (colon <= 0) malformed(`The header "${header}" has no name.`, 'Write -H "Name: value".')
      headers.push({ name: header.slice(0, colon).trim(), value: header.slice(colon + 1).trim() })
    } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(word)) body = next()
    else if (word === '-I' || word === '--head') method = 'HEAD'
    else if (word === '--url') target = next()
    else if (word.startsWith('-')) {
      if (
        [
          '-s',
          '--silent',
          '-i',
          '--include',
          '-v',
          '--verbose',
          '-g',
          '--globoff',
          '-L',
          '--location',
        ].includes(word)
      )
        continue
      refused(`The curl option ${word} is not read.`, 'Use -X, -H, -d and the URL.')
    } else target = word
  }
  if (target === undefined) malformed('The curl command has no URL.', 'Put the request URL after curl.')
  return {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    target,
    headers,
    ...(body === undefined ? {} : { body }),
  }
}

// ---- URL and headers to the model ----------------------------------------------------------------

/** The path below the REST endpoint: everything after `/rest/v1`, or the whole path. */
function restPath(target: string): { path: string; search: string } {
  let url: URL
  try {
    url = new URL(target, 'http://localhost')
  } catch {
    return malformed(
      `"${target}" is not a URL.`,
      'Write the full URL, such as http://localhost:54321/rest/v1/books?select=*.',
    )
  }
  const marker = url.pathname.indexOf('/rest/v1/')
  const path = marker === -1 ? url.pathname : url.pathname.slice(marker + '/rest/v1'.length)
  return { path, search: url.search.slice(1) }
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return malformed(`"${text}" has a broken percent escape.`, 'Encode % as %25.')
  }
}

export function readQuery(search: string): QueryParam[] {
  if (search === '') return []
  return search.split('&').map((pair) => {
    const equals = pair.indexOf('=')
    return equals === -1
      ? [decode(pair), '']
      : [decode(pair.slice(0, equals)), decode(pair.slice(equals + 1))]
  })
}

const METHODS: HttpMethod[] = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']

function requestFromRaw(raw: RawRequest): RequestModel {
  const method = raw.method.toUpperCase() as HttpMethod
  if (!METHODS.includes(method)) {
    refused(
      `${raw.method} requests have no SQL equivalent here.`,
      'Use GET, HEAD, POST, PATCH or DELETE; PUT is not supported.',
    )
  }
  const { path, search } = restPath(raw.target)
  const query = readQuery(search)
  const header = (name: string) => raw.headers.find((h) => h.name.toLowerCase() === name)?.value
  const prefer = (header('prefer') ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean)
  const profile = header(method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile')
  let body: JsonValue | undefined
  if (raw.body !== undefined && raw.body !== '') {
    try {
      body = JSON.parse(raw.body) as JsonValue
    } catch {
      malformed('The request body is not JSON.', 'PostgREST reads JSON bodies: {"column": value}.')
    }
  }
  const segments = path.split('/').filter(Boolean).map(decode)
  const rpc = segments[0] === 'rpc'
  const name = rpc ? segments[1] : segments[0]
  if (name === undefined || segments.length !== (rpc ? 2 : 1)) {
    malformed(
      `The path "${path}" does not name a table or function.`,
      'Write /table or /rpc/function after the REST endpoint.',
    )
  }
  const relation: Relation = profile === undefined ? { name } : { schema: profile, name }
  const read = readParameters(query)
  return buildRequest(operationOf(method, rpc, relation, read, prefer, body))
}

interface ReadParameters {
  select?: SelectItem[]
  filters: FilterNode[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  onConflict?: string[]
}

function readParameters(query: QueryParam[]): ReadParameters {
  const result: ReadParameters = { filters: [], order: [] }
  for (const [name, value] of query) {
    if (name === 'select') result.select = parseSelectList(value)
    else if (name === 'order') result.order = splitTopLevel(value).map(parseOrderTerm)
    else if (name === 'limit') result.limit = parseCount(name, value)
    else if (name === 'offset') result.offset = parseCount(name, value)
    else if (name === 'on_conflict') result.onConflict = splitTopLevel(value).map(unquoteName)
    else if (name === 'columns') continue
    else result.filters.push(parseFilterParam(name, value))
  }
  return result
}

function parseCount(name: string, value: string): number {
  if (!/^\d+$/.test(value)) malformed(`${name}=${value} is not a whole number.`, `Write ${name}=10.`)
  return Number(value)
}

function operationOf(
  method: HttpMethod,
  rpc: boolean,
  relation: Relation,
  read: ReadParameters,
  prefer: string[],
  body: JsonValue | undefined,
): Operation {
  const returning = prefer.includes('return=representation') ? (read.select ?? [{ kind: 'star' }]) : undefined
  const shape = {
    filters: read.filters,
    order: read.order,
    ...(read.limit === undefined ? {} : { limit: read.limit }),
    ...(read.offset === undefined ? {} : { offset: read.offset }),
  }
  if (rpc) {
    if (method !== 'POST')
      refused('Only POST calls of functions are read here.', 'Send the arguments as a JSON body with POST.')
    return {
      kind: 'rpc',
      relation,
      args: body ?? {},
      ...(read.select ? { select: read.select } : {}),
      ...shape,
    }
  }
  const noPaging = (what: string) => {
    if (read.limit !== undefined || read.offset !== undefined || read.order.length > 0) {
      refused(`${what} with order, limit or offset has no SQL equivalent.`, 'Remove order, limit and offset.')
    }
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return {
        kind: 'select',
        relation,
        select: read.select ?? [{ kind: 'star' }],
        countOnly: method === 'HEAD',
        ...shape,
      }
    case 'POST': {
      noPaging('An insert')
      if (body === undefined || body === null || typeof body !== 'object') {
        return malformed(
          'An insert needs a JSON object or array of objects as its body.',
          'Send {"column": value}.',
        )
      }
      const rows = (Array.isArray(body) ? body : [body]) as JsonObject[]
      if (rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) {
        malformed('Every row of an insert must be a JSON object.', 'Send [{"column": value}, ...].')
      }
      const resolution = prefer.find((token) => token.startsWith('resolution='))?.slice('resolution='.length)
      if (read.filters.length > 0) refused('An insert cannot have filters.', 'Remove the filter parameters.')
      return {
        kind: 'insert',
        relation,
        rows,
        singleRow: !Array.isArray(body),
        missingAsDefault: prefer.includes('missing=default'),
        ...(resolution === 'merge-duplicates' || resolution === 'ignore-duplicates'
          ? { onConflict: { columns: read.onConflict ?? [], resolution } }
          : {}),
        ...(returning ? { returning } : {}),
      }
    }
    case 'PATCH':
      noPaging('An update')
      if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
        return malformed(
          'An update needs a JSON object of new values as its body.',
          'Send {"column": value}.',
        )
      }
      return {
        kind: 'update',
        relation,
        values: body,
        filters: read.filters,
        ...(returning ? { returning } : {}),
      }
    case 'DELETE':
      noPaging('A delete')
      return { kind: 'delete', relation, filters: read.filters, ...(returning ? { returning } : {}) }
  }
}

// ---- PostgREST's query grammar -----------------------------------------------------------------

/** Splits at commas outside parentheses, braces and double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (quoted) {
      if (char === '\\') index += 1
      else if (char === '"') quoted = false
    } else if (char === '"') quoted = true
    else if (char === '(' || char === '{') depth += 1
    else if (char === ')' || char === '}') depth -= 1
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index))
      start = index + 1
    }
  }
  if (quoted || depth !== 0) malformed(`"${text}" has an unclosed quote or parenthesis.`, GRAMMAR_HINT)
  parts.push(text.slice(start))
  return parts.filter((part) => part !== '')
}

/** Reads a name that may be double-quoted; returns it and the rest of the text. */
function readName(text: string): [name: string, rest: string] {
  if (text.startsWith('"')) {
    let name = ''
    let index = 1
    while (index < text.length && text[index] !== '"') {
      if (text[index] === '\\') index += 1
      name += text[index] ?? ''
      index += 1
    }
    return [name, text.slice(index + 1)]
  }
  const match = /^[^.,:()!>\-"]*(?:-(?!>)[^.,:()!>\-"]*)*/.exec(text)!
  return [match[0], text.slice(match[0].length)]
}

function unquoteName(text: string): string {
  return readName(text)[0]
}

function readJsonPath(text: string): [path: JsonStep[], rest: string] {
  const path: JsonStep[] = []
  let rest = text
  while (rest.startsWith('->')) {
    const arrow = rest.startsWith('->>') ? '->>' : '->'
    rest = rest.slice(arrow.length)
    const quoted = rest.startsWith('"')
    const [key, after] = readName(rest)
    path.push({ arrow, key: !quoted && /^\d+$/.test(key) ? Number(key) : key })
    rest = after
  }
  return [path, rest]
}

function readField(text: string): [field: FieldRef, rest: string] {
  const [column, afterName] = readName(text)
  if (column === '') malformed(`"${text}" does not start with a column name.`, GRAMMAR_HINT)
  const [jsonPath, rest] = readJsonPath(afterName)
  return [{ column, jsonPath }, rest]
}

function readCast(text: string): [cast: string | undefined, rest: string] {
  const match = /^::([A-Za-z_][A-Za-z0-9_ ]*)/.exec(text)
  return match ? [match[1], text.slice(match[0].length)] : [undefined, text]
}

const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max'])

export function parseSelectList(text: string): SelectItem[] {
  return splitTopLevel(text).map(parseSelectItem)
}

function parseSelectItem(text: string): SelectItem {
  if (text === '*') return { kind: 'star' }
  let rest = text
  let spread = false
  if (rest.startsWith('...')) {
    spread = true
    rest = rest.slice(3)
  }
  let alias: string | undefined
  const [first, afterFirst] = readName(rest)
  if (afterFirst.startsWith(':') && !afterFirst.startsWith('::')) {
    alias = first
    rest = afterFirst.slice(1)
  }
  const open = topLevelParen(rest)
  const [relation, modifiers] = open === -1 ? ['', ''] : readName(rest.slice(0, open))
  const isEmbed = relation !== '' && (modifiers === '' || modifiers.startsWith('!'))
  if (open !== -1 && rest.endsWith(')') && isEmbed && !/^count\(\)/.test(rest)) {
    let hint: string | undefined
    let inner = false
    for (const modifier of modifiers.split('!').slice(1)) {
      if (modifier === 'inner') inner = true
      else if (modifier === 'left') inner = false
      else hint = unquoteName(modifier)
    }
    return {
      kind: 'embed',
      relation,
      ...(alias === undefined ? {} : { alias }),
      ...(hint === undefined ? {} : { hint }),
      inner,
      spread,
      items: rest.slice(open + 1, -1) === '' ? [] : parseSelectList(rest.slice(open + 1, -1)),
    }
  }
  if (spread) malformed(`"${text}": only an embedded resource can be spread.`, 'Write ...table(columns).')
  if (rest.startsWith('count()')) {
    const [cast, after] = readCast(rest.slice('count()'.length))
    if (after !== '')
      malformed(`"${text}" has unexpected text after count().`, 'Write count() or alias:count().')
    return {
      kind: 'count-all',
      ...(alias === undefined ? {} : { alias }),
      ...(cast === undefined ? {} : { cast }),
    }
  }
  const [field, afterField] = readField(rest)
  const [cast, afterCast] = readCast(afterField)
  const item: SelectItem = { kind: 'field', field }
  if (alias !== undefined) item.alias = alias
  if (cast !== undefined) item.cast = cast
  let tail = afterCast
  const aggregate = /^\.([a-z]+)\(\)/.exec(tail)
  if (aggregate) {
    if (!AGGREGATES.has(aggregate[1]!)) {
      malformed(
        `"${aggregate[1]}()" is not an aggregate PostgREST knows.`,
        'Use count(), sum(), avg(), min() or max().',
      )
    }
    item.aggregate = aggregate[1] as AggregateFunction
    tail = tail.slice(aggregate[0].length)
    const [aggregateCast, afterAggregate] = readCast(tail)
    if (aggregateCast !== undefined) item.aggregateCast = aggregateCast
    tail = afterAggregate
  }
  if (tail !== '')
    malformed(
      `"${text}" is not a column, an embedded resource or an aggregate.`,
      'Write name, alias:name, name::type or table(columns).',
    )
  return item
}

function topLevelParen(text: string): number {
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (char === '"') quoted = !quoted
    else if (char === '(' && !quoted) return index
  }
  return -1
}

function parseOrderTerm(text: string): OrderTerm {
  let embed: string | undefined
  let rest = text
  const open = topLevelParen(text)
  if (open !== -1) {
    embed = unquoteName(text.slice(0, open))
    const close = text.indexOf(')', open)
    rest = text.slice(open + 1, close) + text.slice(close + 1)
  }
  const [field, afterField] = readField(rest)
  const term: OrderTerm = { field, direction: 'asc' }
  if (embed !== undefined) term.embed = embed
  for (const part of afterField.split('.').slice(1)) {
    if (part === 'asc' || part === 'desc') term.direction = part
    else if (part === 'nullsfirst') term.nulls = 'first'
    else if (part === 'nullslast') term.nulls = 'last'
    else
      malformed(
        `"${part}" in order=${text} is not asc, desc, nullsfirst or nullslast.`,
        'Write order=column.desc.nullslast.',
      )
  }
  return term
}

const OPERATORS = new Set<FilterOperator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
])

/** Splits a key at dots outside double quotes: `authors.name`, `"a.b"`. */
function splitDots(text: string): string[] {
  const parts: string[] = []
  let quoted = false
  let start = 0
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (char === '"') quoted = !quoted
    else if (char === '\\' && quoted) index += 1
    else if (char === '.' && !quoted) {
      parts.push(text.slice(start, index))
      start = index + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

function parseFilterParam(name: string, value: string): FilterNode {
  const parts = splitDots(name)
  const last = parts[parts.length - 1]!
  if (last === 'or' || last === 'and') {
    const negated = parts[parts.length - 2] === 'not'
    const embedPath = parts.slice(0, negated ? -2 : -1).map(unquoteName)
    if (!value.startsWith('(') || !value.endsWith(')')) {
      malformed(`${name}=${value}: a logic group is written (a.eq.1,b.eq.2).`, GRAMMAR_HINT)
    }
    return {
      kind: 'group',
      embedPath,
      negated,
      operator: last,
      items: splitTopLevel(value.slice(1, -1)).map((item) => treeNode(item, embedPath)),
    }
  }
  const [field, rest] = readField(last)
  if (rest !== '') malformed(`"${name}" is not a column name.`, 'Quote names with dots: "a.b"=eq.1.')
  return condition(parts.slice(0, -1).map(unquoteName), field, value, false)
}

function treeNode(text: string, embedPath: string[]): FilterNode {
  const group = /^(not\.)?(and|or)\((.*)\)$/s.exec(text)
  if (group) {
    return {
      kind: 'group',
      embedPath,
      negated: group[1] !== undefined,
      operator: group[2] as 'and' | 'or',
      items: splitTopLevel(group[3]!).map((item) => treeNode(item, embedPath)),
    }
  }
  const [field, rest] = readField(text)
  if (!rest.startsWith('.'))
    malformed(`"${text}" is not a filter: write column.operator.value.`, GRAMMAR_HINT)
  return condition(embedPath, field, rest.slice(1), true)
}

function scalar(text: string): ScalarValue {
  if (/^-?\d+(\.\d+)?$/.test(text) && String(Number(text)) === text) return { text, js: Number(text) }
  if (text === 'true' || text === 'false') return { text, js: text === 'true' }
  return { text, js: text }
}

function unquoteValue(text: string): string {
  if (!(text.length >= 2 && text.startsWith('"') && text.endsWith('"'))) return text
  return text.slice(1, -1).replace(/\\(.)/g, '$1')
}

function condition(embedPath: string[], field: FieldRef, text: string, inTree: boolean): FilterCondition {
  let rest = text
  let negated = false
  if (rest.startsWith('not.')) {
    negated = true
    rest = rest.slice(4)
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\.(.*)$/s.exec(rest)
  if (!match) malformed(`"${text}" has no operator: write operator.value, such as eq.5.`, GRAMMAR_HINT)
  const [, name, modifier, raw] = match as unknown as [string, string, string | undefined, string]
  if (!OPERATORS.has(name as FilterOperator)) {
    malformed(
      `"${name}" is not a PostgREST operator.`,
      'Operators: eq, neq, gt, gte, lt, lte, like, ilike, match, imatch, in, is, isdistinct, cs, cd, ov, sl, sr, nxr, nxl, adj, fts, plfts, phfts, wfts.',
    )
  }
  const operator = name as FilterOperator
  const result: FilterCondition = {
    kind: 'condition',
    embedPath,
    field,
    negated,
    operator,
    value: { kind: 'is', value: 'null' },
  }
  if (modifier === 'any' || modifier === 'all') result.quantifier = modifier
  else if (modifier !== undefined) result.config = modifier
  result.value = filterValue(
    operator,
    result.quantifier !== undefined,
    inTree ? unquoteValue(raw) : raw,
    text,
  )
  return result
}

function filterValue(operator: FilterOperator, quantified: boolean, raw: string, text: string): FilterValue {
  if (operator === 'is') {
    if (raw !== 'null' && raw !== 'true' && raw !== 'false' && raw !== 'unknown') {
      malformed(`is.${raw} is not allowed: is takes null, true, false or unknown.`, 'Write is.null.')
    }
    return { kind: 'is', value: raw }
  }
  if (operator === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')'))
      malformed(`"${text}": in takes a list in parentheses, in.(1,2).`, GRAMMAR_HINT)
    return { kind: 'list', items: splitTopLevel(raw.slice(1, -1)).map((item) => scalar(unquoteValue(item))) }
  }
  if (quantified) {
    if (!raw.startsWith('{') || !raw.endsWith('}'))
      malformed(`"${text}": a quantified operator takes an array, {a,b}.`, GRAMMAR_HINT)
    return { kind: 'array', items: splitTopLevel(raw.slice(1, -1)).map(unquoteValue) }
  }
  return { kind: 'scalar', value: scalar(raw) }
}
