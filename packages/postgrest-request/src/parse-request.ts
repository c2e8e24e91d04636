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
import type { RequestFaultBody } from './faults'
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
import { readPreferences, type Preferences } from './preferences'

export { readPreferences, type Preferences } from './preferences'
import { parse as runParser, type Parser, type RunResult } from './parsec'
import {
  pColumns,
  pFieldForest,
  pLogicPath,
  pLogicTree,
  pFilterExpr,
  pOrder,
  pTreePath,
  readInteger,
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

class RequestFault extends Error {
  constructor(readonly error: RequestFaultBody) {
    super(error.message)
  }
}

/** HTTP status of each PostgREST error code the grammar gives. */
const STATUS: Record<string, number> = {
  PGRST100: 400,
  PGRST101: 405,
  PGRST102: 400,
  PGRST103: 416,
  PGRST109: 400,
  PGRST114: 400,
  PGRST117: 405,
  '22P02': 400,
  '22023': 400,
}

/** A request PostgREST refuses: its code, a message for a reader, and PostgREST's own body. */
function fault(
  code: string | undefined,
  message: string,
  hint: string,
  postgrest: { status?: number; message?: string; details?: string | null; hint?: string | null },
): never {
  const status = postgrest.status ?? STATUS[code ?? ''] ?? 400
  throw new RequestFault({
    kind: 'parse',
    message,
    hint,
    ...(code === undefined ? {} : { code }),
    postgrest:
      code === undefined
        ? { status }
        : {
            status,
            message: postgrest.message ?? '',
            details: postgrest.details ?? null,
            hint: postgrest.hint ?? null,
          },
  })
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

/** http-types `urlDecode`: `%XX` escapes (a broken one stays as it is), `+` as a space if asked. */
function urlDecode(text: string, replacePlus: boolean): string {
  if (!text.includes('%') && !(replacePlus && text.includes('+'))) return text
  const bytes: number[] = []
  const encoder = new TextEncoder()
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (char === '+' && replacePlus) bytes.push(0x20)
    else if (char === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(index + 1, index + 3))) {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16))
      index += 2
    } else if (text.charCodeAt(index) < 0x80) bytes.push(text.charCodeAt(index))
    else {
      const code = text.codePointAt(index)!
      if (code > 0xffff) index += 1
      bytes.push(...encoder.encode(String.fromCodePoint(code)))
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes))
  } catch {
    return fault(
      'PGRST100',
      `"${text}" is not UTF-8 once its percent escapes are decoded.`,
      'Encode text as UTF-8.',
      {
        message: 'Cannot decode the query string as UTF-8',
      },
    )
  }
}

/** `parseQueryReplacePlus True`: pairs split at `&` and `;`; a name without `=` has no value. */
export function readQueryString(query: string): [name: string, value: string | undefined][] {
  const text = query.startsWith('?') ? query.slice(1) : query
  if (text === '') return []
  return text.split(/[&;]/).map((pair): [string, string | undefined] => {
    const equals = pair.indexOf('=')
    return equals === -1
      ? [urlDecode(pair, true), undefined]
      : [urlDecode(pair.slice(0, equals), true), urlDecode(pair.slice(equals + 1), true)]
  })
}

