import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { checkReturnTo, isValidState } from './auth/return-to'
import { renderSignInError, renderSignInPage } from './auth/sign-in-page'
import type { TokenService, VerifiedToken } from './auth/tokens'
import { Directory } from './platform/directory'
import { perClientRateLimit } from './rate-limit'
import type { ProjectApiSettings } from './seed/project-api'
import type { Seed, SeedUser } from './seed/schema'
import { FaultRegistry, faultSchema, sleep as realSleep, type FaultEndpoint } from './test-controls/faults'

export interface AppOptions {
  seed: Seed
  projectApiSettings: ReadonlyMap<string, ProjectApiSettings>
  tokens: TokenService
  allowedOrigins: readonly string[]
  /** Sign-in form posts per minute per client (429 with Retry-After after that). */
  rateLimit: number
  /** Mounts `/__test__/*` (fault injection, request counts). Never on by default. */
  testControls?: boolean
  productName?: string
  /** Injectable wait used by delay faults. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

type AppEnv = { Variables: { user: SeedUser; token: VerifiedToken } }

const MALFORMED_JSON = '{"injected": "malformed'
/** The sign-in form has three short fields; anything much larger is not a sign-in. */
export const MAX_SIGN_IN_BODY_BYTES = 8 * 1024

export function createApp(options: AppOptions) {
  const { tokens, allowedOrigins, productName = 'Basebox', sleep = realSleep } = options
  const directory = new Directory(options.seed, options.projectApiSettings)
  const faults = options.testControls ? new FaultRegistry() : undefined
  const app = new Hono<AppEnv>()

  // Every answer, JSON and the sign-in page alike, is read as the type it declares and nothing else.
  app.use('*', async (c, next) => {
    await next()
    c.res.headers.set('X-Content-Type-Options', 'nosniff')
  })

  const apiCors = cors({
    origin: [...allowedOrigins],
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  })
  app.use('/platform/*', apiCors)
  app.use('/v1/*', apiCors)
  app.use('/auth/sign-out', apiCors)

  /** RFC 9110: the scheme is case-insensitive (`bearer`, `BEARER`) and may be followed by several spaces. */
  const bearerToken = (header: string | undefined) => {
    const match = header?.match(/^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i)
    return match?.[1]
  }

  const unauthorized = (message: string) =>
    new Response(JSON.stringify({ message }), {
      status: 401,
      headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
    })

  const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
    const raw = bearerToken(c.req.header('authorization'))
    if (!raw) return unauthorized('Missing Authorization: Bearer <token> header')
    const check = await tokens.verify(raw)
    if (!check.ok && 'unavailable' in check) return c.json({ message: check.reason }, 503)
    if (!check.ok) return unauthorized(check.reason)
    const user = directory.findUser(check.token.userId)
    if (!user) return unauthorized('Token names an unknown user')
    c.set('user', user)
    c.set('token', check.token)
    await next()
    c.header('cache-control', 'no-store')
  }

