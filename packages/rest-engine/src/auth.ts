/**
 * Who a request runs as (PostgREST 12.2's `src/PostgREST/Auth.hs`, with the errors of `Error.hs`):
 * the `Authorization: Bearer` token is verified (HS256, with the Web Crypto API, so it runs in
 * browsers and in Node), its claims are checked (`exp`, `iat`, `nbf` with 30 seconds of skew, and
 * `aud`), and the role is read from the claim at `roleClaimKey`, or is the anonymous role when
 * there is no token or no such claim.
 */
import { base64UrlDecode, hs256SignatureValid } from '@docs/pglite-platform/jwt'
import { pgrstError, type RestError } from './errors'

export interface JwtOptions {
  /** `jwt-secret`: the HS256 key tokens are signed with (PostgREST wants 32 characters or more). */
  secret?: string
  /**
   * Take a token's claims without checking its signature: for a handler whose caller verified the
   * token already (a gateway in front of it, or examples signed with no real key). The claims
   * are still checked. Without `secret` or `unverified`, a token is refused (PGRST300).
   */
  unverified?: boolean
  /** `jwt-aud`: when set, a token whose `aud` claim names other audiences is refused. */
  audience?: string
  /** `jwt-role-claim-key`: where the role is in the claims, e.g. `.role` or `."https://x".roles[0]`. */
  roleClaimKey?: string
}

export interface AuthResult {
  /** The claims, with `role` set to the role the request runs as (what `request.jwt.claims` holds). */
  claims: Record<string, unknown>
  role: string
}

type PathStep = { key: string } | { index: number }

/** pRoleClaimKey (`Config/JSPath.hs`): `.key`, `."quoted key"` and `[index]` steps. */
export function parseRoleClaimKey(text: string): PathStep[] {
  const steps: PathStep[] = []
  const pattern = /\.(?:([A-Za-z0-9_$@]+)|"([^"]*)")(?:\[(\d+)\])?/y
  let at = 0
  while (at < text.length) {
    pattern.lastIndex = at
    const match = pattern.exec(text)
    if (!match) throw new Error(`failed to parse role-claim-key value (${text})`)
    steps.push({ key: match[1] ?? match[2]! })
    if (match[3] !== undefined) steps.push({ index: Number(match[3]) })
    at = pattern.lastIndex
  }
  if (steps.length === 0) throw new Error(`failed to parse role-claim-key value (${text})`)
  return steps
}

/** Reads the request's token and decides its role; throws PostgREST's JWT errors. */
export function createAuthenticator(
  jwt: JwtOptions | undefined,
  anonRole: string | undefined,
): (request: Request) => Promise<AuthResult> {
  const rolePath = parseRoleClaimKey(jwt?.roleClaimKey ?? '.role')
  // jose refuses HMAC keys shorter than the hash (PostgREST#991): every signature is then invalid.
  const verify = async (signingInput: string, signature: string): Promise<boolean> => {
    const secret = jwt!.secret!
    if (new TextEncoder().encode(secret).length < 32 || !BASE64URL.test(signature)) return false
    return hs256SignatureValid(signingInput, signature, secret)
  }

  return async (request) => {
    const token = bearerToken(request.headers.get('authorization'))
    let claims: Record<string, unknown> = {}
    if (token !== '') {
      if (jwt?.secret === undefined && !jwt?.unverified) throw jwtMissing()
      const parts = token.split('.')
      if (parts.length !== 3) {
        throw jwtInvalid(
          `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts.length})`,
        )
      }
      const [header, payload, signature] = parts as [string, string, string]
      const headerJson = decodeJson(header)
      const payloadJson = decodeJson(payload)
      if (jwt.secret !== undefined) {
        const alg = isObject(headerJson) ? headerJson['alg'] : undefined
        if (alg !== 'HS256' || !(await verify(`${header}.${payload}`, signature))) {
          throw jwtInvalid('JWSError JWSInvalidSignature')
        }
      }
      if (!isObject(payloadJson)) throw jwtInvalid('JWTClaimsSetDecodeError "expected Object"')
      checkClaims(payloadJson, jwt.audience)
      claims = payloadJson
    }
    const found = walk(claims, rolePath)
    const role = found === undefined ? anonRole : typeof found === 'string' ? found : JSON.stringify(found)
    if (role === undefined) throw jwtRequired()
    return { claims: { ...claims, role }, role }
  }
}

/** Wai's extractBearerAuth: the scheme `Bearer`, in any case, then the token; '' when there is none. */
function bearerToken(authorization: string | null): string {
  const match = /^(\S+)\s+(.*)$/s.exec(authorization ?? '')
  return match && match[1]!.toLowerCase() === 'bearer' ? match[2]!.trim() : ''
}

/** jose's claim checks (`validateClaimsSet`), in its order, with PostgREST's 30 seconds of skew. */
function checkClaims(claims: Record<string, unknown>, audience: string | undefined): void {
  const now = Date.now() / 1000
  const skew = 30
  const time = (name: string) => (typeof claims[name] === 'number' ? (claims[name] as number) : undefined)
  const exp = time('exp')
  if (exp !== undefined && now > exp + skew) throw jwtInvalid('JWT expired')
  const iat = time('iat')
  if (iat !== undefined && iat > now + skew) throw jwtInvalid('JWTIssuedAtFuture')
  const nbf = time('nbf')
  if (nbf !== undefined && now < nbf - skew) throw jwtInvalid('JWTNotYetValid')
  const aud = claims['aud']
  if (audience !== undefined && aud !== undefined) {
    const audiences = Array.isArray(aud) ? aud : [aud]
    if (!audiences.includes(audience)) throw jwtInvalid('JWTNotInAudience')
  }
}

function walk(value: unknown, path: PathStep[]): unknown {
  let at = value
  for (const step of path) {
    if ('key' in step) at = isObject(at) ? at[step.key] : undefined
    else at = Array.isArray(at) ? at[step.index] : undefined
    if (at === undefined) return undefined
  }
  return at
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Unpadded base64url, as a compact JWS's parts are written. */
const BASE64URL = /^[A-Za-z0-9_-]*$/

function decodeJson(part: string): unknown {
  const bytes = BASE64URL.test(part) ? base64UrlDecode(part) : undefined
  if (!bytes) throw jwtInvalid('JWSError (CompactDecodeError Invalid Base64url encoding)')
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown
  } catch {
    throw jwtInvalid('JWSError (JSONDecodeError "not a JSON value")')
  }
}

/** JwtTokenMissing: a token came and the server has no secret to check it with. */
function jwtMissing(): RestError {
  return pgrstError(500, 'PGRST300', 'Server lacks JWT secret')
}

/** JwtTokenInvalid, with the `WWW-Authenticate` header of `invalidTokenHeader`. */
function jwtInvalid(message: string): RestError {
  const error = pgrstError(401, 'PGRST301', message)
  error.headers.push([
    'WWW-Authenticate',
    `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  ])
  return error
}

/** JwtTokenRequired: no role from the token and no anonymous role. */
function jwtRequired(): RestError {
  const error = pgrstError(401, 'PGRST302', 'Anonymous access is disabled')
  error.headers.push(['WWW-Authenticate', 'Bearer'])
  return error
}
