/**
 * An HTTP request read the way PostgREST 12.2 reads it (`src/PostgREST/ApiRequest.hs`): the
 * resource and action from the path and method, the schema from the profile headers, the
 * preferences, the ranges from `limit`/`offset` and the `Range` header, the accepted media
 * type, and the JSON payload with the columns it sets. The query string's grammar,
 * `Prefer` and the request model come from `@docs/postgrest-request`, which the translator shares.
 */
import type { FilterNode, JsonValue, OrderTerm, SelectItem } from '@docs/postgrest-request'
import { parseRestParts, splitTopLevel } from '@docs/postgrest-request'
import { invalidBody, pgrstError, queryParamError, RestError } from './errors'
import { decodeMediaType, parseAccept, toMime, type MediaType } from './media-types'
import type { Range } from './read-plan'

export type { MediaType } from './media-types'

export type Action =
  | { kind: 'info' }
  | { kind: 'read'; headersOnly: boolean }
  | { kind: 'mutate'; mutation: 'create' | 'update' | 'upsert' | 'delete' }
  | { kind: 'call'; read: boolean; headersOnly: boolean }

export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  representation?: 'representation' | 'minimal' | 'headers-only'
  parameters?: 'single-object'
  count?: 'exact' | 'planned' | 'estimated'
  transaction?: 'commit' | 'rollback'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  invalid: string[]
}

export interface ApiRequest {
  method: string
  action: Action
  /** The table, view or function named by the path ('' for the root). */
  name: string
  /** The path is `/rpc/<name>`. */
  isRoutine: boolean
  schema: string
  negotiatedByProfile: boolean
  preferences: Preferences
  accept: MediaType[]
  /** The `Content-Type` of the body (JSON when none is given). */
  contentMediaType: MediaType
  select: SelectItem[]
  filters: FilterNode[]
  orders: { embedPath: string[]; terms: OrderTerm[] }[]
  ranges: { embedPath: string[]; range: Range }[]
  topLevelRange: Range
  onConflict?: string[]
  /** The JSON body as sent; undefined when there is none. */
  payload?: { raw: string; value: JsonValue; isObject: boolean }
  /**
   * A call's body taken whole (RawPay): text for `text/plain` and `text/xml`, bytes for
   * `application/octet-stream`; its function has a single unnamed parameter of that type.
   */
  rawBody?: string | Uint8Array
  /** A call's form fields in order, repeated names kept (for variadic parameters). */
  formFields?: [name: string, value: string][]
  /** The columns a write sets or the arguments a call passes (from the payload or `columns=`). */
  columns: string[]
  /** Arguments of a function called with GET or HEAD, from the query string. */
  queryArguments: [name: string, value: string][]
  /** qsCanonical: the query string sorted by parameter name, for `Content-Location`. */
  canonicalQuery: string
}

export interface ApiRequestOptions {
  schemas: string[]
  allowTransactionOverride: boolean
}

const REST_PREFIX = '/rest/v1'

const notFound = () => new RestError(404, {} as never)

