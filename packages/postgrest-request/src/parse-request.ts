/**
 * The other direction, and the query grammar of the PostgREST 12.2 emulator: an HTTP request
 * read the way PostgREST 12.2 reads it (`src/PostgREST/ApiRequest.hs`,
 * `ApiRequest/QueryParams.hs`, `ApiRequest/Preferences.hs`, `RangeQuery.hs`) into the request
 * model. `parseRestParts` takes the parts of a request; `parseRestRequest` first reads them from a
 * URL, a curl command or a raw HTTP request.
 *
 * Faults are values: `parse` with the PostgREST error code the request would get (`PGRST100`
 * query-string grammar, `PGRST101`/`PGRST117` method, `PGRST102` body, `PGRST103` range,
 * `PGRST109`/`PGRST114` limits on writes), or `unsupported` for requests PostgREST answers but
 * the model cannot hold (OPTIONS, the root path, a PATCH with an array body).
 *
 * The REST engine reads every request with it; the SQL tool reads the requests a reader pastes.
 */
import { fault, RequestFault, type RequestFaultBody } from './faults'
import type {
  EmbeddedShape,
  FilterNode,
  HttpHeader,
  HttpMethod,
  JsonObject,
  JsonValue,
  Operation,
  OrderTerm,
  QueryParam,
  Relation,
  RequestModel,
  SelectItem,
} from './model'
import { buildRequest } from './build-request'
import { FILTER_OPERATORS, isQuantifiable } from './operators'
import { contentMediaType, getPayload, type Payload as PostgrestPayload } from './payload'
import { readPreferences, type PreferenceOptions, type Preferences } from './preferences'
import {
  ALL_RANGE,
  getRanges,
  queryRanges,
  rangeLimit,
  rangeOffset,
  sameRange,
  type QueryRange,
  type Range,
} from './range-query'
import { readQuery, readQueryString, urlDecode } from './query-string'
import { parse as runParser, type Parser, type RunResult } from './parsec'
import {
  pColumns,
  pFieldForest,
  pLogicPath,
  pLogicTree,
  pFilterExpr,
  pOrder,
  pTreePath,
  type OpExpr,
} from './query-params'

/** Text of the request that PostgREST does not read (its parsers stop before the end). */
export interface IgnoredText {
  /** The query parameter, as `name=value`. */
  parameter: string
  text: string
}

export type ParseRequestResult =
  { ok: true; request: RequestModel; ignored?: IgnoredText[] } | { ok: false; error: RequestFaultBody }

/** The parts of an HTTP request. */
export interface RawRequest {
  /** As sent: methods are case-sensitive, as in PostgREST. */
  method: string
  /** The full URL (or the path and query string). `/rest/v1` before the resource is skipped. */
  target: string
  headers: HttpHeader[]
  body?: string
}

function refused(message: string, hint: string): never {
  throw new RequestFault({ kind: 'unsupported', message, hint })
}

const OPERATORS_HINT =
  'Operators: eq, neq, gt, gte, lt, lte, like, ilike, match, imatch, in, is, isdistinct, cs, cd, ov, sl, sr, nxr, nxl, adj, fts, plfts, phfts, wfts.'
const GRAMMAR_HINT = 'Filters are written column=operator.value, for example price=gte.10 or name=in.(a,b).'

export interface ParseRestOptions {
  /**
   * The path of the REST endpoint the reader set (`/api` for `https://x.test/api`): what comes
   * after it is the resource. `/rest/v1` is known without it.
   */
  basePath?: string
}

/** Reads a URL, a curl command or a raw HTTP request. */
export function parseRestRequest(text: string, options: ParseRestOptions = {}): ParseRequestResult {
  return guarded(() => readParts(readRaw(text.trim()), options.basePath))
}

/** Reads the parts of an HTTP request, as PostgREST 12.2 would. */
export function parseRestParts(raw: RawRequest): ParseRequestResult {
  return guarded(() => readParts(raw))
}

function guarded(read: () => { request: RequestModel; ignored: IgnoredText[] }): ParseRequestResult {
  try {
    const { request, ignored } = read()
    return ignored.length > 0 ? { ok: true, request, ignored } : { ok: true, request }
  } catch (error) {
    if (error instanceof RequestFault) return { ok: false, error: error.error }
    throw error
  }
}

