/**
 * Accounts and sessions: `signup` (e-mail and anonymous; signup.go, anonymous.go), `token`
 * (token.go, token_refresh.go), `logout` (logout.go), `user` (user.go) and `settings`.
 */
import { audit } from './audit'
import type { Context } from './context'
import { grantParams, requestAud } from './context'
import {
  createIdentity,
  deleteSessions,
  findDuplicateEmailUser,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  mergeMetadata,
  updatePassword,
  updateProvidersInAppMetadata,
  userJson,
  type User,
} from './db'
import {
  confirmUser,
  emailChangeVerify,
  FrequencyLimit,
  frequencyMessage,
  sendConfirmation,
  sendEmailChange,
  validateEmail,
} from './email'
import {
  badRequest,
  forbidden,
  internalError,
  jsonResponse,
  OAuthError,
  tooManyRequests,
  unprocessable,
  WeakPasswordError,
} from './errors'
import { checkPassword, hashPassword } from './passwords'
import { createFlowState, readPkce } from './pkce'
import { verifyReauthentication } from './reauthenticate'
import { Params, parseJsonBody } from './request'
import { authenticate, checkPasswordStrength, issueSession, refreshTokenGrant } from './tokens'

type Json = Record<string, unknown>

/** `signupNewUser` with `ToUserModel`: the row GoTrue inserts for a new account. */
export async function insertUser(
  context: Context,
  fields: {
    email: string | null
    passwordHash: string
    aud: string
    userMetadata: Json
    appMetadata: Json
    anonymous?: boolean
    id?: string
  },
): Promise<string> {
  const row = (
    await context.db.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
         created_at, updated_at, is_anonymous, confirmation_token, recovery_token, email_change_token_new, email_change,
         is_sso_user)
       values ('00000000-0000-0000-0000-000000000000', coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6::jsonb,
         $7::jsonb, now(), now(), $8, '', '', '', '', false)
       returning id`,
      [
        fields.id ?? null,
        fields.aud,
        context.config.defaultRole,
        fields.email,
        fields.passwordHash,
        JSON.stringify(fields.appMetadata),
        JSON.stringify(fields.userMetadata),
        fields.anonymous ?? false,
      ],
    )
  ).rows[0]!
  return row.id
}

/**
 * The sign-up's identity, unless the account has it already: its data is the provider's claims
 * plus the sign-up's `data`, and (RemoveUnconfirmedIdentities) the account takes that data as its
 * metadata and drops any other identity.
 */
async function attachSignupIdentity(
  context: Context,
  user: User,
  provider: string,
  claims: Json,
  data: Json,
): Promise<void> {
  const { db } = context
  if (user.identities.some((identity) => identity.provider === provider && identity.provider_id === user.id))
    return
  const identityData: Json = { ...claims }
  for (const [key, value] of Object.entries(data)) if (!(key in identityData)) identityData[key] = value
  await createIdentity(db, user.id, provider, identityData)
  await db.query(
    `delete from auth.identities where user_id = $1 and not (provider = $2 and provider_id = $1::text)`,
    [user.id, provider],
  )
  await mergeMetadata(db, user.id, 'raw_user_meta_data', identityData)
  await updateProvidersInAppMetadata(db, user.id)
}

/** POST /signup with an e-mail and password. */
export async function signup(context: Context): Promise<Response> {
  const { config, db } = context
  if (config.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
  const body = new Params(parseJsonBody(context.bodyText), 'SignupParams')
  let email = body.string('email')
  const phone = body.string('phone')
  const password = body.string('password')
  const data = body.object('data') ?? {}
  const provider = email !== '' ? 'email' : phone !== '' ? 'phone' : ''
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password')
  checkPasswordStrength(config, password)
  if (email !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    )
  }
  if (phone !== '' && body.string('code_challenge') !== '') {
    throw badRequest('validation_failed', 'PKCE not supported for phone signups')
  }
  const pkce = readPkce(body)
  const aud = requestAud(context)
  if (provider === 'phone') return signupWithPhone(context, phone, password, data, aud)
  if (!config.emailEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled')
  email = validateEmail(email)

  let user = await findDuplicateEmailUser(db, email, aud, null)
  if (user?.email_confirmed_at) {
    await audit(db, user, 'user_repeated_signup', { provider: 'email' })
    if (config.mailerAutoconfirm) throw unprocessable('user_already_exists', 'User already registered')
    return jsonResponse(200, obfuscatedUser(user, email, aud, data))
  }
  if (!user) {
    const passwordHash = await hashPassword(password, config.passwordHashCost)
    const id = await insertUser(context, {
      email,
      passwordHash,
      aud,
      userMetadata: data,
      appMetadata: { provider: 'email', providers: ['email'] },
    })
    user = (await findUserById(db, id))!
  }
  await attachSignupIdentity(
    context,
    user,
    'email',
    { sub: user.id, email: user.email ?? '', email_verified: false, phone_verified: false },
    data,
  )
  if (config.mailerAutoconfirm) {
    await audit(db, user, 'user_signedup', { provider: 'email' })
    await confirmUser(context, user.id)
    await audit(db, user, 'login', { provider: 'email' })
    return jsonResponse(200, await issueSession(db, config, user.id, 'password', grantParams(context)))
  }
  await audit(db, user, 'user_confirmation_requested', { provider: 'email' })
  if (pkce) await createFlowState(context, 'email', 'email/signup', pkce, user.id)
  try {
    await sendConfirmation(context, (await findUserById(db, user.id))!, pkce)
  } catch (error) {
    if (error instanceof FrequencyLimit)
      throw tooManyRequests('over_email_send_rate_limit', frequencyMessage(error))
    throw error
  }
  const fresh = (await findUserById(db, user.id))!
  return jsonResponse(200, userJson(fresh))
}

/**
 * The phone branch of `Signup`. The CLI turns the phone provider on with SMS autoconfirm and no SMS
 * provider: a phone sign-up is confirmed at once; with confirmations on it fails as GoTrue does
 * when it finds no SMS provider.
 */
async function signupWithPhone(
  context: Context,
  rawPhone: string,
  password: string,
  data: Json,
  aud: string,
): Promise<Response> {
  const { config, db } = context
  if (!config.phoneEnabled) throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
  const phone = validatePhone(rawPhone)
  let user = await findUserByPhone(db, phone, aud)
  if (user?.phone_confirmed_at) {
    if (config.mailerAutoconfirm || config.smsAutoconfirm)
      throw unprocessable('user_already_exists', 'User already registered')
    return jsonResponse(200, obfuscatedUser(user, '', aud, data, 'phone'))
  }
  if (!user) {
    const id = await insertUser(context, {
      email: null,
      passwordHash: await hashPassword(password, config.passwordHashCost),
      aud,
      userMetadata: data,
      appMetadata: { provider: 'phone', providers: ['phone'] },
    })
    await db.query(`update auth.users set phone = $2 where id = $1`, [id, phone])
    user = (await findUserById(db, id))!
  }
  // provider.Claims with only the subject: an empty e-mail is left out, the verified flags stay.
  await attachSignupIdentity(
    context,
    user,
    'phone',
    { sub: user.id, email_verified: false, phone_verified: false },
    data,
  )
  if (!config.smsAutoconfirm) throw internalError('Unable to get SMS provider')
  await db.query(
    `update auth.users set confirmation_token = '', phone_confirmed_at = now(), updated_at = now() where id = $1`,
    [user.id],
  )
  await db.query(`delete from auth.one_time_tokens where user_id = $1`, [user.id])
  return jsonResponse(200, await issueSession(db, config, user.id, 'password', grantParams(context)))
}

/** `validatePhone`: without '+' and spaces, E.164 digits. */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replace(/ /g, '')
  if (!/^[1-9]\d{1,14}$/.test(formatted))
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)')
  return formatted
}

/**
 * `sanitizeUser`: for an address already confirmed, when sign-ups need confirming, an answer that
 * looks like a new account, so the endpoint does not tell which addresses have one.
 */
function obfuscatedUser(user: User, email: string, aud: string, data: Json, provider = 'email'): Json {
  const now = new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')
  return {
    ...userJson({ ...user, identities: [], factors: [] }),
    id: crypto.randomUUID(),
    aud,
    role: '',
    email,
    phone: provider === 'phone' ? (user.phone ?? '') : '',
    confirmation_sent_at: now,
    created_at: now,
    updated_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    ...{
      email_confirmed_at: undefined,
      confirmed_at: undefined,
      last_sign_in_at: undefined,
      phone_confirmed_at: undefined,
    },
  }
}

/** POST /signup with neither e-mail nor phone: an anonymous account with a session. */
export async function signupAnonymously(context: Context): Promise<Response> {
  const { config, db } = context
  if (!config.anonymousEnabled)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  if (config.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
  const body = new Params(parseJsonBody(context.bodyText), 'SignupParams')
  const id = await insertUser(context, {
    email: null,
    passwordHash: '',
    aud: requestAud(context),
    userMetadata: body.object('data') ?? {},
    appMetadata: {},
    anonymous: true,
  })
  return jsonResponse(200, await issueSession(db, config, id, 'anonymous', grantParams(context)))
}

const invalidLogin = () => new OAuthError('invalid_grant', 'Invalid login credentials')

/** POST /token?grant_type=password. */
export async function passwordGrant(context: Context): Promise<Response> {
  const { config, db } = context
  const body = new Params(parseJsonBody(context.bodyText), 'PasswordGrantParams')
  const email = body.string('email')
  const phone = body.string('phone')
  const password = body.string('password')
  if (email !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    )
  }
  let user: User | null
  if (email !== '') {
    if (!config.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled')
    user = await findUserByEmail(db, email, requestAud(context))
  } else if (phone !== '') {
    if (!config.phoneEnabled) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled')
    user = await findUserByPhone(db, phone.replace(/^\+/, '').replace(/ /g, ''), requestAud(context))
  } else {
    throw invalidLogin()
  }
  if (!user || !user.encrypted_password || user.banned) throw invalidLogin()
  if (!(await checkPassword(password, user.encrypted_password))) throw invalidLogin()
  let weakPassword: WeakPasswordError | null = null
  try {
    checkPasswordStrength(config, password)
  } catch (error) {
    if (error instanceof WeakPasswordError) weakPassword = error
  }
  if (email !== '' && !user.email_confirmed_at) throw new OAuthError('invalid_grant', 'Email not confirmed')
  if (email === '' && !user.phone_confirmed_at) throw new OAuthError('invalid_grant', 'Phone not confirmed')
  await audit(db, user, 'login', { provider: email !== '' ? 'email' : 'phone' })
  const session = await issueSession(db, config, user.id, 'password', grantParams(context))
  if (weakPassword) session.weak_password = { message: weakPassword.message, reasons: weakPassword.reasons }
  return jsonResponse(200, session)
}

/** POST /token?grant_type=refresh_token. A refused reuse is committed (it revokes the session's tokens). */
export async function refreshGrant(context: Context): Promise<Response | OAuthError> {
  const body = new Params(parseJsonBody(context.bodyText), 'RefreshTokenGrantParams')
  const refreshToken = body.string('refresh_token')
  if (refreshToken === '') throw new OAuthError('invalid_request', 'refresh_token required')
  const outcome = await refreshTokenGrant(context.db, context.config, refreshToken, grantParams(context))
  return outcome instanceof OAuthError ? outcome : jsonResponse(200, outcome)
}

/** POST /logout?scope=global|local|others. */
export async function logout(context: Context): Promise<Response> {
  const { user, sessionId } = await authenticate(context.db, context.config, context.request)
  const scope = context.url.searchParams.get('scope') ?? ''
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`)
  }
  await audit(context.db, user, 'logout')
  if (scope === 'local' && sessionId) {
    await context.db.query(`delete from auth.sessions where id = $1`, [sessionId])
  } else if (scope === 'others' && sessionId) {
    await deleteSessions(context.db, user.id, sessionId)
  } else {
    await deleteSessions(context.db, user.id)
  }
  return new Response(null, { status: 204 })
}

