/**
 * The e-mail flows: sending confirmation, magic link, recovery and e-mail change messages
 * (internal/api/mail.go), the `otp`, `magiclink` and `recover` endpoints (otp.go, magic_link.go,
 * recover.go) and `verify` (verify.go).
 */
import { audit } from './audit'
import type { Context } from './context'
import { grantParams, requestAud } from './context'
import { generateOtp, tokenHash } from './crypto'
import {
  clearOneTimeTokens,
  createIdentity,
  createOneTimeToken,
  findUserByEmail,
  findUserById,
  findUserByOneTimeToken,
  updateIdentityData,
  updatePassword,
  updateProvidersInAppMetadata,
  type User,
} from './db'
import {
  badRequest,
  forbidden,
  HttpError,
  internalError,
  jsonResponse,
  tooManyRequests,
  unprocessable,
} from './errors'
import { encodeValues, referrer, renderTemplate, verifyLink, type EmailActionType } from './mail'
import { hashPassword, randomPassword } from './passwords'
import { createFlowState, issueAuthCode, methodOfType, readPkce, withFlowPrefix, type Pkce } from './pkce'
import { Params, parseJsonBody } from './request'
import { issueSession } from './tokens'

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** `validateEmail`: required, at most 255 characters, checkmail's format; lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required')
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long')
  if (!EMAIL_PATTERN.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format')
  return email.toLowerCase()
}

/** GoTrue's MaxFrequencyLimitError, carrying the seconds left. */
export class FrequencyLimit extends Error {
  constructor(readonly secondsLeft: number) {
    super('frequency limit reached')
  }
}

export const frequencyMessage = (limit: FrequencyLimit) =>
  `For security purposes, you can only request this after ${limit.secondsLeft} seconds.`

/**
 * The answer of recover and reauthenticate when an e-mail of the kind went out too recently
 * (GoTrue v2.157.1 `recover.go`, `reauthenticate.go`): other errors pass through.
 */
export function onceAMinute(error: unknown): unknown {
  return error instanceof FrequencyLimit
    ? tooManyRequests(
        'over_email_send_rate_limit',
        'For security purposes, you can only request this once every 60 seconds',
      )
    : error
}

/** `validateSentWithinFrequencyLimit` for a `*_sent_at` column of the user. */
async function checkFrequency(context: Context, userId: string, column: string): Promise<void> {
  const row = (
    await context.db.query<{ left: number | null }>(
      `select floor(extract(epoch from (${column} + make_interval(secs => $2) - now())))::int as left
       from auth.users where id = $1 and ${column} + make_interval(secs => $2) > now()`,
      [userId, context.config.maxFrequency],
    )
  ).rows[0]
  if (row) throw new FrequencyLimit(Math.max(0, row.left ?? 0))
}

interface Mail {
  actionType: EmailActionType
  to: string
  otp: string
  hash: string
  /** The verification type in the link. */
  linkType: string
  extra?: Record<string, string>
}

function deliver(context: Context, user: User, mail: Mail): void {
  const redirectTo = referrer(context.config, context.request, context.url)
  const confirmationUrl =
    mail.actionType === 'reauthentication'
      ? undefined
      : verifyLink(context.config, mail.hash, mail.linkType, redirectTo)
  const { subject, html } = renderTemplate(mail.actionType, {
    SiteURL: context.config.siteUrl,
    ConfirmationURL: confirmationUrl ?? '',
    Email: user.email ?? '',
    Token: mail.otp,
    TokenHash: mail.hash,
    RedirectTo: redirectTo,
    ...mail.extra,
  })
  context.inbox.deliver({
    to: mail.to,
    subject,
    html,
    actionType: mail.actionType,
    token: mail.otp,
    tokenHash: mail.hash,
    ...(confirmationUrl ? { confirmationUrl } : {}),
    redirectTo,
  })
}

/** `sendConfirmation`: the sign-up e-mail. */
export async function sendConfirmation(
  context: Context,
  user: User,
  pkce: Pkce | null = null,
): Promise<void> {
  await checkFrequency(context, user.id, 'confirmation_sent_at')
  const otp = generateOtp(context.config.otpLength)
  const hash = withFlowPrefix(tokenHash(user.email ?? '', otp), pkce)
  deliver(context, user, { actionType: 'signup', to: user.email ?? '', otp, hash, linkType: 'signup' })
  await context.db.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, hash],
  )
  await createOneTimeToken(context.db, user.id, user.email ?? '', hash, 'confirmation_token')
}

