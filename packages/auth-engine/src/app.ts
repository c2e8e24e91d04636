/**
 * The request handler (GoTrue's router, internal/api/api.go): route `/auth/v1/...`, run each
 * request in one transaction, and write errors as the API version of the request asks.
 * Requests run one after another: an embedded Postgres has one connection.
 */
import {
  getUser,
  logout,
  passwordGrant,
  refreshGrant,
  settings,
  signup,
  signupAnonymously,
  updateUser,
} from './account'
import {
  createUser,
  deleteUserById,
  deleteUserFactor,
  generateLink,
  getUserById,
  invite,
  listUserFactors,
  listUsers,
  requireAdmin,
  updateUserById,
} from './admin'
import { resolveConfig, type AuthConfig, type AuthEngineOptions } from './config'
import type { Context } from './context'
import type { SqlClient } from './db'
import { magicLink, otp, recover, resend, verifyGet, verifyPost } from './email'
import {
  badRequest,
  errorResponse,
  jsonResponse,
  notFound,
  OAuthError,
  requestedApiVersion,
  tooManyRequests,
} from './errors'
import { createInbox, type Inbox } from './mail'
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa'
import { pkceGrant } from './pkce'
import { reauthenticate } from './reauthenticate'
import { Params, parseJsonBody } from './request'
import { authenticate } from './tokens'

export type AuthHandler = ((request: Request) => Promise<Response>) & {
  /** The e-mails the engine has sent. */
  inbox: Inbox
  /** The settings in force, defaults filled in. */
  config: AuthConfig
}

/** The GoTrue version whose behaviour the engine follows: what the CLI 1.187 local stack runs. */
export const GOTRUE_VERSION = 'v2.157.1'

type Route = (
  context: Context,
  params: Record<string, string>,
) => Promise<Response | OAuthError> | Response | OAuthError

interface RouteEntry {
  method: string
  pattern: RegExp
  names: string[]
  run: Route
}

function route(method: string, path: string, run: Route): RouteEntry {
  const names: string[] = []
  const pattern = new RegExp(
    `^${path.replace(/\./g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name)
      return '([^/]+)'
    })}/?$`,
  )
  return { method, pattern, names, run }
}

/** Behind requireAuthentication, as the `/user` routes are. */
async function manualLinkingDisabled(context: Context): Promise<Response> {
  await authenticate(context.db, context.config, context.request)
  throw notFound('manual_linking_disabled', 'Manual linking is disabled')
}

/** `requireSAMLEnabled` guards every path below `/sso` and `/admin/sso` (after the admin check). */
const SSO_PATH = /^\/(admin\/)?sso(\/|$)/

const admin =
  (run: Route): Route =>
  async (context, params) => {
    await requireAdmin(context)
    return run(context, params)
  }

