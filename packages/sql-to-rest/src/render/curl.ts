/** A curl command line, safe to paste into a POSIX shell. */
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

/** Single quotes keep everything literal, `!` included; a quote is closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

export function renderCurl(request: RequestModel, options: HttpRenderOptions = {}): RenderResult {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL
  const base = parseBaseUrl(baseUrl)
  if (!base) return renderError(`The base URL "${baseUrl}" is not a usable URL.`, BAD_BASE_URL_HINT)
  const url = `${base.origin}${requestTarget(base, request)}`
  const lines = [`curl ${shellQuote(url)}`]
  if (request.method === 'HEAD') lines.push('--head')
  else if (request.method !== 'GET') lines.push(`-X ${request.method}`)
  if (options.apiKey === undefined) {
    // Double quotes so the shell fills in the key from the environment.
    lines.push('-H "apikey: $SUPABASE_ANON_KEY"', '-H "Authorization: Bearer $SUPABASE_ANON_KEY"')
  } else {
    lines.push(
      `-H ${shellQuote(`apikey: ${options.apiKey}`)}`,
      `-H ${shellQuote(`Authorization: Bearer ${options.apiKey}`)}`,
    )
  }
  for (const header of request.headers) lines.push(`-H ${shellQuote(`${header.name}: ${header.value}`)}`)
  const body = bodyText(request)
  if (body !== undefined) lines.push(`-d ${shellQuote(body)}`)
  return { ok: true, code: lines.join(' \\\n  ') }
}
