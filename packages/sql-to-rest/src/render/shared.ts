/** Pieces shared by the renderers: results, base URLs and query-string encoding. */
import type { TranslateError } from '../errors'
import type { QueryParam, RequestModel } from '@docs/postgrest-request'

export type RenderResult = { ok: true; code: string } | { ok: false; error: TranslateError }

export const DEFAULT_BASE_URL = 'http://localhost:54321/rest/v1'

export interface HttpRenderOptions {
  /** The REST endpoint: `https://<project>.supabase.co/rest/v1`. */
  baseUrl?: string
  /** The key sent in `apikey` and `Authorization`; a placeholder when missing. */
  apiKey?: string
}

export function renderError(message: string, hint: string): RenderResult {
  return { ok: false, error: { kind: 'render', message, hint } }
}

export function parseBaseUrl(baseUrl: string): URL | undefined {
  try {
    const url = new URL(baseUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    if (url.search || url.hash) return undefined
    return url
  } catch {
    return undefined
  }
}

export const BAD_BASE_URL_HINT =
  'Use an absolute http(s) URL without a query string, such as http://localhost:54321/rest/v1.'

// Characters left as they are in a query component: unreserved ones and the sub-delimiters
// PostgREST's grammar uses, so `select=*,authors!inner(name)` stays readable. Everything else
// is percent-encoded, including ' (for the shell), + (read as a space), % and ; (PostgREST's
// query parser splits parameters at ; as at &).
const KEEP = /[A-Za-z0-9\-._~!$()*,:@/]/

export function encodeQueryComponent(text: string): string {
  let out = ''
  for (const char of text) {
    if (KEEP.test(char)) out += char
    else
      out += encodeURIComponent(char).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      )
  }
  return out
}

export function queryString(query: QueryParam[]): string {
  return query
    .map(([name, value]) => `${encodeQueryComponent(name)}=${encodeQueryComponent(value)}`)
    .join('&')
}

/** The path and query below the host: `/rest/v1/books?select=*`. */
export function requestTarget(base: URL, request: RequestModel): string {
  const basePath = base.pathname.replace(/\/+$/, '')
  const query = queryString(request.query)
  return `${basePath}${request.path}${query ? `?${query}` : ''}`
}

export function bodyText(request: RequestModel): string | undefined {
  if (request.rawBody !== undefined) return request.rawBody
  if (request.body === undefined) return undefined
  const body = request.body
  const compact = JSON.stringify(body)
  if (compact.length <= 80 || body === null || typeof body !== 'object') return compact
  // One row (or one field) per line keeps long bodies readable without spreading every value.
  if (Array.isArray(body)) return `[\n${body.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}\n]`
  const fields = Object.entries(body).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  )
  return `{\n${fields.join(',\n')}\n}`
}
