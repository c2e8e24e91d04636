/**
 * The answer's parts, as PostgREST 12.2's `src/PostgREST/Response.hs` and `RangeQuery.hs` build
 * them: media-type negotiation, `Content-Type`, `Content-Range` and its status, the totals of
 * `Prefer: count`, `Preference-Applied`, and the status line's reason phrase.
 */
import type { ApiRequest, MediaType, Preferences } from './api-request'
import { pgrstError, RestError } from './errors'
import type { BodyHandler } from './query-builder'
import type { SqlClient } from './schema-cache'

/** The one row every statement returns (the shape of PostgREST's `ResultSet`). */
export interface StatementRow {
  total_result_set: string | number | null
  page_total: string | number
  body: string
  header?: string[] | null
  response_headers?: string | null
  response_status?: string | null
  response_inserted?: number | null
}

export interface Outcome {
  status: number
  headers: [string, string][]
  body: string
}

/** A request made ready to run: its statement, and how the statement's row becomes the answer. */
export interface Prepared {
  /** OPTIONS: answered from the schema cache alone. */
  info?: Outcome
  readOnly?: boolean
  sql: string
  params: unknown[]
  /** Turns the statement's row into the answer; may throw a RestError (the transaction then rolls back). */
  respond: (row: StatementRow, db: SqlClient) => Promise<Outcome>
}

/** The options the read plan takes from the engine's configuration. */
export interface PlanOptions {
  aggregatesEnabled: boolean
  maxRows?: number
}

/**
 * overrideStatusHeaders: `response.status` replaces the status and each `response.headers` entry
 * replaces PostgREST's header of that name (`addHeadersIfNotIncluded`); a malformed value is
 * PGRST111 or PGRST112. A fetch Response takes statuses 200 to 599 only: others are PGRST112 too.
 */
export function overrideStatusHeaders(row: StatementRow, outcome: Outcome): Outcome {
  let status = outcome.status
  if (row.response_status != null) {
    const digits = /^[0-9]+/.exec(row.response_status)?.[0]
    status = Number(digits)
    if (digits === undefined || status < 200 || status > 599) {
      throw pgrstError(500, 'PGRST112', 'response.status guc must be a valid status code')
    }
  }
  let added: [string, string][] = []
  if (row.response_headers != null) {
    const invalid = () =>
      pgrstError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      )
    let parsed: unknown
    try {
      parsed = JSON.parse(row.response_headers)
    } catch {
      throw invalid()
    }
    if (!Array.isArray(parsed)) throw invalid()
    added = parsed.map((entry: unknown) => {
      const pairs = typeof entry === 'object' && entry !== null ? Object.entries(entry) : []
      if (Array.isArray(entry) || pairs.length !== 1 || typeof pairs[0]![1] !== 'string') throw invalid()
      // What a fetch Headers refuses (PostgREST would send it as it is).
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(pairs[0]![0]) || /[\r\n\0]/.test(pairs[0]![1] as string))
        throw invalid()
      return pairs[0] as [string, string]
    })
  }
  const replaced = new Set(added.map(([name]) => name.toLowerCase()))
  return {
    status,
    headers: [...outcome.headers.filter(([name]) => !replaced.has(name.toLowerCase())), ...added],
    body: outcome.body,
  }
}

export function errorResponse(error: RestError): Response {
  const body =
    error.status === 404 && Object.keys(error.body).length === 0 ? '{}' : JSON.stringify(error.body)
  return new Response(body, {
    status: error.status,
    statusText: validReasonPhrase(error.statusText) ?? reasonPhrase(error.status),
    headers: [['Content-Type', 'application/json; charset=utf-8'], ...error.headers],
  })
}

/** A reason phrase a fetch Response accepts (no line breaks or control characters), or undefined. */
function validReasonPhrase(text: string | undefined): string | undefined {
  return text !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(text) ? text : undefined
}

export function negotiate(request: ApiRequest): { type: MediaType; handler: BodyHandler } {
  for (const media of request.accept) {
    if (media === 'json' || media === 'any') return { type: 'json', handler: 'json' }
    if (media === 'array-stripped') return { type: media, handler: 'json-stripped' }
    if (media === 'single') return { type: media, handler: 'single' }
    if (media === 'single-stripped') return { type: media, handler: 'single-stripped' }
    if (media === 'csv') return { type: 'csv', handler: 'csv' }
  }
  const mimes = request.accept.map((media) => (typeof media === 'string' ? mimeOf(media) : media.other))
  throw pgrstError(406, 'PGRST107', `None of these media types are available: ${mimes.join(', ')}`)
}