  // Test-only: runs before authentication so an injected 401 or delay applies to any caller.
  const withFaults =
    (endpoint: FaultEndpoint): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      if (!faults) return next()
      faults.countRequest(endpoint)
      const fault = faults.get(endpoint)
      if (!fault) return next()
      if (fault.delayMs) await sleep(fault.delayMs, c.req.raw.signal)
      const status = (fault.status ?? 200) as ContentfulStatusCode
      if (fault.malformedJson) {
        return c.body(MALFORMED_JSON, status, { 'content-type': 'application/json' })
      }
      if (fault.status) {
        return c.json({ message: `Injected fault: ${endpoint} answers ${fault.status}` }, status)
      }
      return next()
    }

  app.get('/platform/organizations', withFaults('organizations'), requireUser, (c) =>
    c.json(directory.organizationsFor(c.var.user)),
  )

  app.get('/platform/projects', withFaults('projects'), requireUser, (c) =>
    c.json(directory.projectsFor(c.var.user)),
  )

  app.get('/v1/projects/:ref/branches', withFaults('branches'), requireUser, (c) => {
    const lookup = directory.branchesFor(c.var.user, c.req.param('ref'))
    if (lookup.kind === 'not-found') return c.json({ message: 'Project not found' }, 404)
    if (lookup.kind === 'branching-disabled') {
      return c.json({ message: 'Branching is not enabled for this project' }, 422)
    }
    return c.json(lookup.branches)
  })

  app.get('/platform/props/project/:ref/api', withFaults('project-api'), requireUser, (c) => {
    const settings = directory.apiSettingsFor(c.var.user, c.req.param('ref'))
    if (!settings) return c.json({ message: 'Project not found' }, 404)
    return c.json(settings)
  })

  const htmlHeaders = {
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${allowedOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  }

  app.get('/auth/sign-in', (c) => {
    const returnTo = checkReturnTo(c.req.query('return_to'), allowedOrigins)
    if (!returnTo.ok) return c.html(renderSignInError(productName, returnTo.error), 400, htmlHeaders)
    const state = c.req.query('state')
    if (state !== undefined && !isValidState(state)) {
      return c.html(renderSignInError(productName, 'state has an unexpected format'), 400, htmlHeaders)
    }
    const html = renderSignInPage({
      productName,
      users: directory.users,
      returnTo: returnTo.url.href,
      state,
    })
    return c.html(html, 200, htmlHeaders)
  })

  app.post(
    '/auth/sign-in',
    perClientRateLimit({
      limit: options.rateLimit,
      respond: (c) =>
        c.html(
          renderSignInError(productName, 'Too many sign-in attempts: wait a minute', 'Please wait'),
          429,
          htmlHeaders,
        ),
    }),
    bodyLimit({
      maxSize: MAX_SIGN_IN_BODY_BYTES,
      onError: (c) =>
        c.html(
          renderSignInError(productName, 'The sign-in form is too large', 'Sign-in refused'),
          413,
          htmlHeaders,
        ),
    }),
  )
  app.post('/auth/sign-in', async (c) => {
    const form = await c.req.parseBody()
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined)
    const returnTo = checkReturnTo(field('return_to'), allowedOrigins)
    if (!returnTo.ok) return c.html(renderSignInError(productName, returnTo.error), 400, htmlHeaders)
    const state = field('state')
    if (state !== undefined && !isValidState(state)) {
      return c.html(renderSignInError(productName, 'state has an unexpected format'), 400, htmlHeaders)
    }
    const user = directory.findUser(field('user_id') ?? '')
    if (!user) return c.html(renderSignInError(productName, 'unknown user'), 400, htmlHeaders)

    const issued = await tokens.issue(user.id)
    const fragment = new URLSearchParams({
      access_token: issued.token,
      token_type: 'bearer',
      expires_at: String(issued.expiresAt),
      ...(state ? { state } : {}),
    })
    const target = new URL(returnTo.url)
    target.hash = fragment.toString()
    c.header('cache-control', 'no-store')
    c.header('referrer-policy', 'no-referrer')
    return c.redirect(target.href, 303)
  })

  app.post('/auth/sign-out', requireUser, async (c) => {
    try {
      await tokens.revoke(c.var.token)
    } catch (error) {
      console.error(`platform-api: cannot record a sign-out: ${(error as Error).message}`)
      return c.json({ message: 'Sign-in state is unavailable right now' }, 503)
    }
    return c.body(null, 204)
  })

  if (faults) {
    app.post('/__test__/faults', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined)
      const parsed = faultSchema.safeParse(body)
      if (!parsed.success) {
        const message = parsed.error.issues
          .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
          .join('; ')
        return c.json({ message }, 400)
      }
      faults.set(parsed.data)
      return c.json({ fault: parsed.data })
    })
    app.post('/__test__/reset', (c) => {
      faults.reset()
      return c.body(null, 204)
    })
    app.get('/__test__/requests', (c) => c.json(faults.requestCounts()))
  }

  app.notFound((c) => c.json({ message: `No route for ${c.req.method} ${c.req.path}` }, 404))
  app.onError((error, c) => {
    // A client that hung up (or was cut off by a timeout) mid-body hears nothing more anyway.
    if (c.req.raw.signal.aborted || (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
      return c.body(null, 400)
    }
    console.error(error)
    return c.json({ message: 'Internal server error' }, 500)
  })

  return app
}