// ---- the three text forms ------------------------------------------------------------------------

function malformed(message: string, hint: string): never {
  throw new RequestFault({ kind: 'parse', message, hint })
}

/** A request as the three text forms carry it. Throws on text that is none of them. */
export function readRaw(text: string): RawRequest {
  if (text === '')
    malformed('There is no request to read.', 'Paste a URL, a curl command or a raw HTTP request.')
  if (/^curl\s/.test(text)) return readCurl(text)
  const requestLine = /^([A-Za-z]+)\s+(\S+)(\s+HTTP\/[\d.]+)?\s*$/.exec(text.split('\n')[0]!.trim())
  if (requestLine && (requestLine[3] !== undefined || text.includes('\n'))) return readHttp(text)
  const single = /^(?:([A-Za-z]+)\s+)?(\S+)$/.exec(text)
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
    const name = line.slice(0, Math.max(colon, 0)).trim()
    // Without the empty line, the body reads as one more header: say so rather than that there is no body.
    if (split === -1 && !HEADER_NAME.test(name) && startsBody(line, headers)) {
      const shown = line.trim().length > 40 ? `${line.trim().slice(0, 40)}…` : line.trim()
      malformed(
        'Leave an empty line before the body.',
        `"${shown}" is not a header: the headers end at an empty line, and the body comes after it.`,
      )
    }
    if (colon <= 0) malformed(`The header line "${line}" has no name.`, 'Write each header as Name: value.')
    const value = line.slice(colon + 1).trim()
    if (name.toLowerCase() === 'host') host = value
    else headers.push({ name, value })
  }
  const absolute = /^https?:\/\//.test(target) || host === '' ? target : `http://${host}${target}`
  return { method, target: absolute, headers, ...(body === '' ? {} : { body }) }
}

/** An HTTP header name: a token (RFC 9110). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * Whether a line that is no header starts the body: JSON always does; other text (CSV, a form)
 * once a Content-Type has said what the body is.
 */
