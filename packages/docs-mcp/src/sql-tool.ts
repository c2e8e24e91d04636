/**
 * `sql_to_rest`: the site's SQL-to-REST translator (`@docs/sql-to-rest`), run in the server. A
 * statement it cannot translate is an answer too: its error kind, message and hint.
 */
import {
  DEFAULT_BASE_URL,
  initTranslator,
  renderCurl,
  renderHttp,
  renderSupabaseJs,
  translate,
  type RenderResult,
} from '@docs/sql-to-rest'

export const MAX_SQL_LENGTH = 10_000

export interface SqlToRestAnswer {
  ok: boolean
  method?: string
  curl?: string
  http?: string
  supabaseJs?: string
  /** Present when `ok` is false. */
  error?: { kind: string; message: string; hint: string }
  warnings?: string[]
}

function codeOr(result: RenderResult): string {
  return result.ok ? result.code : `(not expressible: ${result.error.message})`
}

export async function sqlToRest(sql: string, baseUrl: string = DEFAULT_BASE_URL): Promise<SqlToRestAnswer> {
  await initTranslator()
  const result = translate(sql)
  if (!result.ok) {
    const { kind, message, hint } = result.error
    return { ok: false, error: { kind, message, hint } }
  }
  const { request } = result
  const curl = renderCurl(request, { baseUrl })
  // A base URL the renderer refuses is the client's to fix, not a translation result.
  if (!curl.ok && curl.error.kind === 'render') {
    return { ok: false, error: { kind: curl.error.kind, message: curl.error.message, hint: curl.error.hint } }
  }
  return {
    ok: true,
    method: request.method,
    curl: codeOr(curl),
    http: codeOr(renderHttp(request, { baseUrl })),
    supabaseJs: codeOr(renderSupabaseJs(request)),
    ...(result.warnings.length > 0 ? { warnings: result.warnings.map((warning) => warning.message) } : {}),
  }
}