/** GET /user. */
export async function getUser(context: Context): Promise<Response> {
  const { user, claims } = await authenticate(context.db, context.config, context.request)
  const header = context.request.headers.get('x-jwt-aud')
  const tokenAud = Array.isArray(claims['aud']) ? claims['aud'][0] : claims['aud']
  if (header && header !== tokenAud) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience")
  }
  return jsonResponse(200, userJson(user))
}

/** Whether the request's session was made less than 24 hours ago (no session: no). */
async function sessionWithinADay(context: Context, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false
  const row = (
    await context.db.query<{ recent: boolean }>(
      `select created_at + interval '24 hours' >= now() as recent from auth.sessions where id = $1`,
      [sessionId],
    )
  ).rows[0]
  return row?.recent ?? false
}

/** PUT /user: e-mail, password and metadata of the signed-in user. */
export async function updateUser(context: Context): Promise<Response> {
  const { config, db } = context
  const body = new Params(parseJsonBody(context.bodyText), 'UserUpdateParams')
  const { user, sessionId } = await authenticate(db, config, context.request)
  let email = body.string('email')
  const password = body.optionalString('password')
  const data = body.object('data')
  const appData = body.object('app_metadata')
  if (email !== '') email = validateEmail(email)
  if (body.string('phone') !== '')
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)')
  if (password !== undefined) checkPasswordStrength(config, password)
  const isAdmin = user.aud === config.aud && user.role === 'admin'
  if (appData && !isAdmin) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges')
  if (user.is_anonymous && password) {
    throw unprocessable('unknown', 'Updating password of an anonymous user is not possible')
  }
  const aud = requestAud(context)
  if (email !== '' && user.email !== email && (await findDuplicateEmailUser(db, email, aud, user.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered')
  }
  if (password !== undefined) {
    if (config.updatePasswordRequireReauthentication && !(await sessionWithinADay(context, sessionId))) {
      const nonce = body.string('nonce')
      if (nonce === '')
        throw badRequest('reauthentication_needed', 'Password update requires reauthentication')
      await verifyReauthentication(context, user, nonce)
    }
    if (
      password !== '' &&
      user.encrypted_password &&
      (await checkPassword(password, user.encrypted_password))
    ) {
      throw unprocessable('same_password', 'New password should be different from the old password.')
    }
    const hash = password === '' ? null : await hashPassword(password, config.passwordHashCost)
    await updatePassword(db, user.id, hash, sessionId ?? undefined)
    await audit(db, user, 'user_updated_password')
  }
  if (data) await mergeMetadata(db, user.id, 'raw_user_meta_data', data)
  if (appData) await mergeMetadata(db, user.id, 'raw_app_meta_data', appData)
  if (email !== '' && email !== user.email) {
    const current = (await findUserById(db, user.id))!
    if (current.is_anonymous && config.mailerAutoconfirm) {
      await db.query(`update auth.users set email_change = $2 where id = $1`, [user.id, email])
      await emailChangeVerify(context, (await findUserById(db, user.id))!, { tokenHash: '', token: '' })
    } else {
      try {
        // The flow is PKCE when a challenge came; it is not checked here, as in GoTrue.
        const challenge = body.string('code_challenge')
        const pkce = challenge
          ? { codeChallenge: challenge, codeChallengeMethod: body.string('code_challenge_method') }
          : null
        if (pkce) await createFlowState(context, 'email_change', 'email_change', pkce, user.id)
        await sendEmailChange(context, current, email, pkce)
      } catch (error) {
        if (error instanceof FrequencyLimit)
          throw tooManyRequests('over_email_send_rate_limit', frequencyMessage(error))
        throw error
      }
    }
  }
  await audit(db, user, 'user_modified')
  const updated = await findUserById(db, user.id)
  if (!updated) throw internalError('Error updating user')
  return jsonResponse(200, userJson(updated))
}

/** GET /settings. */
export function settings(context: Context): Response {
  const { config } = context
  const providers = [
    'apple',
    'azure',
    'bitbucket',
    'discord',
    'facebook',
    'figma',
    'fly',
    'github',
    'gitlab',
    'google',
    'keycloak',
    'kakao',
    'linkedin',
    'linkedin_oidc',
    'notion',
    'spotify',
    'slack',
    'slack_oidc',
    'workos',
    'twitch',
    'twitter',
  ]
  const external: Record<string, boolean> = { anonymous_users: config.anonymousEnabled }
  for (const name of providers) external[name] = false
  external['email'] = config.emailEnabled
  external['phone'] = config.phoneEnabled
  external['zoom'] = false
  return jsonResponse(200, {
    external,
    disable_signup: config.disableSignup,
    mailer_autoconfirm: config.mailerAutoconfirm,
    phone_autoconfirm: config.smsAutoconfirm,
    sms_provider: '',
    mfa_enabled: false,
    saml_enabled: false,
  })
}