/** The decoded query parameters that have a value, in order (`nonemptyParams`). */
export function readQuery(query: string): QueryParam[] {
  return readQueryString(query).filter((pair): pair is QueryParam => pair[1] !== undefined)
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
  const isRpcRead = action.kind === 'call' && action.read
  const params = readQueryParams(readQueryString(query), isRpcRead)
  const ranges = readRanges(method, params, raw.headers)
  const preferences = readPreferences(raw.headers)
  const payload = readPayload(raw, action, params)
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

interface QueryParams {
  /** `qsParams`: arguments of a function called with GET or HEAD, in order. */
  args: QueryParam[]
  /** Limit and offset parameters by raw key (`limit`, `a.b.limit`), as `ranges` builds them. */
  ranges: Map<string, { range: Range; offsetGiven: boolean }>
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
    ranges: rangesOf(nonempty),
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

const QUANTIFIABLE = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch']
const ALL_OPERATORS = [
  ...QUANTIFIABLE,
  'neq',
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
]

/** The common filter mistakes, named. */
function filterMessage(key: string, value: string): { message: string; hint: string } | undefined {
  const text = value.startsWith('not.') ? value.slice(4) : value
  if (!text.includes('.')) {
    return { message: `"${value}" has no operator: write operator.value, such as eq.5.`, hint: GRAMMAR_HINT }
  }
  const match = /^([A-Za-z]+)(\([^)]*\))?\./.exec(text)
  if (!match) return undefined
  const [, name = '', modifier] = match
  if (!ALL_OPERATORS.includes(name))
    return { message: `"${name}" is not a PostgREST operator.`, hint: OPERATORS_HINT }
  if (modifier !== undefined && !['fts', 'plfts', 'phfts', 'wfts'].includes(name)) {
    if (!QUANTIFIABLE.includes(name)) {
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

// ---- ranges (QueryParams.ranges, ApiRequest.getRanges, RangeQuery) ------------------------------

/** A range of row numbers; `undefined` bounds are open. `empty` is Data.Ranged's emptyRange. */
export interface Range {
  lower?: bigint
  upper?: bigint
  empty?: true
}

const ALL_RANGE: Range = { lower: 0n }
const EMPTY_RANGE: Range = { empty: true }

function isEmpty(range: Range): boolean {
  return (
    range.empty === true ||
    (range.lower !== undefined && range.upper !== undefined && range.lower > range.upper)
  )
}

function intersect(a: Range, b: Range): Range {
  if (isEmpty(a) || isEmpty(b)) return EMPTY_RANGE
  const lower =
    a.lower === undefined ? b.lower : b.lower === undefined ? a.lower : a.lower > b.lower ? a.lower : b.lower
  const upper =
    a.upper === undefined ? b.upper : b.upper === undefined ? a.upper : a.upper < b.upper ? a.upper : b.upper
  return { ...(lower === undefined ? {} : { lower }), ...(upper === undefined ? {} : { upper }) }
}

function rangeLimit(range: Range): bigint | undefined {
  if (range.empty || range.lower === undefined || range.upper === undefined) return undefined
  return 1n + range.upper - range.lower
}

/** `hasLimitZero`: the upper bound is -1, as `limit=0` makes it. */
function hasLimitZero(range: Range): boolean {
  return !range.empty && range.upper === -1n
}

function sameRange(a: Range, b: Range): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b)
  return a.lower === b.lower && a.upper === b.upper
}

/** `restrictRange (Just limit) r` */
function restrict(limit: bigint, range: Range): Range {
  return intersect(range, { upper: (range.lower ?? 0n) + limit - 1n })
}

/** `ranges`: limit and offset parameters by key; an offset key is renamed to its limit key. */
function rangesOf(nonempty: QueryParam[]): QueryParams['ranges'] {
  const limits = new Map<string, Range>()
  const offsets = new Map<string, { range: Range; given: boolean }>()
  for (const [key, value] of nonempty) {
    const word = lastWord(key)
    const parsed = readInteger(value)
    if (word === 'limit') limits.set(key, parsed === undefined ? ALL_RANGE : restrict(parsed, ALL_RANGE))
    if (word === 'offset') {
      const limitKey = [...key.split('.').slice(0, -1), 'limit'].join('.')
      offsets.set(
        limitKey,
        parsed === undefined ? { range: ALL_RANGE, given: false } : { range: { lower: parsed }, given: true },
      )
    }
  }
  const ranges: QueryParams['ranges'] = new Map()
  for (const [key, range] of limits) ranges.set(key, { range, offsetGiven: false })
  for (const [key, offset] of offsets) {
    const limitRange = limits.get(key)
    if (limitRange === undefined) {
      ranges.set(key, { range: offset.range, offsetGiven: offset.given })
      continue
    }
    // `f rl ro = Range (BoundaryBelow o) (BoundaryAbove $ o + l - 1)`
    const limit = rangeLimit(limitRange) ?? 0n
    const lower = offset.range.lower ?? 0n
    ranges.set(key, { range: { lower, upper: lower + limit - 1n }, offsetGiven: offset.given })
  }
  return ranges
}

/** `rangeParse`: `Range: 0-9`, `Range: 10-`; anything else is the whole range. */
function rangeHeader(value: string | undefined): Range {
  const match = value === undefined ? null : /^([0-9]+)-([0-9]*)$/.exec(value)
  if (!match) return ALL_RANGE
  const lower: Range = { lower: BigInt(match[1]!) }
  return match[2] === '' ? intersect(lower, ALL_RANGE) : intersectBounds(lower, { upper: BigInt(match[2]!) })
}

/** `rangeIntersection` builds the range even when it comes out empty (`5-2`). */
function intersectBounds(a: Range, b: Range): Range {
  return { lower: a.lower!, upper: b.upper! }
}

interface Ranges {
  top: Range
  /** Embedded ranges by embed path (reads only). */
  embedded: { embedPath: string[]; range: Range; offsetGiven: boolean }[]
  topOffsetGiven: boolean
}

/** `getRanges`: the Range header (GET only) and `limit`/`offset`, and their faults. */
function readRanges(method: string, params: QueryParams, headers: HttpHeader[]): Ranges {
  const headerRange = method === 'GET' ? rangeHeader(headerValue(headers, 'range')) : ALL_RANGE
  const limitEntry = params.ranges.get('limit')
  const limitRange = limitEntry?.range ?? ALL_RANGE
  const headerAndLimit = intersect(headerRange, limitRange)
  const top = hasLimitZero(limitRange) ? { lower: 0n, upper: -1n } : headerAndLimit
  if (isEmpty(top) && !hasLimitZero(limitRange)) {
    const lowerAboveUpper = isEmpty(headerRange)
    fault(
      'PGRST103',
      lowerAboveUpper
        ? 'The Range header asks for rows whose first is after the last.'
        : 'The limit is negative: limit must be zero or more.',
      lowerAboveUpper ? 'Write Range: 0-9 for the first ten rows.' : 'Write limit=0 for no rows.',
      {
        message: 'Requested range not satisfiable',
        details: lowerAboveUpper
          ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
          : 'Limit should be greater than or equal to zero.',
      },
    )
  }
  if ((method === 'PATCH' || method === 'DELETE') && params.ranges.size > 0 && params.order.length === 0) {
    fault(
      'PGRST109',
      `A ${method === 'PATCH' ? 'PATCH' : 'DELETE'} with limit or offset needs an order: PostgREST refuses to pick rows at random.`,
      'Add order=… on unique column(s), such as order=id.',
      {
        message: "A 'limit' was applied without an explicit 'order'",
        hint: "Apply an 'order' using unique column(s)",
      },
    )
  }
  if (method === 'PUT' && !sameRange(top, ALL_RANGE)) {
    fault(
      'PGRST114',
      'A PUT cannot have limit or offset: it writes exactly one row.',
      'Remove limit and offset.',
      {
        message: 'limit/offset querystring parameters are not allowed for PUT',
      },
    )
  }
  const embedded: Ranges['embedded'] = []
  for (const [key, { range, offsetGiven }] of params.ranges) {
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
  return { top, embedded, topOffsetGiven: limitEntry?.offsetGiven ?? false }
}

/** A range as the model's limit and offset. */
function limitOffset(range: Range, offsetGiven: boolean): { limit?: number; offset?: number } {
  const limit = rangeLimit(range)
  const lower = range.lower ?? 0n
  return {
    ...(limit === undefined ? {} : { limit: Number(limit) }),
    ...(offsetGiven || lower !== 0n ? { offset: Number(lower) } : {}),
  }
}

// ---- ApiRequest.getPayload ----------------------------------------------------------------------

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

/** `decodeMediaType`: the media type's main and sub type, lower-cased. */
function mediaTypeOf(header: string | undefined): { type: string; mime: string; stripped: boolean } {
  if (header === undefined) return { type: 'application/json', mime: 'application/json', stripped: false }
  const [main = '', ...params] = header.split(';')
  const type = main.trim().toLowerCase()
  const stripped = params.some((param) => param.replace(/\s/g, '').toLowerCase() === 'nulls=stripped')
  return { type, mime: header, stripped }
}

const KNOWN_MIME: Record<string, string> = {
  'application/json': 'application/json',
  'application/geo+json': 'application/geo+json',
  'text/csv': 'text/csv',
  'text/plain': 'text/plain',
  'text/xml': 'text/xml',
  'application/openapi+json': 'application/openapi+json',
  'application/x-www-form-urlencoded': 'application/x-www-form-urlencoded',
  'application/octet-stream': 'application/octet-stream',
  'application/vnd.pgrst.object+json': 'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object': 'application/vnd.pgrst.object+json',
  '*/*': '*/*',
}

function invalidBody(message: string, hint: string, postgrestMessage: string): never {
  return fault('PGRST102', message, hint, { message: postgrestMessage })
}

function readPayload(raw: RawRequest, action: Action, params: QueryParams): Payload | undefined {
  const parses =
    (action.kind === 'mutate' && action.mutation !== 'delete') || (action.kind === 'call' && !action.read)
  if (!parses) return undefined
  const isCall = action.kind === 'call'
  const columnsGiven =
    params.columns !== undefined &&
    (isCall || (action.kind === 'mutate' && (action.mutation === 'create' || action.mutation === 'update')))
  const body = raw.body ?? ''
  const media = mediaTypeOf(headerValue(raw.headers, 'content-type'))
  const jsonLike =
    media.type === 'application/json' ||
    ((media.type === 'application/vnd.pgrst.array+json' || media.type === 'application/vnd.pgrst.array') &&
      !media.stripped)
  if (jsonLike)
    return { ...jsonPayload(body, isCall, columnsGiven), ...(columnsGiven ? { columnsUsed: true } : {}) }
  if (media.type === 'text/csv') return csvPayload(body)
  if (media.type === 'application/x-www-form-urlencoded') {
    const fields = readQueryString(body).map(([key, value]): QueryParam => [key, value ?? ''])
    const value: JsonObject = isCall ? argumentsOf(fields) : Object.fromEntries(fields)
    return { body: value, rawBody: body, value, isObject: true }
  }
  if (isCall && ['text/plain', 'text/xml', 'application/octet-stream'].includes(media.type)) {
    return { rawBody: body, value: body, isObject: false }
  }
  const mime =
    media.stripped && media.type.startsWith('application/vnd.pgrst.array')
      ? 'application/vnd.pgrst.array+json;nulls=stripped'
      : (KNOWN_MIME[media.type] ?? media.mime)
  return invalidBody(
    `PostgREST does not read a ${media.type || 'body of no type'} body here.`,
    'Send JSON with Content-Type: application/json (CSV and form fields also work for tables).',
    `Content-Type not acceptable: ${mime}`,
  )
}

/** Number literals that JSON.parse would change (`1.10`, 2^53 + 1), outside strings. */
function hasInexactNumbers(text: string): boolean {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g) ?? []
  return tokens.some(
    (token) => !token.startsWith('"') && String(Number(token)) !== token && !/[eE]/.test(token),
  )
}

function jsonPayload(body: string, isCall: boolean, columnsGiven: boolean): Payload {
  const isObject = /^[ \t\n\r]*\{/.test(body)
  const exact = (value: JsonValue): Payload => ({
    body: value,
    ...(hasInexactNumbers(body) ? { rawBody: body } : {}),
    value,
    isObject,
  })
  if (body === '' && isCall && !columnsGiven) return { body: {}, value: {}, isObject: true }
  let value: JsonValue
  try {
    value = JSON.parse(body) as JsonValue
  } catch {
    if (columnsGiven) {
      // With columns= the body goes to Postgres unread, and Postgres refuses it.
      return fault('22P02', 'The request body is not JSON.', 'Send a JSON object or an array of objects.', {
        message: 'invalid input syntax for type json',
      })
    }
    return invalidBody(
      body === '' ? 'The request has no body: PostgREST needs JSON here.' : 'The request body is not JSON.',
      'Send {"column": value} with Content-Type: application/json.',
      'Empty or invalid json',
    )
  }
  if (columnsGiven) return exact(value)
  // payloadAttributes: an array must hold objects sharing their keys; any other value is `[]`.
  if (Array.isArray(value)) {
    const first = value[0]
    if (first === undefined) return exact(value)
    const keys = (row: JsonValue) =>
      row !== null && typeof row === 'object' && !Array.isArray(row)
        ? Object.keys(row).sort().join('\u0000')
        : undefined
    const canonical = keys(first)
    if (canonical === undefined || value.some((row) => keys(row) !== canonical)) {
      invalidBody(
        'The rows of the body do not all have the same keys, or are not all objects.',
        'Give every object the same keys, or list the columns in columns=a,b (missing keys are then NULL or, with Prefer: missing=default, the default).',
        'All object keys must match',
      )
    }
    return exact(value)
  }
  if (value !== null && typeof value === 'object') return exact(value)
  // A number, string, boolean or null body is read as an empty array.
  return { body: value, rawBody: body, value: [], isObject: false }
}

/** CSV with a header line (cassava's `decodeByName`): `NULL` is null, every value is text. */
function csvPayload(body: string): Payload {
  const records = readCsv(body)
  const [header, ...rows] = records
  if (header === undefined)
    return invalidBody('The CSV body is empty.', 'Send a header line and rows.', 'Empty CSV')
  const objects = rows.map((fields) => {
    const row: JsonObject = {}
    header.forEach((name, index) => {
      const field = fields[index]
      if (field !== undefined) row[name] = field === 'NULL' ? null : field
    })
    return row
  })
  if (objects.some((row) => Object.keys(row).length !== header.length)) {
    invalidBody(
      'Some CSV lines have fewer fields than the header.',
      'Give every line as many fields as the header.',
      'All lines must have same number of fields',
    )
  }
  return { body: objects, rawBody: body, value: objects, isObject: false }
}

function readCsv(text: string): string[][] {
  const records: string[][] = []
  let fields: string[] = []
  let field = ''
  let index = 0
  let quotedField = false
  const endField = () => {
    fields.push(field)
    field = ''
    quotedField = false
  }
  while (index < text.length) {
    const char = text[index]!
    if (char === '"' && field === '' && !quotedField) {
      const close = (() => {
        let at = index + 1
        for (;;) {
          const next = text.indexOf('"', at)
          if (next === -1)
            return invalidBody(
              'A CSV quote is not closed.',
              'Close every quote.',
              'parse error (Failed reading: satisfy)',
            )
          if (text[next + 1] === '"') at = next + 2
          else return next
        }
      })()
      field = text.slice(index + 1, close).replace(/""/g, '"')
      quotedField = true
      index = close + 1
    } else if (char === ',') {
      endField()
      index += 1
    } else if (char === '\n' || char === '\r') {
      endField()
      records.push(fields)
      fields = []
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1
    } else {
      field += char
      index += 1
    }
  }
  if (field !== '' || quotedField || fields.length > 0) {
    endField()
    records.push(fields)
  }
  return records
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