/** `sendReauthenticationOtp`: a code only, no link. */
export async function sendReauthenticationOtp(context: Context, user: User): Promise<void> {
  await checkFrequency(context, user.id, 'reauthentication_sent_at')
  const email = user.email ?? ''
  const otp = generateOtp(context.config.otpLength)
  const hash = tokenHash(email, otp)
  deliver(context, user, {
    actionType: 'reauthentication',
    to: email,
    otp,
    hash,
    linkType: 'reauthentication',
  })
  await context.db.query(
    `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1`,
    [user.id, hash],
  )
  await createOneTimeToken(context.db, user.id, email, hash, 'reauthentication_token')
}

/** `sendInvite`: no interval applies. */
export async function sendInvite(context: Context, user: User): Promise<void> {
  const otp = generateOtp(context.config.otpLength)
  const hash = tokenHash(user.email ?? '', otp)
  deliver(context, user, { actionType: 'invite', to: user.email ?? '', otp, hash, linkType: 'invite' })
  await context.db.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(), updated_at = now()
     where id = $1`,
    [user.id, hash],
  )
  await createOneTimeToken(context.db, user.id, user.email ?? '', hash, 'confirmation_token')
}

/** `sendMagicLink` and `sendPasswordRecovery`: both use the recovery token. */
async function sendRecoveryKind(
  context: Context,
  user: User,
  kind: 'magiclink' | 'recovery',
  pkce: Pkce | null,
): Promise<void> {
  await checkFrequency(context, user.id, 'recovery_sent_at')
  const otp = generateOtp(context.config.otpLength)
  const hash = withFlowPrefix(tokenHash(user.email ?? '', otp), pkce)
  deliver(context, user, { actionType: kind, to: user.email ?? '', otp, hash, linkType: kind })
  await context.db.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, hash],
  )
  await createOneTimeToken(context.db, user.id, user.email ?? '', hash, 'recovery_token')
}

/** `sendEmailChange`: to the new address, and to the current one when changes need both. */
export async function sendEmailChange(
  context: Context,
  user: User,
  newEmail: string,
  pkce: Pkce | null = null,
): Promise<void> {
  await checkFrequency(context, user.id, 'email_change_sent_at')
  const { config } = context
  const otpNew = generateOtp(config.otpLength)
  const hashNew = withFlowPrefix(tokenHash(newEmail, otpNew), pkce)
  let otpCurrent = ''
  let hashCurrent = ''
  if (config.secureEmailChange && user.email) {
    otpCurrent = generateOtp(config.otpLength)
    hashCurrent = withFlowPrefix(tokenHash(user.email, otpCurrent), pkce)
  }
  const extra = { NewEmail: newEmail }
  deliver(context, user, {
    actionType: 'email_change',
    to: newEmail,
    otp: otpNew,
    hash: hashNew,
    linkType: 'email_change',
    extra,
  })
  if (hashCurrent) {
    deliver(context, user, {
      actionType: 'email_change',
      to: user.email ?? '',
      otp: otpCurrent,
      hash: hashCurrent,
      linkType: 'email_change',
      extra,
    })
  }
  await context.db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [user.id, newEmail, hashNew, hashCurrent],
  )
  if (hashCurrent)
    await createOneTimeToken(context.db, user.id, user.email ?? '', hashCurrent, 'email_change_token_current')
  await createOneTimeToken(context.db, user.id, newEmail, hashNew, 'email_change_token_new')
}

/** `User.Confirm`. */
export async function confirmUser(context: Context, userId: string): Promise<void> {
  await context.db.query(
    `update auth.users set confirmation_token = '', email_confirmed_at = now(), updated_at = now() where id = $1`,
    [userId],
  )
  await clearOneTimeTokens(context.db, userId)
}

/** POST /otp with an e-mail: a magic link (and code), making the user first unless told not to. */
export async function otp(
  context: Context,
  signup: (context: Context) => Promise<Response>,
): Promise<Response> {
  const body = new Params(parseJsonBody(context.bodyText), 'OtpParams')
  let email = body.string('email')
  const phone = body.string('phone')
  const createUser = body.bool('create_user', true)
  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided')
  }
  if (email !== '' && body.string('channel') !== '') {
    throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP')
  }
  readPkce(body)
  if (!createUser && email !== '') {
    email = validateEmail(email)
    if (!(await findUserByEmail(context.db, email, requestAud(context)))) {
      throw unprocessable('otp_disabled', 'Signups not allowed for otp')
    }
  }
  if (email !== '') return magicLink(context, signup)
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Unsupported phone provider')
  throw badRequest('validation_failed', 'One of email or phone must be set')
}

/** POST /magiclink (and /otp for e-mail). */
export async function magicLink(
  context: Context,
  signup: (context: Context) => Promise<Response>,
): Promise<Response> {
  const { config } = context
  if (!config.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled')
  const body = new Params(parseJsonBody(context.bodyText), 'MagicLinkParams')
  if (body.string('email') === '')
    throw unprocessable('validation_failed', 'Password recovery requires an email')
  const email = validateEmail(body.string('email'))
  const pkce = readPkce(body)
  const data = body.object('data') ?? {}
  const user = await findUserByEmail(context.db, email, requestAud(context))
  const challenge = pkce
    ? { code_challenge: pkce.codeChallenge, code_challenge_method: pkce.codeChallengeMethod }
    : {}
  if (!user || !user.email_confirmed_at) {
    // A new or unconfirmed address signs up first, with a password nobody knows.
    const signupBody = JSON.stringify({ email, password: randomPassword(), data, ...challenge })
    await signup({ ...context, bodyText: signupBody })
    if (config.mailerAutoconfirm) {
      return magicLink({ ...context, bodyText: JSON.stringify({ email, data, ...challenge }) }, signup)
    }
    return jsonResponse(200, {})
  }
  if (pkce) await createFlowState(context, 'magiclink', 'magiclink', pkce, user.id)
  try {
    await audit(context.db, user, 'user_recovery_requested')
    await sendRecoveryKind(context, user, 'magiclink', pkce)
  } catch (error) {
    if (error instanceof FrequencyLimit)
      throw tooManyRequests('over_email_send_rate_limit', frequencyMessage(error))
    throw error
  }
  return jsonResponse(200, {})
}

/** POST /recover: a password reset e-mail; an unknown address gets the same empty answer. */
export async function recover(context: Context): Promise<Response> {
  const body = new Params(parseJsonBody(context.bodyText), 'RecoverParams')
  if (body.string('email') === '')
    throw badRequest('validation_failed', 'Password recovery requires an email')
  const email = validateEmail(body.string('email'))
  const pkce = readPkce(body)
  const user = await findUserByEmail(context.db, email, requestAud(context))
  if (!user) return jsonResponse(200, {})
  if (pkce) await createFlowState(context, 'recovery', 'recovery', pkce, user.id)
  try {
    await audit(context.db, user, 'user_recovery_requested')
    await sendRecoveryKind(context, user, 'recovery', pkce)
  } catch (error) {
    throw onceAMinute(error)
  }
  return jsonResponse(200, {})
}

/** POST /resend: the sign-up or e-mail change message again (SMS types need a provider). */
export async function resend(context: Context): Promise<Response> {
  const { config, db } = context
  const body = new Params(parseJsonBody(context.bodyText), 'ResendConfirmationParams')
  const type = body.string('type')
  let email = body.string('email')
  const phone = body.string('phone')
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    )
  }
  if (email === '' && type === 'signup')
    throw badRequest('validation_failed', 'Type provided requires an email address')
  if (phone === '' && type === 'sms')
    throw badRequest('validation_failed', 'Type provided requires a phone number')
  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.')
  }
  if (email === '' && phone === '')
    throw badRequest('validation_failed', 'Missing email address or phone number')
  if (email === '') throw internalError('Unable to process request')
  if (!config.emailEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled')
  email = validateEmail(email)
  const user = await findUserByEmail(db, email, requestAud(context))
  if (!user) return jsonResponse(200, {})
  if (type === 'signup' && user.email_confirmed_at) return jsonResponse(200, {})
  if (type === 'email_change' && !user.email_change) return jsonResponse(200, {})
  if (type === 'sms' || type === 'phone_change') throw internalError('Unable to process request')
  try {
    if (type === 'signup') await sendConfirmation(context, user)
    else await sendEmailChange(context, user, user.email_change ?? '')
  } catch (error) {
    if (!(error instanceof FrequencyLimit)) throw error
    // GoTrue counts the wait from the confirmation e-mail, whichever type was asked for.
    const left = (
      await db.query<{ left: number }>(
        `select coalesce(floor(extract(epoch from (confirmation_sent_at + make_interval(secs => $2) - now()))), 0)::int as left
         from auth.users where id = $1`,
        [user.id, config.maxFrequency],
      )
    ).rows[0]!.left
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this once every ${left} seconds.`,
    )
  }
  return jsonResponse(200, {})
}

