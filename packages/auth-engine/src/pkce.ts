/**
 * The PKCE flow (internal/api/pkce.go, models/flow_state.go, token.go PKCE): a request that sends a
 * `code_challenge` gets e-mail links whose token starts with `pkce_`; the link redirects with
 * `?code=`, which `token?grant_type=pkce` exchanges, with the verifier, for a session.
 */
import type { Context } from './context'
import { grantParams } from './context'
import { sha256Base64Url, uuid } from './crypto'
import { badRequest, jsonResponse, notFound, unprocessable } from './errors'
import { Params, parseJsonBody } from './request'
import { issueSession, type AuthenticationMethod } from './tokens'

export interface Pkce {
  codeChallenge: string
  codeChallengeMethod: string
}

/** `validatePKCEParams`; the flow is PKCE when a challenge came. */
export function readPkce(body: Params): Pkce | null {
  const codeChallenge = body.string('code_challenge')
  const codeChallengeMethod = body.string('code_challenge_method')
  if ((codeChallenge === '') !== (codeChallengeMethod === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge')
  }
  if (codeChallenge === '') return null
  if (codeChallenge.length < 43 || codeChallenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters')
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(codeChallenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    )
  }
  return { codeChallenge, codeChallengeMethod }
}

/** `addFlowPrefixToToken`. */
export const withFlowPrefix = (tokenHash: string, pkce: Pkce | null) =>
  pkce ? `pkce_${tokenHash}` : tokenHash

/** `generateFlowState`. */
export async function createFlowState(
  context: Context,
  providerType: string,
  method: AuthenticationMethod,
  pkce: Pkce,
  userId: string,
): Promise<void> {
  const challengeMethod = pkce.codeChallengeMethod.toLowerCase()
  if (challengeMethod !== 's256' && challengeMethod !== 'plain') {
    throw new Error(`unsupported code_challenge method ${JSON.stringify(pkce.codeChallengeMethod)}`)
  }
  await context.db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
    [uuid(), userId, uuid(), challengeMethod, pkce.codeChallenge, providerType, method],
  )
}

/** `ParseAuthenticationMethod` for a verification type. */
export function methodOfType(type: string): AuthenticationMethod | null {
  if (type.endsWith('signup')) return 'email/signup'
  const known: string[] = ['magiclink', 'recovery', 'invite', 'email_change', 'otp', 'password', 'totp']
  return known.includes(type) ? (type as AuthenticationMethod) : null
}

/** `issueAuthCode`: the code of the user's latest flow for that method, stamped as issued. */
export async function issueAuthCode(
  context: Context,
  userId: string,
  method: AuthenticationMethod,
): Promise<string> {
  const row = (
    await context.db.query<{ auth_code: string }>(
      `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
       where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                   order by created_at desc, id desc limit 1)
       returning auth_code`,
      [userId, method],
    )
  ).rows[0]
  if (!row) {
    throw badRequest(
      'flow_state_not_found',
      'No associated flow state found. 422: No valid flow state found for user.',
    )
  }
  return row.auth_code
}

/** POST /token?grant_type=pkce. */
export async function pkceGrant(context: Context): Promise<Response> {
  const body = new Params(parseJsonBody(context.bodyText), 'PKCEGrantParams')
  const authCode = body.string('auth_code')
  const codeVerifier = body.string('code_verifier')
  if (authCode === '' || codeVerifier === '') {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    )
  }
  const flow = (
    await context.db.query<{
      id: string
      user_id: string | null
      code_challenge: string
      code_challenge_method: string
      authentication_method: string
      expired: boolean
    }>(
      `select id, user_id, code_challenge, code_challenge_method::text, authentication_method,
         case when auth_code_issued_at is not null and authentication_method = 'magiclink'
              then auth_code_issued_at + interval '300 seconds' < now()
              else created_at + interval '300 seconds' < now() end as expired
       from auth.flow_state where auth_code = $1 limit 1`,
      [authCode],
    )
  ).rows[0]
  if (!flow || !flow.user_id)
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
  if (flow.expired) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired')
  const expected = flow.code_challenge_method === 's256' ? await sha256Base64Url(codeVerifier) : codeVerifier
  if (expected !== flow.code_challenge) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier')
  }
  const method = methodOfType(flow.authentication_method) ?? 'otp'
  const session = await issueSession(context.db, context.config, flow.user_id, method, grantParams(context))
  await context.db.query(`delete from auth.flow_state where id = $1`, [flow.id])
  return jsonResponse(200, session)
}
