/**
 * Re-authentication (internal/api/reauthenticate.go): `GET /reauthenticate` e-mails the signed-in
 * user a code, which `PUT /user` takes as `nonce` for a password change when secure password
 * change is on and the session is more than a day old.
 */
import { audit } from './audit'
import type { Context } from './context'
import { tokenHash } from './crypto'
import { clearOneTimeTokens, type User } from './db'
import { onceAMinute, sendReauthenticationOtp } from './email'
import { badRequest, internalError, jsonResponse, unprocessable } from './errors'
import { authenticate } from './tokens'

const INVALID_NONCE = 'Nonce has expired or is invalid'

/** GET /reauthenticate. */
export async function reauthenticate(context: Context): Promise<Response> {
  const { user } = await authenticate(context.db, context.config, context.request)
  const email = user.email ?? ''
  const phone = user.phone ?? ''
  if (email === '' && phone === '') {
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    )
  }
  if (email !== '' && !user.email_confirmed_at) {
    throw unprocessable('email_not_confirmed', 'Please verify your email first.')
  }
  if (email === '' && !user.phone_confirmed_at) {
    throw unprocessable('phone_not_confirmed', 'Please verify your phone first.')
  }
  await audit(context.db, user, 'user_reauthenticate_requested')
  // The CLI configures no SMS provider, so a phone-only user gets GoTrue's error for that.
  if (email === '') throw internalError('Failed to get SMS provider')
  try {
    await sendReauthenticationOtp(context, user)
  } catch (error) {
    throw onceAMinute(error)
  }
  return jsonResponse(200, {})
}

/** `verifyReauthentication`: the nonce is the e-mailed code, within the OTP expiry. */
export async function verifyReauthentication(context: Context, user: User, nonce: string): Promise<void> {
  const row = (
    await context.db.query<{ token: string | null; expired: boolean | null }>(
      `select reauthentication_token as token,
         reauthentication_sent_at + make_interval(secs => $2) < now() as expired
       from auth.users where id = $1`,
      [user.id, context.config.otpExpiry],
    )
  ).rows[0]
  if (!row?.token || row.expired === null) throw unprocessable('reauthentication_not_valid', INVALID_NONCE)
  const subject = user.email || user.phone || ''
  if (subject === '') {
    throw unprocessable('reauthentication_not_valid', 'Reauthentication requires an email or a phone number')
  }
  if (row.expired || tokenHash(subject, nonce) !== row.token) {
    throw unprocessable('reauthentication_not_valid', INVALID_NONCE)
  }
  // ConfirmReauthentication.
  await context.db.query(`update auth.users set reauthentication_token = '' where id = $1`, [user.id])
  await clearOneTimeTokens(context.db, user.id)
}