interface VerifyParams {
  type: string
  token: string
  tokenHash: string
  email: string
  redirectTo: string
}

const expiredLink = () => forbidden('otp_expired', 'Email link is invalid or has expired')
const expiredToken = () => forbidden('otp_expired', 'Token has expired or is invalid')

/** Whether a `*_sent_at` is older than the code's lifetime (`isOtpExpired`). */
async function sentAtExpired(context: Context, userId: string, column: string): Promise<boolean> {
  const row = (
    await context.db.query<{ expired: boolean }>(
      `select coalesce(${column} + make_interval(secs => $2) < now(), true) as expired from auth.users where id = $1`,
      [userId, context.config.otpExpiry],
    )
  ).rows[0]
  return row?.expired ?? true
}

/** `verifyTokenHash`: the user a link's hashed token belongs to, unexpired. */
async function userByTokenHash(context: Context, params: VerifyParams): Promise<User> {
  const types: Record<string, string[]> = {
    email: ['confirmation_token', 'recovery_token'],
    signup: ['confirmation_token'],
    invite: ['confirmation_token'],
    recovery: ['recovery_token'],
    magiclink: ['recovery_token'],
    email_change: ['email_change_token_current', 'email_change_token_new'],
  }
  const tokenTypes = types[params.type]
  if (!tokenTypes) throw badRequest('validation_failed', 'Invalid email verification type')
  const user = await findUserByOneTimeToken(context.db, params.tokenHash, tokenTypes)
  if (!user) throw expiredLink()
  if (user.banned) throw forbidden('user_banned', 'User is banned')
  let column = 'confirmation_sent_at'
  if (params.type === 'email') {
    params.type = 'signup'
    if (user.recovery_token === params.tokenHash) {
      column = 'recovery_sent_at'
      params.type = 'magiclink'
    }
  } else if (params.type === 'recovery' || params.type === 'magiclink') column = 'recovery_sent_at'
  else if (params.type === 'email_change') column = 'email_change_sent_at'
  if (await sentAtExpired(context, user.id, column)) throw expiredLink()
  return user
}