const routes: RouteEntry[] = [
  route('GET', '/health', () =>
    jsonResponse(200, {
      version: GOTRUE_VERSION,
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  ),
  // The HS256 secret is symmetric, so it is never published: the set is empty.
  route('GET', '/.well-known/jwks.json', () =>
    jsonResponse(200, { keys: [] }, { 'Cache-Control': 'public, max-age=600' }),
  ),
  route('GET', '/settings', (context) => settings(context)),
  route('POST', '/signup', (context) => {
    const body = new Params(parseJsonBody(context.bodyText), 'SignupParams')
    if (body.string('email') === '' && body.string('phone') === '') return signupAnonymously(context)
    return signup(context)
  }),
  route('POST', '/token', (context) => {
    switch (context.url.searchParams.get('grant_type') ?? '') {
      case 'password':
        return passwordGrant(context)
      case 'refresh_token':
        return refreshGrant(context)
      case 'pkce':
        return pkceGrant(context)
      default:
        return new OAuthError('unsupported_grant_type', '')
    }
  }),
  route('POST', '/logout', logout),
  route('GET', '/user', getUser),
  route('PUT', '/user', updateUser),
  route('GET', '/reauthenticate', reauthenticate),
  // requireManualLinkingEnabled: the CLI's enable_manual_linking is false.
  route('GET', '/user/identities/authorize', manualLinkingDisabled),
  route('DELETE', '/user/identities/{identity_id}', manualLinkingDisabled),
  route('POST', '/otp', (context) => otp(context, signup)),
  route('POST', '/magiclink', (context) => magicLink(context, signup)),
  route('POST', '/recover', (context) => {
    if (!context.config.emailEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled')
    return recover(context)
  }),
  route('POST', '/resend', resend),
  route('POST', '/invite', admin(invite)),
  route('POST', '/verify', verifyPost),
  route('GET', '/verify', () => {
    throw new Error('GET /verify is answered before routing')
  }),
  route('POST', '/factors', enrollFactor),
  route('POST', '/factors/{factor_id}/challenge', (context, params) =>
    challengeFactor(context, params['factor_id']!),
  ),
  route('POST', '/factors/{factor_id}/verify', (context, params) =>
    verifyFactor(context, params['factor_id']!),
  ),
  route('DELETE', '/factors/{factor_id}', (context, params) => unenrollFactor(context, params['factor_id']!)),
  route('GET', '/admin/users', admin(listUsers)),
  route('POST', '/admin/users', admin(createUser)),
  route(
    'GET',
    '/admin/users/{user_id}',
    admin((context, params) => getUserById(context, params['user_id']!)),
  ),
  route(
    'PUT',
    '/admin/users/{user_id}',
    admin((context, params) => updateUserById(context, params['user_id']!)),
  ),
  route(
    'DELETE',
    '/admin/users/{user_id}',
    admin((context, params) => deleteUserById(context, params['user_id']!)),
  ),
  route(
    'GET',
    '/admin/users/{user_id}/factors',
    admin((context, params) => listUserFactors(context, params['user_id']!)),
  ),
  route(
    'DELETE',
    '/admin/users/{user_id}/factors/{factor_id}',
    admin((context, params) => deleteUserFactor(context, params['user_id']!, params['factor_id']!)),
  ),
  route('POST', '/admin/generate_link', admin(generateLink)),
]

/**
 * Endpoints that take an e-mail address and may send to it share the project's hourly e-mail
 * allowance (`limitEmailOrPhoneSentHandler`), counted before the endpoint runs; it applies only
 * when sign-ups need confirming.
 */
const emailLimitedRoutes = new Set([
  'POST /signup',
  'POST /recover',
  'POST /magiclink',
  'POST /otp',
  'PUT /user',
])

function createEmailAllowance(config: AuthConfig): (bodyText: string) => void {
  const perHour = config.rateLimitEmailSent
  let tokens = perHour
  let last = Date.now()
  return (bodyText) => {
    if (!config.emailEnabled || config.mailerAutoconfirm) return
    // The limiter reads the body into an anonymous struct, which Go's errors name by field only.
    if (new Params(parseJsonBody(bodyText), '').string('email') === '') return
    const now = Date.now()
    tokens = Math.min(perHour, tokens + ((now - last) / 3_600_000) * perHour)
    last = now
    if (tokens < 1) throw tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded')
    tokens -= 1
  }
}

/**
 * A GoTrue v2.157.1 server in a function, over a database whose `auth` schema is the platform's
 * (`@docs/pglite-platform`): `handle(new Request('http://localhost/auth/v1/settings'))`.
 */
export function createAuthHandler(db: SqlClient, options: AuthEngineOptions = {}): AuthHandler {
  const config = resolveConfig(options)
  const inbox = createInbox()
  const takeEmailAllowance = createEmailAllowance(config)
  let queue: Promise<unknown> = Promise.resolve()

  const handle = async (request: Request): Promise<Response> => {
    const apiVersion = requestedApiVersion(request)
    const url = new URL(request.url)
    const path = url.pathname.replace(/^\/auth\/v1(?=\/|$)/, '') || '/'
    const bodyText = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    const base = { config, request, url, bodyText, inbox }
    const inTransaction = <T>(run: (context: Context) => Promise<T>) =>
      db.transaction((tx) => run({ ...base, db: tx }))
    try {
      if (request.method === 'GET' && /^\/verify\/?$/.test(path)) {
        return await verifyGet({ ...base, db }, inTransaction)
      }
      const sso = SSO_PATH.exec(path)
      if (sso) {
        if (sso[1]) await requireAdmin({ ...base, db })
        // SAML is off on the CLI's stack (no [auth.saml] section).
        throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled')
      }
      const matching = routes.filter((entry) => entry.pattern.test(path))
      const entry = matching.find((candidate) => candidate.method === request.method)
      if (!entry) {
        return matching.length > 0
          ? new Response(null, { status: 405 })
          : new Response('404 page not found\n', {
              status: 404,
              headers: { 'Content-Type': 'text/plain; charset=utf-8' },
            })
      }
      if (emailLimitedRoutes.has(`${request.method} ${path.replace(/\/$/, '')}`)) takeEmailAllowance(bodyText)
      const values = entry.pattern.exec(path)!.slice(1)
      const params = Object.fromEntries(
        entry.names.map((name, index) => [name, decodeURIComponent(values[index]!)]),
      )
      // An OAuth error of the refresh grant is returned, not thrown, so its writes (revoking a
      // reused token's session) commit as GoTrue's do.
      const outcome = await inTransaction((context) => Promise.resolve(entry.run(context, params)))
      // Only error answers carry the API version (HandleResponseError).
      return outcome instanceof OAuthError ? errorResponse(outcome, apiVersion) : outcome
    } catch (error) {
      return errorResponse(error, apiVersion)
    }
  }

  const handler = (request: Request) => {
    const next = queue.then(() => handle(request))
    queue = next.catch(() => undefined)
    return next
  }
  return Object.assign(handler, { inbox, config })
}
