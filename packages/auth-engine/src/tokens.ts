/**
 * Sessions, refresh tokens and access tokens (internal/api/token.go, token_refresh.go,
 * internal/models/refresh_token.go, sessions.go, amr.go), and reading the bearer token of a
 * request (internal/api/auth.go).
 */
import { audit, type Actor } from './audit'
import type { AuthConfig } from './config'
import { isUuid, secureToken, uuid } from './crypto'
import { findUserById, userJson, type SqlRunner, type User } from './db'
import { badRequest, forbidden, HttpError, OAuthError, WeakPasswordError } from './errors'
import { signJwt, verifyJwt } from './jwt'

/** `AuthenticationMethod.String()`: the `amr` methods. */
export type AuthenticationMethod =
  | 'password'
  | 'otp'
  | 'totp'
  | 'magiclink'
  | 'email/signup'
  | 'email_change'
  | 'token_refresh'
  | 'anonymous'
  | 'recovery'
  | 'invite'

export interface GrantParams {
  userAgent: string | null
  ip: string
}

export interface TokenResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Record<string, unknown>
  weak_password?: { message: string; reasons: string[] }
}

interface RefreshTokenRow {
  id: string
  token: string
  user_id: string
  parent: string | null
  session_id: string | null
  revoked: boolean
  reusable: boolean
}

async function createSession(db: SqlRunner, userId: string, grant: GrantParams): Promise<string> {
  const id = uuid()
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)`,
    [id, userId, grant.userAgent, grant.ip],
  )
  return id
}

async function createRefreshToken(
  db: SqlRunner,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = secureToken()
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, parent, session_id, revoked, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, false, now(), now())`,
    [token, userId, parent, sessionId],
  )
  await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId])
  return token
}

/** `AddClaimToSession`: records (or refreshes the time of) a way the session was authenticated. */
export async function addClaimToSession(
  db: SqlRunner,
  sessionId: string,
  method: AuthenticationMethod,
): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [sessionId, method],
  )
}