/** `isOtpValid`: the stored token matches (with or without the PKCE prefix) and is unexpired. */
async function otpValid(
  context: Context,
  user: User,
  hash: string,
  token: string | null,
  column: string,
): Promise<boolean> {
  if (!token || token === '') return false
  if (token !== hash && token !== `pkce_${hash}`) return false
  return !(await sentAtExpired(context, user.id, column))
}

/** `verifyUserAndToken`: the user an address and a code belong to. */
async function userByEmailAndCode(context: Context, params: VerifyParams): Promise<User> {
  const user = await findUserByEmail(context.db, params.email, requestAud(context))
  if (!user) throw expiredToken()
  if (user.banned) throw forbidden('user_banned', 'User is banned')
  const hash = params.tokenHash
  let valid = false
  switch (params.type) {
    case 'email':
      if (await otpValid(context, user, hash, user.confirmation_token, 'confirmation_sent_at')) {
        valid = true
        params.type = 'signup'
      } else if (await otpValid(context, user, hash, user.recovery_token, 'recovery_sent_at')) {
        valid = true
        params.type = 'magiclink'
      }
      break
    case 'signup':
    case 'invite':
      valid = await otpValid(context, user, hash, user.confirmation_token, 'confirmation_sent_at')
      break
    case 'recovery':
    case 'magiclink':
      valid = await otpValid(context, user, hash, user.recovery_token, 'recovery_sent_at')
      break
    case 'email_change':
      valid =
        (await otpValid(context, user, hash, user.email_change_token_current, 'email_change_sent_at')) ||
        (await otpValid(context, user, hash, user.email_change_token_new, 'email_change_sent_at'))
      break
  }
  if (!valid) throw expiredToken()
  return user
}