export async function readApiRequest(request: Request, options: ApiRequestOptions): Promise<ApiRequest> {
  const url = new URL(request.url)
  const prefix = url.pathname.indexOf(REST_PREFIX)
  if (prefix === -1) throw notFound()
  const segments = url.pathname
    .slice(prefix + REST_PREFIX.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment))
  const method = request.method.toUpperCase()

  let name: string
  let action: Action
  if (segments.length === 2 && segments[0] === 'rpc') {
    name = segments[1]!
    if (method === 'GET' || method === 'HEAD')
      action = { kind: 'call', read: true, headersOnly: method === 'HEAD' }
    else if (method === 'POST') action = { kind: 'call', read: false, headersOnly: false }
    else if (method === 'OPTIONS') action = { kind: 'info' }
    else throw pgrstError(405, 'PGRST101', `Cannot use the ${method} method on RPC`)
  } else if (segments.length === 1) {
    name = segments[0]!
    const mutations: Record<string, 'create' | 'update' | 'upsert' | 'delete'> = {
      POST: 'create',
      PATCH: 'update',
      PUT: 'upsert',
      DELETE: 'delete',
    }
    if (method === 'GET' || method === 'HEAD') action = { kind: 'read', headersOnly: method === 'HEAD' }
    else if (method === 'OPTIONS') action = { kind: 'info' }
    else if (mutations[method] !== undefined) action = { kind: 'mutate', mutation: mutations[method] }
    else throw pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
  } else if (segments.length === 0 && method === 'OPTIONS') {
    name = ''
    action = { kind: 'info' }
  } else throw notFound()

  // getSchema: the profile header of the method's direction, which must be an exposed schema.
  const profileHeader = ['DELETE', 'PATCH', 'POST', 'PUT'].includes(method)
    ? 'content-profile'
    : 'accept-profile'
  const profile = request.headers.get(profileHeader)
  if (profile !== null && !options.schemas.includes(profile)) {
    throw pgrstError(
      406,
      'PGRST106',
      `The schema must be one of the following: ${options.schemas.join(', ')}`,
    )
  }
  const schema = profile ?? options.schemas[0]!
  const negotiatedByProfile = profile !== null || options.schemas.length !== 1

  const preferences = readPreferences(request.headers, options.allowTransactionOverride)
  const accept = parseAccept(request.headers.get('accept'))
  const contentHeader = request.headers.get('content-type')
  const contentMediaType: MediaType = contentHeader === null ? 'json' : decodeMediaType(contentHeader)

  // The query string, through the shared grammar. A read's parameters are read as a GET so
  // that the grammar keeps order and ranges of writes too (PostgREST checks those below).
  const rawQuery = readRawQuery(url.search)
  const grammarMethod = action.kind === 'call' ? (action.read ? 'GET' : 'POST') : 'GET'
  const target = `http://localhost${REST_PREFIX}/${action.kind === 'call' ? `rpc/${encodeURIComponent(name)}` : encodeURIComponent(name)}${url.search}`
  // The body is read below; the grammar gets a stand-in so that `columns=` on a call does not
  // make it read an empty one.
  const parsed = parseRestParts({ method: grammarMethod, target, headers: [], body: '{}' })
  if (!parsed.ok) {
    // The grammar says what PostgREST answers for each fault; a fault without that is PGRST100.
    const answer = parsed.error.postgrest
    if (answer && parsed.error.code === undefined) throw new RestError(answer.status, {} as never)
    if (answer) {
      throw pgrstError(
        answer.status,
        parsed.error.code!,
        answer.message ?? parsed.error.message,
        answer.details ?? null,
        answer.hint ?? null,
      )
    }
    throw queryParamError(parsed.error.message, parsed.error.hint)
  }
  const operation = parsed.request.operation
  if (operation.kind !== 'select' && operation.kind !== 'rpc')
    throw queryParamError('Unexpected request.', '')

  const embeddedShapes = operation.embedded ?? []
  const orders: ApiRequest['orders'] = []
  if (operation.order.length > 0) orders.push({ embedPath: [], terms: operation.order })
  for (const shape of embeddedShapes)
    if (shape.order.length > 0) orders.push({ embedPath: shape.embedPath, terms: shape.order })

  const limitRange = queryRange(operation.limit, operation.offset)
  const headerRange = method === 'GET' ? rangeHeader(request.headers.get('range')) : { offset: 0 }
  const topLevelRange = intersect(headerRange, limitRange)
  if (topLevelRange === 'empty' && !(operation.limit === 0)) {
    throw pgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      headerRange === 'empty'
        ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
        : 'Limit should be greater than or equal to zero.',
    )
  }
  const top: Range =
    topLevelRange === 'empty'
      ? { offset: limitRange === 'empty' ? 0 : limitRange.offset, limit: 0 }
      : topLevelRange
  if (
    (method === 'PATCH' || method === 'DELETE') &&
    (operation.limit !== undefined || operation.offset !== undefined) &&
    operation.order.length === 0
  ) {
    throw pgrstError(
      400,
      'PGRST109',
      "A 'limit' was applied without an explicit 'order'",
      null,
      "Apply an 'order' using unique column(s)",
    )
  }
  if (method === 'PUT' && (top.offset !== 0 || top.limit !== undefined)) {
    throw pgrstError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT')
  }
  const ranges: ApiRequest['ranges'] = [{ embedPath: [], range: top }]
  for (const shape of embeddedShapes) {
    const range = queryRange(shape.limit, shape.offset)
    if (range !== 'empty' && (shape.limit !== undefined || shape.offset !== undefined))
      ranges.push({ embedPath: shape.embedPath, range })
    else if (range === 'empty')
      ranges.push({ embedPath: shape.embedPath, range: { offset: shape.offset ?? 0, limit: 0 } })
  }

  const firstParam = (param: string) => rawQuery.find(([key]) => key === param)?.[1]
  const onConflictText = firstParam('on_conflict')
  const columnsText = firstParam('columns')

  const apiRequest: ApiRequest = {
    method,
    action,
    name,
    isRoutine: segments[0] === 'rpc' && segments.length === 2,
    schema,
    negotiatedByProfile,
    preferences,
    accept,
    contentMediaType,
    select: operation.kind === 'select' ? operation.select : (operation.select ?? [{ kind: 'star' }]),
    filters: operation.filters,
    orders,
    ranges,
    topLevelRange: top,
    columns: [],
    queryArguments: [],
    canonicalQuery: [...rawQuery]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${strictEncode(name)}=${strictEncode(value)}`)
      .join('&'),
  }
  if (onConflictText !== undefined && onConflictText !== '') apiRequest.onConflict = names(onConflictText)
  if (operation.kind === 'rpc' && action.kind === 'call' && action.read) {
    apiRequest.queryArguments = Object.entries((operation.args ?? {}) as Record<string, JsonValue>).flatMap(
      ([key, value]): [string, string][] =>
        Array.isArray(value) ? value.map((item) => [key, String(item)]) : [[key, String(value)]],
    )
  }

  // getPayload
  const parsesPayload =
    action.kind === 'mutate' ? action.mutation !== 'delete' : action.kind === 'call' && !action.read
  if (parsesPayload) {
    const isCall = action.kind === 'call'
    if (isCall && (contentMediaType === 'text' || contentMediaType === 'xml')) {
      apiRequest.rawBody = await request.text()
      return apiRequest
    }
    if (isCall && contentMediaType === 'octet') {
      apiRequest.rawBody = new Uint8Array(await request.arrayBuffer())
      return apiRequest
    }
    let raw = await request.text()
    if (contentMediaType === 'urlencoded') {
      const fields = [...new URLSearchParams(raw).entries()]
      // A form's fields become one object of text values (getPayload, MTUrlEncoded); a call
      // keeps them in order, for its variadic parameters.
      if (isCall) apiRequest.formFields = fields
      raw = JSON.stringify(Object.fromEntries(fields))
    } else if (contentMediaType === 'csv') {
      raw = JSON.stringify(csvToJson(raw))
    } else if (contentMediaType !== 'json') {
      throw invalidBody(`Content-Type not acceptable: ${toMime(contentMediaType)}`)
    }
    const columnsGiven =
      columnsText !== undefined &&
      (isCall || (action.kind === 'mutate' && (action.mutation === 'create' || action.mutation === 'update')))
    let value: JsonValue
    if (raw.trim() === '' && isCall) value = {}
    else {
      try {
        value = JSON.parse(raw) as JsonValue
      } catch {
        if (columnsGiven) value = null
        else throw invalidBody('Empty or invalid json')
      }
    }
    const isObject = raw.replace(/^[ \t\n\r]+/, '').startsWith('{')
    apiRequest.payload = { raw: raw.trim() === '' && isCall ? '{}' : raw, value, isObject }
    if (columnsGiven) apiRequest.columns = names(columnsText)
    else {
      const keys = payloadKeys(value)
      if (keys === undefined) throw invalidBody('All object keys must match')
      apiRequest.columns = keys
    }
  }
  return apiRequest
}

/** Percent-encodes all but letters, digits and -_.~ (Network.HTTP's urlEncode). */
function strictEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

function names(text: string): string[] {
  return splitTopLevel(text).map((part) =>
    part.startsWith('"') && part.endsWith('"') ? part.slice(1, -1) : part.trim(),
  )
}

/** payloadAttributes: the keys of the object, or of the first object when all share them. */
function payloadKeys(value: JsonValue): string[] | undefined {
  if (Array.isArray(value)) {
    const first = value[0]
    if (first === undefined) return []
    if (first === null || typeof first !== 'object' || Array.isArray(first)) return undefined
    const canonical = Object.keys(first).sort()
    const uniform = value.every(
      (row) =>
        row !== null &&
        typeof row === 'object' &&
        !Array.isArray(row) &&
        Object.keys(row).sort().join('\u0000') === canonical.join('\u0000'),
    )
    return uniform ? canonical : undefined
  }
  if (value !== null && typeof value === 'object') return Object.keys(value).sort()
  return []
}

/** csvToJson: a header line, then one object per line; the text NULL is null. */
function csvToJson(text: string): Record<string, string | null>[] {
  const records = parseCsv(text)
  const [header, ...lines] = records
  if (!header) return []
  if (lines.some((line) => line.length !== header.length))
    throw invalidBody('All lines must have same number of fields')
  return lines.map((line) =>
    Object.fromEntries(header.map((name, index) => [name, line[index] === 'NULL' ? null : line[index]!])),
  )
}

/** RFC 4180 fields: commas, double-quoted fields with "" for a quote, CRLF or LF line ends. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"'
        index += 1
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1
      record.push(field)
      records.push(record)
      record = []
      field = ''
    } else field += char
  }
  if (field !== '' || record.length > 0) {
    record.push(field)
    records.push(record)
  }
  return records
}

function readRawQuery(search: string): [string, string][] {
  return [...new URLSearchParams(search).entries()]
}

// ---- ranges ------------------------------------------------------------------------------------

type MaybeRange = Range | 'empty'

/** limit and offset parameters: [offset, offset + limit - 1]. */
function queryRange(limit: number | undefined, offset: number | undefined): MaybeRange {
  if (limit !== undefined && limit < 0) return 'empty'
  const start = offset ?? 0
  if (limit === 0) return 'empty'
  return limit === undefined ? { offset: start } : { offset: start, limit }
}

/** rangeParse: `Range: 0-9` (a missing upper bound means to the end). */
function rangeHeader(value: string | null): MaybeRange {
  if (value === null) return { offset: 0 }
  const match = /^([0-9]+)-([0-9]*)$/.exec(value.trim())
  if (!match) return { offset: 0 }
  const lower = Number(match[1])
  if (match[2] === '') return { offset: lower }
  const upper = Number(match[2])
  return upper < lower ? 'empty' : { offset: lower, limit: upper - lower + 1 }
}

function intersect(a: MaybeRange, b: MaybeRange): MaybeRange {
  if (a === 'empty' || b === 'empty') return 'empty'
  const lower = Math.max(a.offset, b.offset)
  const upperA = a.limit === undefined ? Infinity : a.offset + a.limit - 1
  const upperB = b.limit === undefined ? Infinity : b.offset + b.limit - 1
  const upper = Math.min(upperA, upperB)
  if (upper < lower) return 'empty'
  return upper === Infinity ? { offset: lower } : { offset: lower, limit: upper - lower + 1 }
}

// ---- preferences and media types ---------------------------------------------------------------

const PREFERENCES: Record<string, [keyof Omit<Preferences, 'invalid'>, string]> = {
  'resolution=merge-duplicates': ['resolution', 'merge-duplicates'],
  'resolution=ignore-duplicates': ['resolution', 'ignore-duplicates'],
  'return=representation': ['representation', 'representation'],
  'return=minimal': ['representation', 'minimal'],
  'return=headers-only': ['representation', 'headers-only'],
  'params=single-object': ['parameters', 'single-object'],
  'count=exact': ['count', 'exact'],
  'count=planned': ['count', 'planned'],
  'count=estimated': ['count', 'estimated'],
  'tx=commit': ['transaction', 'commit'],
  'tx=rollback': ['transaction', 'rollback'],
  'missing=default': ['missing', 'default'],
  'missing=null': ['missing', 'null'],
  'handling=strict': ['handling', 'strict'],
  'handling=lenient': ['handling', 'lenient'],
}

/** Preferences.fromHeaders: the first value of each kind wins; `tx` only when the server allows it. */
export function readPreferences(headers: Headers, allowTransactionOverride: boolean): Preferences {
  const tokens = (headers.get('prefer') ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean)
  const preferences: Preferences = { invalid: [] }
  const record = preferences as unknown as Record<string, string>
  for (const token of tokens) {
    const known = PREFERENCES[token]
    if (!known) {
      if (!token.startsWith('timezone=') && !token.startsWith('max-affected='))
        preferences.invalid.push(token)
      continue
    }
    const [name, value] = known
    if (name === 'transaction' && !allowTransactionOverride) continue
    if (record[name] === undefined) record[name] = value
  }
  return preferences
}
