/**
 * The answer's parts, as PostgREST 12.2's `src/PostgREST/Response.hs` and `RangeQuery.hs` build
 * them: media-type negotiation, `Content-Type`, `Content-Range` and its status, the totals of
 * `Prefer: count`, `Preference-Applied`, and the status line's reason phrase.
 */
import { preferenceAppliedValue, rangeOffset, rangeStatusHeader } from '@docs/postgrest-request'
import type { ApiRequest, Preferences } from './api-request'
import { pgrstError, RestError } from './errors'
import { negotiateContent, toContentType, type MediaHandler, type MediaType } from './media-types'
import type { QualifiedName, SchemaCache, SqlClient } from './schema-cache'

/** The one row every statement returns (the shape of PostgREST's `ResultSet`). */
export interface StatementRow {
  total_result_set: string | number | null
  page_total: string | number
  /** Text, or bytes when the media type's domain is `bytea`; null from a handler that gave none. */
  body: string | Uint8Array | null
  header?: string[] | null
  response_headers?: string | null
  response_status?: string | null
  response_inserted?: number | null
}

export interface Outcome {
  status: number
  headers: [string, string][]
  body: string | Uint8Array
}

/** A request made ready to run: its statement, and how the statement's row becomes the answer. */
export interface Prepared {
  /** OPTIONS: answered from the schema cache alone. */
  info?: Outcome
  readOnly?: boolean
  /** The negotiated media type: an execution plan (`application/vnd.pgrst.plan`) runs EXPLAIN. */
  media?: MediaType
  sql: string
  params: unknown[]
  /** The row to answer with when the statement gives none. */
  noRow?: StatementRow
  /** Turns the statement's row into the answer; may throw a RestError (the transaction then rolls back). */
  respond: (row: StatementRow, db: SqlClient) => Promise<Outcome>
}

/** The options the read plan takes from the engine's configuration. */
export interface PlanOptions {
  aggregatesEnabled: boolean
  maxRows?: number
  /** `db-plan-enabled`: answer `application/vnd.pgrst.plan`. */
  planEnabled?: boolean
  /** `db-schemas`: only handlers of exposed schemas answer. */
  schemas?: string[]
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

/** negotiateContent for a request on a table or function (`identifier`). */
export function negotiate(
  request: ApiRequest,
  cache: SchemaCache,
  identifier: QualifiedName,
  options: PlanOptions,
): { type: MediaType; handler: MediaHandler } {
  const select = request.select
  const chosen = negotiateContent({
    accepts: request.accept,
    identifier,
    handlers: cache.mediaHandlers,
    schemas: options.schemas ?? [request.schema],
    // hasDefaultSelect: `select=*` (or none) and no embed
    defaultSelect: select.length === 1 && select[0]!.kind === 'star',
    planEnabled: options.planEnabled ?? false,
  })
  return { type: chosen.media, handler: chosen.handler }
}

export function contentTypeHeaders(media: MediaType, request: ApiRequest): [string, string][] {
  const headers: [string, string][] = [['Content-Type', toContentType(media)]]
  if (request.negotiatedByProfile) headers.push(['Content-Profile', request.schema])
  return headers
}

/**
 * The body as PostgREST reads it (the statement's body column in binary): none is empty, and a
 * handler whose domain is `jsonb` starts with jsonb's version byte (1), as PostgREST's does.
 */
export function responseBody(row: StatementRow, handler: MediaHandler): string | Uint8Array {
  if (row.body === null) return ''
  if (handler.kind === 'custom' && handler.baseType === 'jsonb' && typeof row.body === 'string')
    return `\u0001${row.body}`
  return row.body
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

/** The total the statement counted (`Prefer: count=exact` or `estimated`), if it counted. */
export function countedTotal(row: StatementRow): number | undefined {
  return row.total_result_set === null || row.total_result_set === ''
    ? undefined
    : Number(row.total_result_set)
}

/** resultSetWTotal: the total of a read, by `Prefer: count`. */
export async function tableTotal(
  db: SqlClient,
  request: ApiRequest,
  row: StatementRow,
  countQuery: string,
  maxRows: number | undefined,
): Promise<number | undefined> {
  const counted = countedTotal(row)
  const preference = request.preferences.count
  const planned = async () => {
    const plan = (await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${countQuery}`)).rows[0]![
      'QUERY PLAN'
    ]
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[]
    return parsed[0]?.Plan['Plan Rows']
  }
  if (preference === 'planned') return planned()
  // Query.hs resultSetWTotal: the count stops at max-rows + 1 (estimatedCountQuery); past
  // max-rows, or with no max-rows at all (Nothing is below any count), the larger of the count
  // and the planner's estimate.
  if (preference === 'estimated' && counted !== undefined && (maxRows === undefined || counted > maxRows)) {
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
  return rangeStatusHeader(
    request.topLevelRange,
    BigInt(pageTotal),
    total === undefined ? undefined : BigInt(total),
  )
}

export function outOfBounds(request: ApiRequest, total: number | undefined): RestError {
  return pgrstError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${rangeOffset(request.topLevelRange)} was requested, but there are only ${total ?? 0} rows.`,
  )
}

/** failExceedsMaxAffectedPref: with `handling=strict`, more rows than `max-affected` is PGRST124. */
export function failExceedsMaxAffected(request: ApiRequest, pageTotal: number): void {
  const { maxAffected, handling } = request.preferences
  if (maxAffected !== undefined && handling === 'strict' && pageTotal > maxAffected) {
    throw pgrstError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${pageTotal} rows`,
    )
  }
}

/** prefAppliedHeader, over the preferences a response names. */
export function preferenceApplied(values: Omit<Preferences, 'invalid'>): [string, string][] {
  const value = preferenceAppliedValue(values)
  return value === undefined ? [] : [['Preference-Applied', value]]
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
