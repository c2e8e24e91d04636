/**
 * The platform's answers, in the formats its services send them: auth (GoTrue), database
 * (PostgREST) and storage. Only the fields the client reads are filled in.
 */

export interface TestUser {
  id: string
  email: string
}

export const ada: TestUser = {
  id: '5a6f2c1d-8e3b-4f70-9d12-3c4b5a6e7f80',
  email: 'ada@example.com',
}

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** An access token shaped like the platform's. The signature is not checked by the client. */
export function accessTokenFor(user: TestUser, expiresAt: number): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const payload = base64Url(
    JSON.stringify({
      aud: 'authenticated',
      exp: expiresAt,
      iat: expiresAt - 3600,
      sub: user.id,
      email: user.email,
      role: 'authenticated',
      session_id: 'c0ffee00-0000-4000-8000-000000000001',
    }),
  )
  return `${header}.${payload}.signature-not-checked`
}

/** The user object auth answers with on GET /auth/v1/user. */
export function authUserJson(user: TestUser) {
  const at = '2025-03-01T12:00:00.000000Z'
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: at,
    phone: '',
    confirmed_at: at,
    last_sign_in_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  }
}

/** The fragment a magic link redirects to once auth has verified it. */
export function magicLinkRedirectHash(user: TestUser): string {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600
  const params = new URLSearchParams({
    access_token: accessTokenFor(user, expiresAt),
    expires_at: String(expiresAt),
    expires_in: '3600',
    refresh_token: 'refresh-token-1',
    token_type: 'bearer',
    type: 'magiclink',
  })
  return `#${params.toString()}`
}

/** The fragment of a link that was expired or used already. */
export const expiredLinkHash =
  '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired'

/** Auth's answer when the project's hourly e-mail limit is reached (HTTP 429). */
export const emailRateLimitAnswer = {
  code: 429,
  error_code: 'over_email_send_rate_limit',
  msg: 'email rate limit exceeded',
}

/** Auth's answer when the same address asked for a link moments ago (HTTP 429). */
export const emailFrequencyLimitAnswer = {
  code: 429,
  error_code: 'over_email_send_rate_limit',
  msg: 'For security purposes, you can only request this after 42 seconds.',
}

/** PostgREST's answer when username_length refuses a row (HTTP 400). */
export const usernameLengthViolation = {
  code: '23514',
  details: 'Failing row contains (5a6f2c1d-8e3b-4f70-9d12-3c4b5a6e7f80, null, ab, null, null, null).',
  hint: null,
  message: 'new row for relation "profiles" violates check constraint "username_length"',
}

/** PostgREST's answer when another profile already has the username (HTTP 409). */
export const usernameTakenViolation = {
  code: '23505',
  details: 'Key (username)=(ada) already exists.',
  hint: null,
  message: 'duplicate key value violates unique constraint "profiles_username_key"',
}

/**
 * Storage's answer when a policy refuses an upload: HTTP 400, with the status that names the
 * problem in the body.
 */
export const storagePolicyRefusal = {
  statusCode: '403',
  error: 'Unauthorized',
  message: 'new row violates row-level security policy',
}