/** The e-mail change after its confirmation; null when the other address must confirm too. */
export async function emailChangeVerify(
  context: Context,
  user: User,
  params: { tokenHash: string; token: string },
): Promise<User | null> {
  const { config, db } = context
  if (
    !config.mailerAutoconfirm &&
    config.secureEmailChange &&
    (user.email_change_confirm_status ?? 0) === 0 &&
    user.email
  ) {
    let cleared: string | null = null
    if (
      params.tokenHash === user.email_change_token_current ||
      params.token === user.email_change_token_current
    ) {
      cleared = 'email_change_token_current'
    } else if (
      params.tokenHash === user.email_change_token_new ||
      params.token === user.email_change_token_new
    ) {
      cleared = 'email_change_token_new'
    }
    if (cleared) await clearOneTimeTokens(db, user.id, cleared)
    await db.query(
      `update auth.users set email_change_confirm_status = 1 ${cleared ? `, ${cleared} = ''` : ''}, updated_at = now() where id = $1`,
      [user.id],
    )
    return null
  }
  await audit(db, user, 'user_modified')
  const newEmail = user.email_change ?? ''
  const updated = await updateIdentityData(db, user.id, 'email', { email: newEmail, email_verified: true })
  if (!updated) {
    await createIdentity(db, user.id, 'email', {
      sub: user.id,
      email: newEmail,
      email_verified: true,
      phone_verified: false,
    })
  }
  await db.query(
    `update auth.users set email = $2, email_change = '', email_change_token_current = '', email_change_token_new = '',
       email_change_confirm_status = 0, is_anonymous = false, updated_at = now(),
       email_confirmed_at = coalesce(email_confirmed_at, now()),
       confirmation_token = case when email_confirmed_at is null then '' else confirmation_token end
     where id = $1`,
    [user.id, newEmail],
  )
  await clearOneTimeTokens(db, user.id)
  return findUserById(db, user.id)
}

/** Applies a verified token: confirms, signs in, or changes the address. Null: wait for the other address. */
async function applyVerification(context: Context, user: User, params: VerifyParams): Promise<User | null> {
  const { db } = context
  switch (params.type) {
    case 'signup':
    case 'invite':
      if (!user.encrypted_password && user.invited_at) {
        // An invited user gets a password nobody knows, and the rest of UpdatePassword with it.
        await updatePassword(
          db,
          user.id,
          await hashPassword(randomPassword(), context.config.passwordHashCost),
        )
      }
      await audit(db, user, 'user_signedup')
      await confirmUser(context, user.id)
      break
    case 'recovery':
    case 'magiclink':
      await db.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id])
      await clearOneTimeTokens(db, user.id)
      await audit(db, user, user.email_confirmed_at ? 'login' : 'user_signedup')
      if (!user.email_confirmed_at) await confirmUser(context, user.id)
      break
    case 'email_change': {
      const changed = await emailChangeVerify(context, user, params)
      if (!changed) return null
      break
    }
    default:
      throw badRequest('validation_failed', 'Unsupported verification type')
  }
  await updateProvidersInAppMetadata(db, user.id)
  return findUserById(db, user.id)
}

const singleConfirmationAccepted =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

