/**
 * An HTTP request read the way PostgREST 12.2 reads it (`src/PostgREST/ApiRequest.hs`): the
 * resource and action from the path and method, the schema from the profile headers, and the
 * accepted media type. The query string, the ranges, the body and `Prefer` are read by
 * `@docs/postgrest-request` (`readRequestParts`), which the translator reads requests with too;
 * this is the engine's view of them.
 */
import type {
  FilterNode,
  HttpHeader,
  OrderTerm,
  Preferences,
  Range,
  SelectItem,
} from '@docs/postgrest-request'
import { readRequestParts, RequestFault } from '@docs/postgrest-request'
import { pgrstError, queryParamError, RestError } from './errors'
import { decodeMediaType, parseAccept, type MediaType } from './media-types'

export type { Preferences } from '@docs/postgrest-request'

export type Action =
  | { kind: 'info' }
  | { kind: 'read'; headersOnly: boolean }
  | { kind: 'mutate'; mutation: 'create' | 'update' | 'upsert' | 'delete' }
  | { kind: 'call'; read: boolean; headersOnly: boolean }

export type { MediaType } from './media-types'

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
  /** The body as JSON text for the statement; undefined when there is none. */
  payload?: { raw: string; isObject: boolean }
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
  /** The time zones the database knows: a `Prefer: timezone` outside them is not valid. */
  timezones?: ReadonlySet<string>
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

  const accept = parseAccept(request.headers.get('accept'))
  const contentHeader = request.headers.get('content-type')
  const contentMediaType: MediaType = contentHeader === null ? 'json' : decodeMediaType(contentHeader)
  // A binary body sent to a function is kept as bytes; every other body is read as text.
  const bytes =
    action.kind === 'call' && !action.read && contentMediaType === 'octet' && request.body !== null
      ? new Uint8Array(await request.arrayBuffer())
      : undefined
  const body = request.body === null || bytes ? '' : await request.text()

  const headers: HttpHeader[] = [...request.headers].map(([name, value]) => ({ name, value }))
  const rawQuery = readRawQuery(url.search)
  const parts = readParts(() =>
    readRequestParts({
      method,
      query: url.search.slice(1),
      headers,
      body,
      // OPTIONS reads the query string as a read does.
      action: action.kind === 'info' ? { kind: 'read', headersOnly: false } : action,
      preferenceOptions: {
        allowTxOverride: options.allowTransactionOverride,
        ...(options.timezones ? { timezones: options.timezones } : {}),
      },
    }),
  )
  const { params, ranges: parsedRanges, preferences } = parts

  const orders: ApiRequest['orders'] = []
  // addOrders: the first order parameter of a path wins.
  for (const entry of params.order)
    if (!orders.some((order) => sameKey(order.embedPath, entry.embedPath))) orders.push(entry)
  const ranges: ApiRequest['ranges'] = [
    { embedPath: [], range: parsedRanges.top },
    ...parsedRanges.embedded.map(({ embedPath, range }) => ({ embedPath, range })),
  ]

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
    select: params.select ?? [{ kind: 'star' }],
    filters: params.filters,
    orders,
    ranges,
    topLevelRange: parsedRanges.top,
    columns: parts.columns,
    queryArguments: action.kind === 'call' && action.read ? params.args : [],
    canonicalQuery: [...rawQuery]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${strictEncode(name)}=${strictEncode(value)}`)
      .join('&'),
  }
  if (params.onConflict !== undefined && params.onConflict.length > 0)
    apiRequest.onConflict = params.onConflict

  const payload = parts.payload
  if (payload?.kind === 'json') apiRequest.payload = { raw: payload.raw, isObject: payload.isObject }
  else if (payload?.kind === 'raw-json')
    apiRequest.payload = { raw: payload.raw, isObject: /^[ \t\n\r]*\{/.test(payload.raw) }
  else if (payload?.kind === 'url-encoded') {
    // A form sent to a function: its fields in order for variadic parameters, and as one object.
    apiRequest.formFields = payload.fields
    apiRequest.payload = { raw: JSON.stringify(Object.fromEntries(payload.fields)), isObject: true }
  } else if (payload?.kind === 'raw') apiRequest.rawBody = bytes ?? payload.raw
  return apiRequest
}

function sameKey(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((name, index) => name === b[index])
}

/** The parts the package reads, its faults answered as PostgREST answers them. */
function readParts<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof RequestFault)) throw error
    const fault = error.error
    const answer = fault.postgrest
    if (answer && fault.code === undefined) throw new RestError(answer.status, {} as never)
    if (answer) {
      throw pgrstError(
        answer.status,
        fault.code!,
        answer.message ?? fault.message,
        answer.details ?? null,
        answer.hint ?? null,
      )
    }
    throw queryParamError(fault.message, fault.hint)
  }
}

/** Percent-encodes all but letters, digits and -_.~ (Network.HTTP's urlEncode). */
function strictEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

function readRawQuery(search: string): [string, string][] {
  return [...new URLSearchParams(search).entries()]
}
