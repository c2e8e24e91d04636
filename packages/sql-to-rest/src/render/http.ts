/** The raw HTTP/1.1 request: request line, Host, headers and body. */
import type { RequestModel } from '@docs/postgrest-request'
import {
  BAD_BASE_URL_HINT,
  DEFAULT_BASE_URL,
  bodyText,
  parseBaseUrl,
  renderError,
  requestTarget,
  type HttpRenderOptions,
  type RenderResult,
} from './shared'

export function renderHttp(request: RequestModel, options: HttpRenderOptions = {}): RenderResult {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL
  const base = parseBaseUrl(baseUrl)
  if (!base) return renderError(`The base URL "${baseUrl}" is not a usable URL.`, BAD_BASE_URL_HINT)
  const key = options.apiKey ?? '<SUPABASE_ANON_KEY>'
  const lines = [
    `${request.method} ${requestTarget(base, request)} HTTP/1.1`,
    `Host: ${base.host}`,
    `apikey: ${key}`,
    `Authorization: Bearer ${key}`,
    ...request.headers.map((header) => `${header.name}: ${header.value}`),
  ]
  const body = bodyText(request)
  return { ok: true, code: body === undefined ? lines.join('\n') : `${lines.join('\n')}\n\n${body}` }
}