/** POST /verify: a code with its address, or a hashed token; answers with a session. */
export async function verifyPost(context: Context): Promise<Response> {
  const body = new Params(parseJsonBody(context.bodyText), 'VerifyParams')
  const params: VerifyParams = {
    type: body.string('type'),
    token: body.string('token'),
    tokenHash: body.string('token_hash'),
    email: body.string('email'),
    redirectTo: body.string('redirect_to'),
  }
  const phone = body.string('phone')
  if (params.type === '') throw badRequest('validation_failed', 'Verify requires a verification type')
  if ((params.token === '') === (params.tokenHash === '')) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash')
  }
  if (params.token !== '') {
    if (phone !== '' && params.email === '')
      throw badRequest('phone_provider_disabled', 'Unsupported phone provider')
    if (phone === '' && params.email !== '') {
      try {
        params.email = validateEmail(params.email)
      } catch {
        throw unprocessable('validation_failed', 'Invalid email format')
      }
      params.tokenHash = tokenHash(params.email, params.token)
    } else {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      )
    }
  } else if (params.email !== '' || phone !== '' || params.redirectTo !== '') {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided')
  }
  const user =
    params.token === '' ? await userByTokenHash(context, params) : await userByEmailAndCode(context, params)
  const verified = await applyVerification(context, user, params)
  if (!verified) return jsonResponse(200, { msg: singleConfirmationAccepted, code: '200' })
  return jsonResponse(
    200,
    await issueSession(context.db, context.config, verified.id, 'otp', grantParams(context)),
  )
}

const oauthErrorNames: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
}

/**
 * GET /verify: the e-mail link. Redirects (303) to the allowed `redirect_to` with the session in
 * the fragment, or with the error there. The link's writes happen only when it succeeds.
 */
export async function verifyGet(
  context: Context,
  runInTransaction: <T>(run: (context: Context) => Promise<T>) => Promise<T>,
): Promise<Response> {
  const token = context.url.searchParams.get('token') ?? ''
  const type = context.url.searchParams.get('type') ?? ''
  const redirectTo = referrer(context.config, context.request, context.url)
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type')
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash')
  // A link of the PKCE flow ends with a code for the flow state of its kind, not with a session.
  const pkceMethod = token.startsWith('pkce_') ? methodOfType(type) : null
  if (token.startsWith('pkce_') && !pkceMethod) throw new Error(`unsupported authentication method "${type}"`)
  const params: VerifyParams = { type, token, tokenHash: token, email: '', redirectTo }
  const redirect = (query: Record<string, string> | null, fragment: Record<string, string> | null) =>
    new Response(null, { status: 303, headers: { Location: withParams(redirectTo, query, fragment) } })
  try {
    const outcome = await runInTransaction(async (inner) => {
      const user = await userByTokenHash(inner, params)
      if (!['signup', 'invite', 'recovery', 'magiclink', 'email_change'].includes(params.type)) {
        throw badRequest('validation_failed', 'Unsupported verification type')
      }
      const verified = await applyVerification(inner, user, params)
      if (!verified) return null
      if (pkceMethod) return { code: await issueAuthCode(inner, verified.id, pkceMethod) }
      return issueSession(inner.db, inner.config, verified.id, 'otp', grantParams(inner))
    })
    if (!outcome) {
      const message = { message: singleConfirmationAccepted }
      return redirect(pkceMethod ? message : null, message)
    }
    if ('code' in outcome) return redirect({ code: outcome.code }, null)
    return redirect(null, {
      access_token: outcome.access_token,
      expires_at: String(outcome.expires_at),
      expires_in: String(outcome.expires_in),
      refresh_token: outcome.refresh_token,
      token_type: outcome.token_type,
      type: params.type,
    })
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    const values: Record<string, string> = {
      error_code: String(error.status),
      error_description: error.message,
    }
    const name = oauthErrorNames[error.status]
    if (name) values['error'] = name
    return redirect(pkceMethod ? values : null, values)
  }
}

/**
 * A redirect URL as Go writes it back: `query` merged into its own (keys sorted, as
 * url.Values.Encode sorts them), `fragment` in place of its own; an empty path stays empty.
 */
function withParams(
  url: string,
  query: Record<string, string> | null,
  fragment: Record<string, string> | null,
): string {
  const hashAt = url.indexOf('#')
  const oldFragment = hashAt >= 0 ? url.slice(hashAt + 1) : ''
  let base = hashAt >= 0 ? url.slice(0, hashAt) : url
  if (query) {
    const queryAt = base.indexOf('?')
    const merged: Record<string, string> = {}
    if (queryAt >= 0)
      for (const [key, value] of new URLSearchParams(base.slice(queryAt + 1))) merged[key] ??= value
    base = `${queryAt >= 0 ? base.slice(0, queryAt) : base}?${encodeValues({ ...merged, ...query })}`
  }
  const hash = fragment ? encodeValues(fragment) : oldFragment
  return hash ? `${base}#${hash}` : base
}
