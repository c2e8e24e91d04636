/**
 * TOTP multi-factor authentication (internal/api/mfa.go): enrol a factor, challenge it, verify a
 * code (which lifts the session to aal2), unenrol. Codes are RFC 6238 with HMAC-SHA1, 6 digits,
 * 30-second steps and one step of skew either way, as pquerna/otp checks them.
 */
import { audit } from './audit'
import type { Context } from './context'
import { grantParams } from './context'
import { base32, base32Decode, isUuid, randomBytes, uuid } from './crypto'
import type { FactorRow } from './db'
import { badRequest, forbidden, internalError, jsonResponse, notFound, unprocessable } from './errors'
import { Params, parseJsonBody } from './request'
import { addClaimToSession, authenticate, sessionTokens, type Authenticated } from './tokens'

async function hotp(secret: Uint8Array<ArrayBuffer>, counter: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign'])
  const message = new Uint8Array(8)
  new DataView(message.buffer).setUint32(0, Math.floor(counter / 0x1_0000_0000))
  new DataView(message.buffer).setUint32(4, counter >>> 0)
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message))
  const offset = mac[mac.length - 1]! & 0x0f
  const code =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!
  return String(code % 1_000_000).padStart(6, '0')
}

/** The TOTP code of a base32 secret at a time (milliseconds); for authenticator apps and tests. */
export function totpCode(secret: string, at = Date.now()): Promise<string> {
  return hotp(base32Decode(secret), Math.floor(at / 1000 / 30))
}

async function totpValid(secret: string, code: string, at = Date.now()): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false
  const step = Math.floor(at / 1000 / 30)
  const bytes = base32Decode(secret)
  for (const counter of [step, step - 1, step + 1]) {
    if ((await hotp(bytes, counter)) === code) return true
  }
  return false
}

/** requireAuthentication then requireNotAnonymous, as the /factors routes have them. */
async function signedInNotAnonymous(context: Context): Promise<Authenticated> {
  const signedIn = await authenticate(context.db, context.config, context.request)
  if (signedIn.claims['is_anonymous'] === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions')
  }
  return signedIn
}

/** `loadFactor`. */
async function loadFactor(context: Context, id: string): Promise<FactorRow> {
  if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID')
  const factor = (
    await context.db.query<FactorRow>(
      `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret,
         created_at::text, updated_at::text from auth.mfa_factors where id = $1`,
      [id],
    )
  ).rows[0]
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
  return factor
}

/** POST /factors: a new, unverified TOTP factor and its secret. */
export async function enrollFactor(context: Context): Promise<Response> {
  const { user, sessionId, aal } = await signedInNotAnonymous(context)
  if (!sessionId) throw internalError('A valid session and a registered user are required to enroll a factor')
  const body = new Params(parseJsonBody(context.bodyText), 'EnrollFactorParams')
  if (body.string('factor_type') !== 'totp')
    throw badRequest('validation_failed', 'factor_type needs to be totp')
  const issuer = body.string('issuer') || new URL(context.config.siteUrl).host
  const friendlyName = body.string('friendly_name')
  const verified = user.factors.filter((factor) => factor.status === 'verified').length
  await context.db.query(
    `delete from auth.mfa_factors where status = 'unverified' and created_at + interval '300 seconds' < now()`,
  )
  if (
    user.factors.length >= context.config.mfaMaxEnrolledFactors ||
    verified >= context.config.mfaMaxVerifiedFactors
  ) {
    throw forbidden(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    )
  }
  if (verified > 0 && aal !== 'aal2')
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor')
  const taken = await context.db.query(
    `select 1 from auth.mfa_factors where user_id = $1 and friendly_name = $2 and trim(friendly_name) <> ''`,
    [user.id, friendlyName],
  )
  if (taken.rows.length > 0) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user likely already exists`,
    )
  }
  const secret = base32(randomBytes(20))
  const id = uuid()
  await context.db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [id, user.id, friendlyName, secret],
  )
  await audit(context.db, user, 'factor_in_progress', { factor_id: id })
  const label = `${issuer}:${user.email ?? ''}`
  const query = new URLSearchParams([
    ['algorithm', 'SHA1'],
    ['digits', '6'],
    ['issuer', issuer],
    ['period', '30'],
    ['secret', secret],
  ])
  const uri = `otpauth://totp/${encodeURI(label).replace(/%40/g, '@')}?${query.toString().replace(/\+/g, '%20')}`
  return jsonResponse(200, {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: '', secret, uri },
  })
}