function startsBody(line: string, headers: HttpHeader[]): boolean {
  return /^\s*[[{]/.test(line) || headers.some((header) => header.name.toLowerCase() === 'content-type')
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

const QUIET_CURL_OPTIONS = new Set([
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
  '-S',
  '--show-error',
  '-f',
  '--fail',
])

function readCurl(text: string): RawRequest {
  const words = shellWords(text).slice(1)
  let method: string | undefined
  let target: string | undefined
  let body: string | undefined
  let json = false
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
    else if (word === '--json') {
      body = next()
      json = true
    } else if (word === '-I' || word === '--head') method = 'HEAD'
    else if (word === '--url') target = next()
    else if (word.startsWith('-')) {
      if (QUIET_CURL_OPTIONS.has(word)) continue
      refused(`The curl option ${word} is not read.`, 'Use -X, -H, -d and the URL.')
    } else target = word
  }
  if (target === undefined) malformed('The curl command has no URL.', 'Put the request URL after curl.')
  const has = (name: string) => headers.some((header) => header.name.toLowerCase() === name)
  if (body !== undefined && !has('content-type')) {
    // What curl sends: --json is JSON, -d is a form unless a Content-Type header says otherwise.
    headers.push({
      name: 'Content-Type',
      value: json ? 'application/json' : 'application/x-www-form-urlencoded',
    })
  }
  if (json && !has('accept')) headers.push({ name: 'Accept', value: 'application/json' })
  return {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    target,
    headers,
    ...(body === undefined ? {} : { body }),
  }
}

// ---- URLs and query strings as WAI and http-types read them -----------------------------------

/** The path below the REST endpoint (after `basePath` or `/rest/v1`, or the whole path) and the raw query. */
function splitTarget(target: string, basePath?: string): { path: string; query: string } {
  let url: URL
  try {
    url = new URL(target, 'http://localhost')
  } catch {
    return malformed(
      `"${target}" is not a URL.`,
      'Write the full URL, such as http://localhost:54321/rest/v1/books?select=*.',
    )
  }
  const base = basePath?.replace(/\/+$/, '')
  const marker = url.pathname.indexOf('/rest/v1/')
  const path =
    base && (url.pathname === base || url.pathname.startsWith(`${base}/`))
      ? url.pathname.slice(base.length) || '/'
      : url.pathname.endsWith('/rest/v1')
        ? '/'
        : marker === -1
          ? url.pathname
          : url.pathname.slice(marker + '/rest/v1'.length)
  // The query as written: `URL` keeps it percent-encoded, and so does PostgREST's raw query string.
  const question = target.indexOf('?')
  const hash = target.indexOf('#', question)
  const query = question === -1 ? '' : target.slice(question + 1, hash === -1 ? undefined : hash)
  return { path, query }
}

/** http-types `decodePathSegments`: the leading slash dropped, split at `/`, each one decoded. */
function pathSegments(path: string): string[] {
  if (path === '' || path === '/') return []
  return (path.startsWith('/') ? path.slice(1) : path).split('/').map((segment) => urlDecode(segment, false))
}

// ---- the request --------------------------------------------------------------------------------

type Resource = { kind: 'relation'; name: string } | { kind: 'routine'; name: string }

type Action =
  | { kind: 'read'; headersOnly: boolean }
  | { kind: 'mutate'; mutation: 'create' | 'update' | 'upsert' | 'delete' }
  | { kind: 'call'; read: boolean; headersOnly: boolean }

/** getResource */
function resourceOf(path: string): Resource {
  const segments = pathSegments(path)
  if (segments.length === 0) {
    refused(
      'The root path answers with the OpenAPI description of the schema, which has no request model.',
      'Write /table or /rpc/function after the REST endpoint.',
    )
  }
  if (segments.length === 1) return { kind: 'relation', name: segments[0]! }
  if (segments.length === 2 && segments[0] === 'rpc') return { kind: 'routine', name: segments[1]! }
  return fault(
    undefined,
    `The path "${path}" does not name a table or function: PostgREST answers 404.`,
    'Write /table or /rpc/function after the REST endpoint.',
    { status: 404 },
  )
}

/** getAction: PostgREST compares methods as sent, so `get` is not GET. */
function actionOf(resource: Resource, method: string): Action {
  if (method === 'OPTIONS') {
    refused(
      'OPTIONS answers with the allowed methods, which has no request model.',
      'Use GET, HEAD, POST, PUT, PATCH or DELETE.',
    )
  }
  if (resource.kind === 'routine') {
    if (method === 'GET' || method === 'HEAD')
      return { kind: 'call', read: true, headersOnly: method === 'HEAD' }
    if (method === 'POST') return { kind: 'call', read: false, headersOnly: false }
    return fault(
      'PGRST101',
      `A function cannot be called with ${method}: use GET, HEAD or POST.`,
      'POST sends the arguments as a JSON body; GET and HEAD send them in the query string.',
      { message: `Cannot use the ${method} method on RPC` },
    )
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return { kind: 'read', headersOnly: method === 'HEAD' }
    case 'POST':
      return { kind: 'mutate', mutation: 'create' }
    case 'PUT':
      return { kind: 'mutate', mutation: 'upsert' }
    case 'PATCH':
      return { kind: 'mutate', mutation: 'update' }
    case 'DELETE':
      return { kind: 'mutate', mutation: 'delete' }
  }
  return fault(
    'PGRST117',
    `PostgREST does not answer ${method} requests${/[a-z]/.test(method) ? ' (methods are case-sensitive)' : ''}.`,
    'Use GET, HEAD, POST, PUT, PATCH or DELETE.',
    { message: `Unsupported HTTP method: ${method}` },
  )
}

/** What a request asks to do with its resource (`Action` of `ApiRequest.hs`, without OPTIONS). */
export type RequestAction = Action

/** The parts of a request PostgREST reads after its path and method, each read once. */
export interface RequestParts {
  params: QueryParams
  ranges: Ranges
  preferences: Preferences
  payload?: PostgrestPayload
  /** `iColumns`: the columns a write sets or the arguments a call passes. */
  columns: string[]
}

/**
 * `userApiRequest` after the resource and the action: the query string (`QueryParams.parse`),
 * the ranges (`getRanges`), the body (`getPayload`) and `Prefer` (`Preferences.fromHeaders`), in
 * PostgREST's order, so that the first fault is the one PostgREST reports. Throws a
 * `RequestFault`. The REST engine builds its request from these; `parseRestParts` its model.
 */
export function readRequestParts(input: {
  method: string
  /** The raw query string, without `?`. */
  query: string
  headers: HttpHeader[]
  body: string
  action: Action
  preferenceOptions?: PreferenceOptions
}): RequestParts {
  const { action } = input
  const params = readQueryParams(readQueryString(input.query), action.kind === 'call' && action.read)
  const ranges = readRanges(input.method, params, input.headers)
  const { payload, columns } = getPayload(
    input.body,
    headerValue(input.headers, 'content-type'),
    params.columns,
    action,
  )
  const preferences = readPreferences(input.headers, input.preferenceOptions)
  return { params, ranges, preferences, ...(payload === undefined ? {} : { payload }), columns }
}

function headerValue(headers: HttpHeader[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value
}

function readParts(raw: RawRequest, basePath?: string): { request: RequestModel; ignored: IgnoredText[] } {
  const method = raw.method
  const { path, query } = splitTarget(raw.target, basePath)
  const resource = resourceOf(path)
  const action = actionOf(resource, method)
  // getSchema: writes name the schema in Content-Profile, everything else in Accept-Profile.
  const profile = headerValue(
    raw.headers,
    ['DELETE', 'PATCH', 'POST', 'PUT'].includes(method) ? 'content-profile' : 'accept-profile',
  )
  const relation: Relation =
    profile === undefined ? { name: resource.name } : { schema: profile, name: resource.name }
  const parts = readRequestParts({ method, query, headers: raw.headers, body: raw.body ?? '', action })
  const { params, ranges, preferences } = parts
  const payload = modelPayload(raw, parts.payload)
  const operation = operationOf(action, relation, params, ranges, preferences, payload)

  const built = buildRequest(operation)
  const request: RequestModel = {
    method: method as HttpMethod,
    path: built.path,
    // What was sent: every parameter with a value, and every header but the credentials.
    query: readQuery(query),
    headers: raw.headers.filter(
      (header) => !['apikey', 'authorization', 'host'].includes(header.name.toLowerCase()),
    ),
    operation,
  }
  if (payload?.body !== undefined) request.body = payload.body
  if (payload?.rawBody !== undefined) request.rawBody = payload.rawBody
  return { request, ignored: params.ignored }
}

// ---- QueryParams.parse ------------------------------------------------------------------------

export interface QueryParams {
  /** `qsParams`: arguments of a function called with GET or HEAD, in order. */
  args: QueryParam[]
  /** Limit and offset parameters by raw key (`limit`, `a.b.limit`), as `ranges` builds them. */
  ranges: Map<string, QueryRange>
  /** `qsOrder`, in query order (the first one for a path wins). */
  order: { embedPath: string[]; terms: OrderTerm[] }[]
  /** Filters and logic trees, in query order. */
  filters: FilterNode[]
  columns?: string[]
  select?: SelectItem[]
  onConflict?: string[]
  ignored: IgnoredText[]
}

const RESERVED = new Set(['select', 'columns', 'on_conflict'])
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or'])

/** `endingIn`: the last dot-separated word of the key, quotes and all. */
function lastWord(key: string): string {
  const words = key.split('.')
  return words[words.length - 1]!
}

interface Attempt<T> {
  what: string
  /** The source name PostgREST gives the parse, shown in its error message. */
  source: string
  parameter: string
  result: RunResult<T>
  /** Characters the parsed text has before the parameter's value (`or` of `or=(…)`). */
  shift?: number
}

/**
 * `QueryParams.parse`: the parameters are read in PostgREST's order (order, logic trees,
 * columns, select, filters, on_conflict), so that the first fault is the one PostgREST reports.
 */
function readQueryParams(pairs: [string, string | undefined][], isRpcRead: boolean): QueryParams {
  const nonempty = pairs.filter((pair): pair is QueryParam => pair[1] !== undefined)
  const lookup = (name: string) => pairs.find(([key]) => key === name)?.[1]
  const ignored: IgnoredText[] = []
  const read = <T>(attempt: Attempt<T>): T => {
    const { result } = attempt
    if (!result.ok) grammarFault(attempt)
    if (result.rest !== '') ignored.push({ parameter: attempt.parameter, text: result.rest })
    return result.value
  }
  const run = <T>(parser: Parser<T>, input: string) => runParser(parser, input)

  // pRequestOrder
  const order = nonempty
    .filter(([key]) => lastWord(key) === 'order')
    .map(([key, value]) => {
      const path = read({
        what: 'key',
        source: `failed to parse tree path (${key})`,
        parameter: `${key}=${value}`,
        result: run(pTreePath, key),
      })
      const terms = read({
        what: 'order',
        source: `failed to parse order (${value})`,
        parameter: `${key}=${value}`,
        result: run(pOrder, value),
      })
      return { embedPath: path.embedPath, terms }
    })

  // pRequestLogicTree; filters and logic trees are kept in query order.
  const positioned: { index: number; node: FilterNode }[] = []
  nonempty.forEach(([key, value], index) => {
    if (lastWord(key) !== 'and' && lastWord(key) !== 'or') return
    const parameter = `${key}=${value}`
    const path = read({
      what: 'key',
      source: `failed to parse logic path (${key})`,
      parameter,
      result: run(pLogicPath, key),
    })
    const tree = read({
      what: 'logic',
      source: `failed to parse logic tree (${value})`,
      parameter,
      result: run(pLogicTree, `${path.operator}${value}`),
      shift: path.operator.length,
    })
    positioned.push({ index, node: withEmbedPath(tree, path.embedPath) })
  })

  const columnsText = lookup('columns')
  const columns =
    columnsText === undefined
      ? undefined
      : read({
          what: 'columns',
          source: `failed to parse columns parameter (${columnsText})`,
          parameter: `columns=${columnsText}`,
          result: run(pColumns, columnsText),
        })

  const selectText = lookup('select')
  const select =
    selectText === undefined
      ? undefined
      : read({
          what: 'select',
          source: `failed to parse select parameter (${selectText})`,
          parameter: `select=${selectText}`,
          result: run(pFieldForest, selectText),
        })

  // pRequestFilter: with isRpcRead, a value that is no operator expression is an argument.
  const args: QueryParam[] = []
  const valueParser = (value: string): Parser<OpExpr | { argument: string }> =>
    isRpcRead
      ? (input, pos) => {
          const reply = pFilterExpr(input, pos)
          return reply.tag === 'eerr'
            ? { tag: 'eok', value: { argument: value }, pos: input.length, error: reply.error }
            : reply
        }
      : pFilterExpr
  nonempty.forEach(([key, value], index) => {
    if (RESERVED.has(key) || RESERVED_EMBEDDABLE.has(lastWord(key))) return
    const parameter = `${key}=${value}`
    const path = read({
      what: 'key',
      source: `failed to parse tree path (${key})`,
      parameter,
      result: run(pTreePath, key),
    })
    const expression = read({
      what: 'filter',
      source: `failed to parse filter (${value})`,
      parameter,
      result: run(valueParser(value), value),
    })
    if ('argument' in expression) {
      args.push([path.field.column, expression.argument])
      return
    }
    positioned.push({
      index,
      node: { kind: 'condition', embedPath: path.embedPath, field: path.field, ...expression },
    })
  })

  const onConflictText = lookup('on_conflict')
  const onConflict =
    onConflictText === undefined
      ? undefined
      : read({
          what: 'on_conflict',
          source: `failed to parse on_conflict parameter (${onConflictText})`,
          parameter: `on_conflict=${onConflictText}`,
          result: run(pColumns, onConflictText),
        })

  return {
    args,
    ranges: queryRanges(nonempty),
    order,
    filters: positioned.sort((a, b) => a.index - b.index).map(({ node }) => node),
    ...(columns === undefined ? {} : { columns }),
    ...(select === undefined ? {} : { select }),
    ...(onConflict === undefined ? {} : { onConflict }),
    ignored,
  }
}

function withEmbedPath(node: FilterNode, embedPath: string[]): FilterNode {
  if (node.kind === 'condition') return { ...node, embedPath }
  return { ...node, embedPath, items: node.items.map((item) => withEmbedPath(item, embedPath)) }
}

/** A grammar fault as a PGRST100 error: PostgREST's message and details, and a human message. */
function grammarFault(attempt: Attempt<unknown>): never {
  const result = attempt.result as Extract<RunResult<unknown>, { ok: false }>
  const postgrest = {
    message: `"${attempt.source}" (line ${result.line}, column ${result.column})`,
    details: result.details,
  }
  const human = humanMessage(attempt)
  return fault('PGRST100', human.message, human.hint, postgrest)
}

function humanMessage(attempt: Attempt<unknown>): { message: string; hint: string } {
  const result = attempt.result as Extract<RunResult<unknown>, { ok: false }>
  const where = `${result.details} (at character ${result.column - (attempt.shift ?? 0)})`
  const [key, ...rest] = attempt.parameter.split('=')
  const value = rest.join('=')
  switch (attempt.what) {
    case 'filter':
      return (
        filterMessage(key!, value) ?? {
          message: `The filter ${attempt.parameter} does not parse: ${where}.`,
          hint: GRAMMAR_HINT,
        }
      )
    case 'logic':
      return {
        message: `The logic tree ${attempt.parameter} does not parse: ${where}.`,
        hint: 'A logic tree is written or=(a.eq.1,b.eq.2); quote values with commas or parentheses: name.eq."a(b)".',
      }
    case 'key':
      return {
        message: `The parameter name "${key}" does not parse: ${where}.`,
        hint: 'Quote names with special characters: "my.column"=eq.1.',
      }
    case 'select':
      return {
        message: `The select list "${value}" does not parse: ${where}.`,
        hint: 'Write column, alias:column, column::type, column.sum() or relation(columns).',
      }
    case 'order':
      return {
        message: `The order "${value}" does not parse: ${where}.`,
        hint: 'Write order=column.desc.nullslast or order=relation(column).asc.',
      }
    default:
      return {
        message: `The ${attempt.what} parameter "${value}" does not parse: ${where}.`,
        hint: `Write ${attempt.what}=column_a,column_b.`,
      }
  }
}

/** The common filter mistakes, named. */
function filterMessage(key: string, value: string): { message: string; hint: string } | undefined {
  const text = value.startsWith('not.') ? value.slice(4) : value
  if (!text.includes('.')) {
    return { message: `"${value}" has no operator: write operator.value, such as eq.5.`, hint: GRAMMAR_HINT }
  }
  const match = /^([A-Za-z]+)(\([^)]*\))?\./.exec(text)
  if (!match) return undefined
  const [, name = '', modifier] = match
  if (!FILTER_OPERATORS.includes(name as never))
    return { message: `"${name}" is not a PostgREST operator.`, hint: OPERATORS_HINT }
  if (modifier !== undefined && !['fts', 'plfts', 'phfts', 'wfts'].includes(name)) {
    if (!isQuantifiable(name)) {
      return {
        message: `${name}${modifier} is not allowed: only eq, gte, gt, lte, lt, like, ilike, match and imatch take (any) or (all).`,
        hint: 'Use in.(a,b) for a list of values, or or=(…) for several conditions.',
      }
    }
    if (modifier !== '(any)' && modifier !== '(all)') {
      return {
        message: `${name}${modifier} is not allowed: the quantifier is (any) or (all).`,
        hint: 'Write eq(any).{1,2}.',
      }
    }
  }
  if (name === 'is') {
    return {
      message: `is.${text.slice(3)} is not allowed: is takes null, true, false or unknown.`,
      hint: 'Write is.null.',
    }
  }
  if (name === 'in')
    return { message: `"${key}=${value}": in takes a list in parentheses, in.(1,2).`, hint: GRAMMAR_HINT }
  return undefined
}

// ---- ranges (ApiRequest.getRanges, through range-query.ts) -------------------------------------

export interface Ranges {
  /** The top level's range: the Range header (GET only) meets `limit` and `offset`. */
  top: Range
  /** Ranges of embeds by embed path. */
  embedded: { embedPath: string[]; range: Range; offsetGiven: boolean }[]
  topOffsetGiven: boolean
}

/** `getRanges`, and the embed path of each embedded range (`pRequestRange`). */
function readRanges(method: string, params: QueryParams, headers: HttpHeader[]): Ranges {
  const { topLevelRange, ranges } = getRanges({
    method,
    ranges: params.ranges,
    hasOrder: params.order.length > 0,
    rangeHeader: headerValue(headers, 'range'),
  })
  const embedded: Ranges['embedded'] = []
  for (const [key, { range, offsetGiven }] of ranges) {
    if (key === 'limit') continue
    const path = runParser(pTreePath, key)
    // pRequestRange runs when the read is planned; its key fault is a PGRST100 too.
    if (!path.ok) {
      grammarFault({
        what: 'key',
        source: `failed to parse tree path (${key})`,
        parameter: `${key}=`,
        result: path,
      })
    }
    embedded.push({ embedPath: path.value.embedPath, range, offsetGiven })
  }
  return { top: topLevelRange, embedded, topOffsetGiven: params.ranges.get('limit')?.offsetGiven ?? false }
}

/** A range as the model's limit and offset. */
function limitOffset(range: Range, offsetGiven: boolean): { limit?: number; offset?: number } {
  const limit = rangeLimit(range)
  const lower = rangeOffset(range)
  return {
    ...(limit === undefined ? {} : { limit: Number(limit) }),
    ...(offsetGiven || lower !== 0n ? { offset: Number(lower) } : {}),
  }
}

// ---- the body (ApiRequest.getPayload, through payload.ts) --------------------------------------

/** The body as the request model carries it. */
interface Payload {
  /** The body as the model carries it (JSON). */
  body?: JsonValue
  /** The body as sent, when the model's JSON does not say it exactly (CSV, forms, text). */
  rawBody?: string
  /** For writes: the rows; for calls: the arguments. */
  value: JsonValue
  isObject: boolean
  /** `columns=` applies: a JSON body of a POST, PATCH or call (`RawJSON`). */
  columnsUsed?: boolean
}

/** Number literals that JSON.parse would change (`1.10`, 2^53 + 1), outside strings. */
function hasInexactNumbers(text: string): boolean {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g) ?? []
  return tokens.some(
    (token) => !token.startsWith('"') && String(Number(token)) !== token && !/[eE]/.test(token),
  )
}

/** PostgREST's payload of the request, as the model carries it. */
function modelPayload(raw: RawRequest, payload: PostgrestPayload | undefined): Payload | undefined {
  const body = raw.body ?? ''
  if (payload === undefined) return undefined
  switch (payload.kind) {
    case 'raw-json': {
      let value: JsonValue
      try {
        value = JSON.parse(body) as JsonValue
      } catch {
        // With columns= the body goes to Postgres unread, and Postgres refuses it.
        return fault('22P02', 'The request body is not JSON.', 'Send a JSON object or an array of objects.', {
          message: 'invalid input syntax for type json',
        })
      }
      return { ...exactJson(body, value), columnsUsed: true }
    }
    case 'url-encoded': {
      const value = argumentsOf(payload.fields)
      return { body: value, rawBody: body, value, isObject: true }
    }
    case 'raw':
      return { rawBody: body, value: body, isObject: false }
    case 'json': {
      const type = contentMediaType(headerValue(raw.headers, 'content-type')).type
      // A CSV or form body: the model carries its rows and the text as sent.
      if (type === 'text/csv' || type === 'application/x-www-form-urlencoded')
        return { body: payload.value, rawBody: body, value: payload.value, isObject: payload.isObject }
      // A JSON scalar is read as an empty array.
      if (payload.raw !== body && body !== '')
        return { body: JSON.parse(body) as JsonValue, rawBody: body, value: [], isObject: false }
      return exactJson(payload.raw, payload.value)
    }
  }
}

function exactJson(text: string, value: JsonValue): Payload {
  return {
    body: value,
    ...(hasInexactNumbers(text) ? { rawBody: text } : {}),
    value,
    isObject: /^[ \t\n\r]*\{/.test(text),
  }
}

/** Function arguments from form fields or the query string: a repeated name gives a list. */
function argumentsOf(pairs: QueryParam[]): JsonObject {
  const args: JsonObject = {}
  for (const [name, value] of pairs) {
    const previous = args[name]
    if (previous === undefined) args[name] = value
    else args[name] = Array.isArray(previous) ? [...previous, value] : [previous as JsonValue, value]
  }
  return args
}

// ---- the operation ------------------------------------------------------------------------------

function operationOf(
  action: Action,
  relation: Relation,
  params: QueryParams,
  ranges: Ranges,
  preferences: Preferences,
  payload: Payload | undefined,
): Operation {
  const count = preferences.count
  const returning =
    preferences.return === 'representation' ? (params.select ?? [{ kind: 'star' }]) : undefined
  // addOrders: the first order parameter of a path wins.
  const orderOf = (path: string[]) =>
    params.order.find((entry) => JSON.stringify(entry.embedPath) === JSON.stringify(path))?.terms
  const readShape = () => {
    const embedded = new Map<string, EmbeddedShape>()
    const shapeFor = (embedPath: string[]) => {
      const key = JSON.stringify(embedPath)
      let shape = embedded.get(key)
      if (!shape) {
        shape = { embedPath, order: [] }
        embedded.set(key, shape)
      }
      return shape
    }
    for (const { embedPath } of params.order) {
      if (embedPath.length > 0 && !embedded.has(JSON.stringify(embedPath)))
        shapeFor(embedPath).order = orderOf(embedPath)!
    }
    for (const { embedPath, range, offsetGiven } of ranges.embedded) {
      Object.assign(shapeFor(embedPath), limitOffset(range, offsetGiven))
    }
    return {
      filters: params.filters,
      order: orderOf([]) ?? [],
      ...limitOffset(ranges.top, ranges.topOffsetGiven),
      ...(embedded.size > 0 ? { embedded: [...embedded.values()] } : {}),
    }
  }

  if (action.kind === 'read') {
    return {
      kind: 'select',
      relation,
      select: params.select ?? [{ kind: 'star' }],
      countOnly: action.headersOnly,
      ...(count === undefined ? {} : { count }),
      ...readShape(),
    }
  }
  if (action.kind === 'call') {
    const args: JsonValue = action.read ? argumentsOf(params.args) : payload!.value
    return {
      kind: 'rpc',
      relation,
      args,
      ...(action.read ? { method: action.headersOnly ? ('HEAD' as const) : ('GET' as const) } : {}),
      ...(params.select ? { select: params.select } : {}),
      ...(count === undefined ? {} : { count }),
      ...(payload?.columnsUsed && params.columns ? { columns: params.columns } : {}),
      ...readShape(),
    }
  }
  const filters = params.filters
  // A limited update or delete (QueryBuilder: the order matters only with a range).
  const limited = () => {
    if (sameRange(ranges.top, ALL_RANGE)) return {}
    return { order: orderOf([]) ?? [], ...limitOffset(ranges.top, ranges.topOffsetGiven) }
  }
  switch (action.mutation) {
    case 'create':
    case 'upsert': {
      const value = payload!.value
      const rows = (Array.isArray(value) ? value : [value]) as JsonObject[]
      if (rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) {
        // Only reachable with columns=, where Postgres reads the body.
        fault('22023', 'Every row of the body must be a JSON object.', 'Send [{"column": value}, ...].', {
          message: 'argument of json_populate_recordset must be an array of objects',
        })
      }
      const upsert = action.mutation === 'upsert'
      const resolution = preferences.resolution
      return {
        kind: 'insert',
        relation,
        rows,
        singleRow: !Array.isArray(value),
        missingAsDefault: !upsert && preferences.missing === 'default',
        ...(upsert ? { put: true } : {}),
        ...(!upsert && resolution ? { onConflict: { columns: params.onConflict ?? [], resolution } } : {}),
        ...(payload?.columnsUsed && params.columns ? { columns: params.columns } : {}),
        ...(filters.length > 0 ? { filters } : {}),
        ...(returning ? { returning } : {}),
      }
    }
    case 'update': {
      const value = payload!.value
      let values: JsonObject
      if (Array.isArray(value)) {
        if (value.length > 0) {
          refused(
            'A PATCH with an array body updates every matching row from one of the objects, which the request model cannot hold.',
            'Send one object of new values.',
          )
        }
        values = {}
      } else if (value === null || typeof value !== 'object') values = {}
      else values = value
      return {
        kind: 'update',
        relation,
        values,
        filters,
        ...(payload?.columnsUsed && params.columns ? { columns: params.columns } : {}),
        ...(preferences.missing === 'default' ? { missingAsDefault: true } : {}),
        ...limited(),
        ...(returning ? { returning } : {}),
      }
    }
    case 'delete':
      return { kind: 'delete', relation, filters, ...limited(), ...(returning ? { returning } : {}) }
  }
}

// ---- kept for callers of the earlier grammar ---------------------------------------------------

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
  parts.push(text.slice(start))
  return parts.filter((part) => part !== '')
}
