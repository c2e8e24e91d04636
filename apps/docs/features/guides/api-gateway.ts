/**
 * The platform's API gateway in front of PostgREST, as the guides' examples meet it: the role comes
 * from the token's `role` claim (anon without a token), the claims go in `request.jwt.claims`, and
 * a privilege error is 401 for anon and 403 for a signed-in role (PostgREST 12.2's App.hs passes
 * `authRole /= db-anon-role` to the error's status). No Node and no DOM: the REST API guides' test
 * and the guides' Run worker both answer through it.
 */
import type { PGliteInterface } from '@electric-sql/pglite'
import type { RestHandler } from '@docs/rest-engine'

function claimsOf(authorization: string | null): Record<string, unknown> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  if (!token) return { role: 'anon' }
  const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')
  const bytes = Uint8Array.from(atob(payload), (char) => char.charCodeAt(0))
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>
}

const ROLES = new Set(['anon', 'authenticated', 'service_role'])

/**
 * A `PTxyz` error code puts the error's message in the status line (`pgErrorStatus` in 12.2's
 * Error.hs: `HTTP.mkStatus <$> readMaybe n <*> pure m`); supabase-js returns it as `statusText`.
 */
function statusTextOf(status: number, statusText: string, body: string): string {
  if (status < 400) return statusText
  try {
    const error = JSON.parse(body) as { code?: unknown; message?: unknown }
    if (typeof error.code === 'string' && error.code.startsWith('PT')) return String(error.message)
  } catch {
    // Not an error body.
  }
  return statusText
}

/** Answers `request` with `handler` as the role its token names. Requests must come one at a time. */
export async function answerAsRole(
  db: PGliteInterface,
  handler: RestHandler,
  request: Request,
): Promise<Response> {
  const claims = claimsOf(request.headers.get('authorization'))
  const role = String(claims['role'])
  if (!ROLES.has(role)) throw new Error(`unknown role ${role}`)
  await db.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify(claims)])
  await db.exec(`set role ${role}`)
  let response: Response
  try {
    response = await handler(request)
  } finally {
    await db.exec(`reset role; reset request.jwt.claims`)
  }
  if (response.status < 400) return response
  const body = await response.text()
  const forbidden = response.status === 401 && role !== 'anon' && /"code":"42501"/.test(body)
  const status = forbidden ? 403 : response.status
  const statusText = forbidden ? 'Forbidden' : statusTextOf(status, response.statusText, body)
  return new Response(body, { status, statusText, headers: response.headers })
}