async function ownedFactor(
  context: Context,
  factorId: string,
): Promise<{ signedIn: Authenticated; factor: FactorRow }> {
  const signedIn = await signedInNotAnonymous(context)
  const factor = await loadFactor(context, factorId)
  return { signedIn, factor }
}

/** POST /factors/{id}/challenge. */
export async function challengeFactor(context: Context, factorId: string): Promise<Response> {
  const { signedIn, factor } = await ownedFactor(context, factorId)
  const id = uuid()
  await audit(context.db, signedIn.user, 'challenge_created', {
    factor_id: factor.id,
    factor_status: factor.status,
  })
  const row = (
    await context.db.query<{ expires_at: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
       returning extract(epoch from created_at + make_interval(secs => $4))::bigint as expires_at`,
      [id, factor.id, grantParams(context).ip, context.config.mfaChallengeExpiry],
    )
  ).rows[0]!
  return jsonResponse(200, { id, expires_at: Number(row.expires_at) })
}

/** POST /factors/{id}/verify: a right code verifies the factor and lifts the session to aal2. */
export async function verifyFactor(context: Context, factorId: string): Promise<Response> {
  const { signedIn, factor } = await ownedFactor(context, factorId)
  const { user, sessionId } = signedIn
  const body = new Params(parseJsonBody(context.bodyText), 'VerifyFactorParams')
  if (factor.user_id !== user.id) throw internalError('Factor does not belong to user')
  const challengeId = body.string('challenge_id')
  const challenge = isUuid(challengeId)
    ? (
        await context.db.query<{ id: string; verified: boolean; ip: string; expired: boolean }>(
          `select id, verified_at is not null as verified, host(ip_address) as ip,
             created_at + make_interval(secs => $2) < now() as expired from auth.mfa_challenges where id = $1`,
          [challengeId, context.config.mfaChallengeExpiry],
        )
      ).rows[0]
    : undefined
  if (!challenge)
    throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
  if (challenge.verified || challenge.ip !== grantParams(context).ip) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch')
  }
  if (challenge.expired) {
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    )
  }
  if (!(await totpValid(factor.secret ?? '', body.string('code')))) {
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered')
  }
  if (!sessionId) throw internalError('Cannot read SessionId claim as UUID')
  await audit(context.db, user, 'verification_attempted', {
    challenge_id: challenge.id,
    factor_id: factor.id,
  })
  await context.db.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [challenge.id])
  await context.db.query(
    `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
    [factor.id],
  )
  // updateMFASessionAndClaims: the session gains the totp method, aal2 and the factor.
  await addClaimToSession(context.db, sessionId, 'totp')
  await context.db.query(`update auth.sessions set aal = 'aal2', factor_id = $2 where id = $1`, [
    sessionId,
    factor.id,
  ])
  const tokens = await sessionTokens(context.db, context.config, user.id, sessionId)
  await context.db.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [user.id])
  await context.db.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified'`, [
    user.id,
  ])
  return jsonResponse(200, tokens)
}

/** DELETE /factors/{id}: a verified factor needs an aal2 session. */
export async function unenrollFactor(context: Context, factorId: string): Promise<Response> {
  const { signedIn, factor } = await ownedFactor(context, factorId)
  const { user, sessionId, aal } = signedIn
  if (!sessionId) throw internalError('A valid session and factor are required to unenroll a factor')
  if (factor.status === 'verified' && aal !== 'aal2') {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor')
  }
  if (factor.user_id !== user.id) throw internalError('Factor does not belong to user')
  await context.db.query(`delete from auth.mfa_factors where id = $1`, [factor.id])
  await audit(context.db, user, 'factor_unenrolled', {
    factor_id: factor.id,
    factor_status: factor.status,
    session_id: sessionId,
  })
  // DowngradeSessionsToAAL1.
  await context.db.query(
    `delete from auth.mfa_amr_claims where authentication_method = $2
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id, factor.factor_type],
  )
  await context.db.query(
    `update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`,
    [user.id, factor.id],
  )
  return jsonResponse(200, { id: factor.id })
}