function mimeOf(media: Exclude<MediaType, { other: string }>): string {
  const mimes: Record<string, string> = {
    json: 'application/json',
    single: 'application/vnd.pgrst.object+json',
    'single-stripped': 'application/vnd.pgrst.object+json;nulls=stripped',
    'array-stripped': 'application/vnd.pgrst.array+json;nulls=stripped',
    csv: 'text/csv',
    any: '*/*',
  }
  return mimes[media]!
}

export function contentTypeHeaders(media: MediaType, request: ApiRequest): [string, string][] {
  const type = typeof media === 'string' ? mimeOf(media === 'any' ? 'json' : media) : media.other
  const headers: [string, string][] = [['Content-Type', `${type}; charset=utf-8`]]
  if (request.negotiatedByProfile) headers.push(['Content-Profile', request.schema])
  return headers
}

/** failNotSingular: one object asked for, and not exactly one row (PGRST116, 406). */
export function failNotSingular(media: MediaType, row: StatementRow): void {
  const total = Number(row.page_total)
  if ((media === 'single' || media === 'single-stripped') && total !== 1) {
    throw pgrstError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${total} rows`,
    )
  }
}

export async function tableTotal(
  db: SqlClient,
  request: ApiRequest,
  row: StatementRow,
  countQuery: string,
  maxRows: number | undefined,
): Promise<number | undefined> {
  const counted =
    row.total_result_set === null || row.total_result_set === '' ? undefined : Number(row.total_result_set)
  const preference = request.preferences.count
  const planned = async () => {
    const plan = (await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${countQuery}`)).rows[0]![
      'QUERY PLAN'
    ]
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[]
    return parsed[0]?.Plan['Plan Rows']
  }
  if (preference === 'planned') return planned()
  if (preference === 'estimated' && counted !== undefined && maxRows !== undefined && counted > maxRows) {
    return Math.max(counted, (await planned()) ?? 0)
  }
  return counted
}

/** rangeStatusHeader */
export function rangeStatus(
  request: ApiRequest,
  pageTotal: number,
  total: number | undefined,
): { status: number; contentRange: string } {
  const lower = request.topLevelRange.offset
  const upper = lower + pageTotal - 1
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  const contentRange = `${range}/${total === undefined ? '*' : total}`
  let status = 200
  if (total !== undefined) {
    if (lower > total) status = 416
    else if (1 + upper - lower < total) status = 206
  }
  return { status, contentRange }
}

export function outOfBounds(request: ApiRequest, total: number | undefined): RestError {
  return pgrstError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${request.topLevelRange.offset} was requested, but there are only ${total ?? 0} rows.`,
  )
}

export function preferenceApplied(values: Partial<Omit<Preferences, 'invalid'>>): [string, string][] {
  const order: [keyof Omit<Preferences, 'invalid'>, string][] = [
    ['resolution', 'resolution'],
    ['missing', 'missing'],
    ['representation', 'return'],
    ['parameters', 'params'],
    ['count', 'count'],
    ['transaction', 'tx'],
    ['handling', 'handling'],
  ]
  const applied = order.flatMap(([name, prefix]) =>
    values[name] === undefined ? [] : [`${prefix}=${values[name]}`],
  )
  return applied.length === 0 ? [] : [['Preference-Applied', applied.join(', ')]]
}

export function canonicalQuery(request: ApiRequest): string {
  return request.canonicalQuery === '' ? '' : `?${request.canonicalQuery}`
}

export function encodeQueryComponent(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+')
}

/**
 * The reason phrase of the status line. PostgREST answers through Warp, which takes it from the
 * `http-types` package; clients show it (supabase-js returns it as `statusText`).
 */
const REASON_PHRASES: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  206: 'Partial Content',
  300: 'Multiple Choices',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  414: 'Request-URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Requested Range Not Satisfiable',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  504: 'Gateway Time-out',
}

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? ''
}