/** `generateAccessToken`: the claims GoTrue signs, with `aal` and `amr` from the session. */
async function accessToken(
  db: SqlRunner,
  config: AuthConfig,
  user: User,
  sessionId: string,
): Promise<{ token: string; expiresAt: number }> {
  const claims = await db.query<{ method: string; at: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint as at
     from auth.mfa_amr_claims where session_id = $1 order by updated_at`,
    [sessionId],
  )
  const amr = claims.rows.map((row) => ({ method: row.method, timestamp: Number(row.at) }))
  const aal = amr.some((entry) => entry.method === 'totp') ? 'aal2' : 'aal1'
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresAt = issuedAt + config.jwtExpiry
  const payload = {
    iss: config.issuer,
    sub: user.id,
    aud: user.aud ?? '',
    exp: expiresAt,
    iat: issuedAt,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role ?? '',
    aal,
    ...(amr.length > 0 ? { amr } : {}),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  }
  return { token: await signJwt(payload, config.jwtSecret), expiresAt }
}

async function tokenResponse(
  db: SqlRunner,
  config: AuthConfig,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<TokenResponse> {
  const user = await findUserById(db, userId)
  if (!user) throw new HttpError(500, 'unexpected_failure', 'Database error granting user')
  const { token, expiresAt } = await accessToken(db, config, user, sessionId)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}

/** `issueRefreshToken`: a new session with its first refresh token, and an access token for it. */
export async function issueSession(
  db: SqlRunner,
  config: AuthConfig,
  userId: string,
  method: AuthenticationMethod,
  grant: GrantParams,
): Promise<TokenResponse> {
  const sessionId = await createSession(db, userId, grant)
  const refreshToken = await createRefreshToken(db, userId, sessionId, null)
  await addClaimToSession(db, sessionId, method)
  return tokenResponse(db, config, userId, sessionId, refreshToken)
}

/** `GrantRefreshTokenSwap`: revokes a refresh token and issues its child in the same session. */
async function swapRefreshToken(db: SqlRunner, user: Actor, token: RefreshTokenRow): Promise<string> {
  await audit(db, user, 'token_revoked')
  await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [
    token.id,
  ])
  return createRefreshToken(db, token.user_id, token.session_id!, token.token)
}

export async function sessionTokens(
  db: SqlRunner,
  config: AuthConfig,
  userId: string,
  sessionId: string,
): Promise<TokenResponse> {
  const current = (
    await db.query<RefreshTokenRow>(
      `select id::text, token, user_id, parent, session_id, revoked, false as reusable from auth.refresh_tokens
       where session_id = $1 order by created_at asc, id asc limit 1`,
      [sessionId],
    )
  ).rows[0]
  if (!current) throw new HttpError(500, 'unexpected_failure', 'Refresh token not found for session')
  const user = await findUserById(db, userId)
  const refreshToken = await swapRefreshToken(db, user!, current)
  return tokenResponse(db, config, userId, sessionId, refreshToken)
}

/**
 * `RefreshTokenGrant`: swaps a refresh token for a new pair. A token already swapped answers with
 * its child while that child is the session's live token, and within the reuse interval of its
 * revocation; after it, the session's tokens are revoked (when rotation is on) and the call fails.
 * Returns the outcome to commit: a refused reuse still revokes.
 */
export async function refreshTokenGrant(
  db: SqlRunner,
  config: AuthConfig,
  refreshToken: string,
  grant: GrantParams,
): Promise<TokenResponse | OAuthError> {
  const token = (
    await db.query<RefreshTokenRow>(
      `select id::text, token, user_id, parent, session_id, revoked,
         now() <= updated_at + make_interval(secs => $2) as reusable
       from auth.refresh_tokens where token = $1 limit 1`,
      [refreshToken, config.refreshTokenReuseInterval],
    )
  ).rows[0]
  if (!token) return new OAuthError('invalid_grant', 'Invalid Refresh Token: Refresh Token Not Found')
  const user = isUuid(token.user_id) ? await findUserById(db, token.user_id) : null
  if (!user) return new OAuthError('invalid_grant', 'Invalid Refresh Token: Refresh Token Not Found')
  if (user.banned) return new OAuthError('invalid_grant', 'Invalid Refresh Token: User Banned')
  const session = token.session_id
    ? (
        await db.query<{ expired: boolean }>(
          `select coalesce(not_after < now(), false) as expired from auth.sessions where id = $1`,
          [token.session_id],
        )
      ).rows[0]
    : undefined
  if (!session) return new OAuthError('invalid_grant', 'Invalid Refresh Token: Refresh Token Not Found')
  if (session.expired) return new OAuthError('invalid_grant', 'Invalid Refresh Token: Session Expired')

  let issued: string | null = null
  if (token.revoked) {
    const active = (
      await db.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked is false order by id desc limit 1`,
        [token.session_id],
      )
    ).rows[0]
    if (active && active.parent === token.token) {
      issued = active.token
    } else if (!token.reusable) {
      if (config.refreshTokenRotation) {
        await db.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`,
          [token.session_id],
        )
      }
      return new OAuthError('invalid_grant', 'Invalid Refresh Token: Already Used')
    }
  }
  await audit(db, user, 'token_refreshed')
  issued ??= await swapRefreshToken(db, user, token)
  await db.query(
    `update auth.sessions set refreshed_at = now() at time zone 'UTC', user_agent = $2, ip = $3::inet where id = $1`,
    [token.session_id, grant.userAgent, grant.ip],
  )
  return tokenResponse(db, config, user.id, token.session_id!, issued)
}

export interface Authenticated {
  user: User
  sessionId: string | null
  claims: Record<string, unknown>
  /** The session's assurance level, `aal1` when there is no session. */
  aal: string
}

/** The bearer token of a request, or GoTrue's 401. */
export function bearerToken(request: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
  if (!match) throw new HttpError(401, 'no_authorization', 'This endpoint requires a Bearer token')
  return match[1]!
}

export async function parseClaims(config: AuthConfig, token: string): Promise<Record<string, unknown>> {
  try {
    return await verifyJwt(token, config.jwtSecret)
  } catch (error) {
    throw forbidden(
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`,
    )
  }
}

/** `requireAuthentication`: the signed-in user and session of a request. */
export async function authenticate(
  db: SqlRunner,
  config: AuthConfig,
  request: Request,
): Promise<Authenticated> {
  const claims = await parseClaims(config, bearerToken(request))
  const sub = typeof claims['sub'] === 'string' ? claims['sub'] : ''
  if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID')
  const user = await findUserById(db, sub)
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
  const sessionClaim = typeof claims['session_id'] === 'string' ? claims['session_id'] : ''
  if (sessionClaim === '' || sessionClaim === '00000000-0000-0000-0000-000000000000') {
    return { user, sessionId: null, claims, aal: 'aal1' }
  }
  if (!isUuid(sessionClaim)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID')
  const session = (
    await db.query<{ aal: string | null }>(`select aal::text from auth.sessions where id = $1`, [
      sessionClaim,
    ])
  ).rows[0]
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  return { user, sessionId: sessionClaim, claims, aal: session.aal ?? '' }
}

/** `checkPasswordStrength`. */
export function checkPasswordStrength(config: AuthConfig, password: string): void {
  // Go measures strings in bytes.
  const length = new TextEncoder().encode(password).length
  if (length > 72) {
    throw badRequest('validation_failed', 'Password cannot be longer than 72 characters')
  }
  const messages: string[] = []
  const reasons: string[] = []
  if (length < config.passwordMinLength) {
    reasons.push('length')
    messages.push(`Password should be at least ${config.passwordMinLength} characters.`)
  }
  const sets = config.passwordRequiredCharacters
  if (sets.some((set) => set !== '' && ![...set].some((char) => password.includes(char)))) {
    reasons.push('characters')
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`)
  }
  if (reasons.length > 0) throw new WeakPasswordError(messages.join(' '), reasons)
}
