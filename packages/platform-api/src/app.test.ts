import { decodeJwt, SignJWT } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { MAX_SIGN_IN_BODY_BYTES } from './app'
import { TokenService } from './auth/tokens'
import { OLDER_VERSION_KEY_MESSAGE } from './seed/project-api'
import { DOCS_ORIGIN, makeTestApp } from './test-helpers'

const READ_ENDPOINTS = [
  '/platform/organizations',
  '/platform/projects',
  '/v1/projects/rwpdlljveecungzcsdbs/branches',
  '/platform/props/project/gkguxpyvcgecmtwejkdd/api',
]

describe('authentication of the read endpoints', () => {
  it.each(READ_ENDPOINTS)('%s answers 401 without a token', async (path) => {
    const { get } = await makeTestApp()
    const response = await get(path)
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer')
    expect(await response.json()).toEqual({ message: expect.stringContaining('Authorization') })
  })

  it.each(READ_ENDPOINTS)('%s answers 200 with a valid token', async (path) => {
    const { get, signIn } = await makeTestApp()
    const response = await get(path, await signIn())
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('marks every answer nosniff: JSON, errors and the sign-in page', async () => {
    const { app, get, signIn } = await makeTestApp()
    const answers = [
      await get('/platform/organizations', await signIn()),
      await get('/platform/organizations'),
      await app.request('/auth/sign-in'),
      await app.request('/no-such-route'),
    ]
    for (const response of answers) expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR', 'Bearer  '])(
    'reads the scheme "%s" without regard to case',
    async (scheme) => {
      const { app, signIn } = await makeTestApp()
      const response = await app.request('/platform/organizations', {
        headers: { authorization: `${scheme} ${await signIn()}` },
      })
      expect(response.status).toBe(200)
    },
  )

  it.each(['Basic', 'Bearer', 'Bearerx', 'Token'])(
    'refuses "%s <token>" when it is not a bearer token',
    async (scheme) => {
      const { app, signIn } = await makeTestApp()
      const token = scheme === 'Bearer' ? '' : await signIn()
      const response = await app.request('/platform/organizations', {
        headers: { authorization: `${scheme} ${token}`.trim() },
      })
      expect(response.status).toBe(401)
    },
  )

  it('rejects a token signed with another secret', async () => {
    const { get, signIn } = await makeTestApp()
    const token = await signIn()
    const [header, payload] = token.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    const response = await get('/platform/organizations', forged)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Token is not valid' })
  })

  it('rejects an expired token', async () => {
    const { get, signIn, clock } = await makeTestApp()
    const token = await signIn()
    clock.now += 3601 * 1000
    const response = await get('/platform/organizations', token)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Token has expired' })
  })

  /** A token as this server would sign it, but issued at `iat` (seconds). */
  const tokenIssuedAt = (iat: number) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-ada')
      .setIssuer('platform-api-local')
      .setAudience('docs')
      .setJti(crypto.randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode('x'.repeat(32)))

  it('rejects a token issued in the future, beyond the allowed clock skew', async () => {
    const { get, clock } = await makeTestApp()
    const now = clock.now / 1000
    const response = await get('/platform/organizations', await tokenIssuedAt(now + 120))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Token was issued in the future' })
    // Another server's clock 60 s ahead is tolerated.
    expect((await get('/platform/organizations', await tokenIssuedAt(now + 60))).status).toBe(200)
  })

  it('answers 503, neither 200 nor 401, when the signed-out tokens cannot be read', async () => {
    const tokens = new TokenService({
      secret: new TextEncoder().encode('x'.repeat(32)),
      ttlSeconds: 3600,
      revocations: {
        revoke: () => Promise.reject(new Error('connection refused')),
        isRevoked: () => Promise.reject(new Error('connection refused')),
      },
    })
    const { get } = await makeTestApp({ tokens })
    const token = (await tokens.issue('user-ada')).token
    const response = await get('/platform/organizations', token)
    expect(response.status).toBe(503)
  })

  it('rejects a malformed Authorization header', async () => {
    const { app } = await makeTestApp()
    const response = await app.request('/platform/projects', {
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    })
    expect(response.status).toBe(401)
  })
})

describe('what a user can read', () => {
  it('lists only the organizations the user belongs to', async () => {
    const { get, signIn } = await makeTestApp()
    const ada = await (await get('/platform/organizations', await signIn('user-ada'))).json()
    expect(ada).toEqual([
      { id: 1, name: 'Acme Robotics' },
      { id: 2, name: 'Northwind Retail' },
      { id: 3, name: 'Side Projects' },
    ])
    const noor = await (await get('/platform/organizations', await signIn('user-noor'))).json()
    expect(noor).toEqual([{ id: 4, name: 'Fresh Start' }])
  })

  it('lists the projects of those organizations, with more than 10 in one of them', async () => {
    const { get, signIn } = await makeTestApp()
    const projects: { organization_id: number; ref: string }[] = await (
      await get('/platform/projects', await signIn())
    ).json()
    expect(projects[0]).toEqual({
      ref: 'gkguxpyvcgecmtwejkdd',
      organization_id: 1,
      name: 'Inventory API',
      is_branch_enabled: false,
    })
    expect(projects.filter((p) => p.organization_id === 2).length).toBeGreaterThan(10)
    expect(new Set(projects.map((p) => p.organization_id))).toEqual(new Set([1, 2, 3]))
  })

  it('gives a user without projects an empty list', async () => {
    const { get, signIn } = await makeTestApp()
    const response = await get('/platform/projects', await signIn('user-noor'))
    expect(await response.json()).toEqual([])
  })

  it('lists branches of a branching project, main branch included', async () => {
    const { get, signIn } = await makeTestApp()
    const response = await get('/v1/projects/rwpdlljveecungzcsdbs/branches', await signIn())
    const branches: { name: string; project_ref: string; parent_project_ref: string }[] =
      await response.json()
    expect(branches.map((b) => b.name)).toEqual(['feature/checkout-v2', 'main', 'fix/tax-rounding'])
    const main = branches.find((b) => b.name === 'main')
    expect(main?.project_ref).toBe(main?.parent_project_ref)
  })

  it('answers 422 for branches of a project without branching and 404 for a stranger', async () => {
    const { get, signIn } = await makeTestApp()
    const ada = await signIn('user-ada')
    expect((await get('/v1/projects/gkguxpyvcgecmtwejkdd/branches', ada)).status).toBe(422)
    const noor = await signIn('user-noor')
    expect((await get('/v1/projects/rwpdlljveecungzcsdbs/branches', noor)).status).toBe(404)
  })

  it('returns API settings with https by default and an anon key for the project', async () => {
    const { get, signIn } = await makeTestApp()
    const response = await get('/platform/props/project/gkguxpyvcgecmtwejkdd/api', await signIn())
    const body = await response.json()
    expect(body.autoApiService.endpoint).toBe('gkguxpyvcgecmtwejkdd.basebox.co')
    expect(body.autoApiService.protocol).toBe('https')
    expect(decodeJwt(body.autoApiService.defaultApiKey)).toMatchObject({
      role: 'anon',
      ref: 'gkguxpyvcgecmtwejkdd',
    })
  })

  it('keeps API keys identical across server starts', async () => {
    const first = await makeTestApp()
    const second = await makeTestApp()
    const path = '/platform/props/project/gkguxpyvcgecmtwejkdd/api'
    const a = await (await first.get(path, await first.signIn())).json()
    const b = await (await second.get(path, await second.signIn())).json()
    expect(a).toEqual(b)
  })

  it('serves settings of a preview branch to members of the parent project', async () => {
    const { get, signIn } = await makeTestApp()
    const path = '/platform/props/project/drgoumpndvjzazpjytjh/api'
    const ada = await (await get(path, await signIn('user-ada'))).json()
    expect(ada.autoApiService.endpoint).toBe('drgoumpndvjzazpjytjh.basebox.co')
    expect((await get(path, await signIn('user-noor'))).status).toBe(404)
  })

  it('models the legacy key, a missing endpoint and a plain-http local project', async () => {
    const { get, signIn } = await makeTestApp()
    const token = await signIn()
    const settings = async (ref: string) =>
      (await (await get(`/platform/props/project/${ref}/api`, token)).json()).autoApiService
    expect((await settings('ccveawmffpoonogfyirk')).defaultApiKey).toBe(OLDER_VERSION_KEY_MESSAGE)
    expect(await settings('jhmlkcfmorectgynorvq')).not.toHaveProperty('endpoint')
    expect(await settings('vghrhtmhubepdtclqijy')).toMatchObject({
      endpoint: '127.0.0.1:54321',
      protocol: 'http',
    })
  })
})

describe('CORS', () => {
  it('allows the docs origin with the Authorization header', async () => {
    const { app } = await makeTestApp()
    const response = await app.request('/platform/projects', {
      method: 'OPTIONS',
      headers: {
        origin: DOCS_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(DOCS_ORIGIN)
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
  })

  it('does not allow another origin', async () => {
    const { get, signIn } = await makeTestApp()
    const response = await get('/platform/projects', await signIn(), {
      origin: 'https://evil.example',
    })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('sign-in and sign-out', () => {
  const returnTo = `${DOCS_ORIGIN}/guides/getting-started/api-keys`
  const state = 'state-value-0123456789'

  it('renders a page listing the seeded users', async () => {
    const { app } = await makeTestApp()
    const response = await app.request(
      `/auth/sign-in?return_to=${encodeURIComponent(returnTo)}&state=${state}`,
    )
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('ada@example.com')
    expect(html).toContain('noor@example.com')
    expect(html).toContain(`value="${returnTo}"`)
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it.each([
    ['missing', ''],
    ['another origin', 'https://evil.example/steal'],
    ['protocol-relative', '//evil.example/steal'],
    ['javascript URL', 'javascript:alert(1)'],
    ['credentials', 'http://user:pass@localhost:3000/'],
    ['lookalike host', 'http://localhost:3000.evil.example/'],
  ])('refuses a return_to that is %s', async (_label, value) => {
    const { app } = await makeTestApp()
    const query = value ? `?return_to=${encodeURIComponent(value)}` : ''
    const response = await app.request(`/auth/sign-in${query}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('not valid')
  })

  it('escapes what it echoes into the page', async () => {
    const { app } = await makeTestApp()
    const sneaky = `${DOCS_ORIGIN}/guides/x?q="><script>alert(1)</script>`
    const response = await app.request(`/auth/sign-in?return_to=${encodeURIComponent(sneaky)}`)
    const html = await response.text()
    expect(html).not.toContain('<script>')
  })

  it('refuses a state value with an unexpected format', async () => {
    const { app } = await makeTestApp()
    const url = `/auth/sign-in?return_to=${encodeURIComponent(returnTo)}&state=${encodeURIComponent('<bad>')}`
    expect((await app.request(url)).status).toBe(400)
  })

  async function postSignIn(
    app: Awaited<ReturnType<typeof makeTestApp>>['app'],
    fields: Record<string, string>,
  ) {
    return app.request('/auth/sign-in', {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  }

  it('redirects back with a working token, its expiry and the state in the fragment', async () => {
    const { app, get } = await makeTestApp()
    const response = await postSignIn(app, {
      user_id: 'user-noor',
      return_to: `${returnTo}#old-heading`,
      state,
    })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    expect(location.origin + location.pathname).toBe(returnTo)
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('state')).toBe(state)
    expect(fragment.get('token_type')).toBe('bearer')
    const token = fragment.get('access_token') ?? ''
    expect(Number(fragment.get('expires_at'))).toBe(decodeJwt(token).exp)
    const orgs = await (await get('/platform/organizations', token)).json()
    expect(orgs).toEqual([{ id: 4, name: 'Fresh Start' }])
  })

  it('refuses an unknown user and a foreign return_to on submit', async () => {
    const { app } = await makeTestApp()
    expect((await postSignIn(app, { user_id: 'nobody', return_to: returnTo })).status).toBe(400)
    const foreign = await postSignIn(app, {
      user_id: 'user-ada',
      return_to: 'https://evil.example/',
    })
    expect(foreign.status).toBe(400)
    expect(foreign.headers.get('location')).toBeNull()
  })

  it('refuses a sign-in form over 8 KB with 413', async () => {
    const { app } = await makeTestApp()
    const response = await postSignIn(app, {
      user_id: 'user-ada',
      return_to: returnTo,
      padding: 'x'.repeat(MAX_SIGN_IN_BODY_BYTES),
    })
    expect(response.status).toBe(413)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.text()).toContain('too large')
  })

  it('limits sign-in posts per client, with Retry-After', async () => {
    const { app } = await makeTestApp({ rateLimit: 2 })
    const post = (address: string) =>
      app.request(
        '/auth/sign-in',
        {
          method: 'POST',
          body: new URLSearchParams({ user_id: 'user-ada', return_to: returnTo }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        { incoming: { socket: { remoteAddress: address } } },
      )
    expect((await post('10.0.0.1')).status).toBe(303)
    expect((await post('10.0.0.1')).status).toBe(303)
    const limited = await post('10.0.0.1')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('location')).toBeNull()
    expect((await post('10.0.0.2')).status).toBe(303)
  })

  it('revokes the token on sign-out', async () => {
    const { app, get, signIn } = await makeTestApp()
    const token = await signIn()
    const signOut = await app.request('/auth/sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(signOut.status).toBe(204)
    const after = await get('/platform/projects', token)
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ message: 'Token was signed out' })
  })
})

describe('test controls', () => {
  const setFault = (app: Awaited<ReturnType<typeof makeTestApp>>['app'], fault: unknown) =>
    app.request('/__test__/faults', {
      method: 'POST',
      body: JSON.stringify(fault),
      headers: { 'content-type': 'application/json' },
    })

  it('are absent unless enabled', async () => {
    const { app } = await makeTestApp()
    expect((await setFault(app, { endpoint: 'projects', status: 500 })).status).toBe(404)
    expect((await app.request('/__test__/reset', { method: 'POST' })).status).toBe(404)
  })

  it('inject an error status on one endpoint only', async () => {
    const { app, get, signIn } = await makeTestApp({ testControls: true })
    const token = await signIn()
    expect((await setFault(app, { endpoint: 'projects', status: 500 })).status).toBe(200)
    expect((await get('/platform/projects', token)).status).toBe(500)
    expect((await get('/platform/organizations', token)).status).toBe(200)
  })

  it('inject a 401 even for a valid token', async () => {
    const { app, get, signIn } = await makeTestApp({ testControls: true })
    await setFault(app, { endpoint: 'organizations', status: 401 })
    expect((await get('/platform/organizations', await signIn())).status).toBe(401)
  })

  it('inject a body that is not JSON', async () => {
    const { app, get, signIn } = await makeTestApp({ testControls: true })
    await setFault(app, { endpoint: 'project-api', malformedJson: true })
    const response = await get('/platform/props/project/gkguxpyvcgecmtwejkdd/api', await signIn())
    expect(response.status).toBe(200)
    await expect(response.json()).rejects.toThrow()
  })

  it('inject a delay before the real answer', async () => {
    const sleep = vi.fn(async () => {})
    const { app, get, signIn } = await makeTestApp({ testControls: true, sleep })
    await setFault(app, { endpoint: 'branches', delayMs: 1500 })
    const response = await get('/v1/projects/rwpdlljveecungzcsdbs/branches', await signIn())
    expect(sleep).toHaveBeenCalledWith(1500, expect.any(AbortSignal))
    expect(response.status).toBe(200)
    expect(await response.json()).toHaveLength(3)
  })

  it('reject a fault that names no endpoint or no effect', async () => {
    const { app } = await makeTestApp({ testControls: true })
    const unknown = await setFault(app, { endpoint: 'users', status: 500 })
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).message).toContain('endpoint')
    const empty = await setFault(app, { endpoint: 'projects' })
    expect(empty.status).toBe(400)
    expect((await empty.json()).message).toContain('at least one')
  })

  it('count requests per endpoint and reset faults and counts', async () => {
    const { app, get, signIn } = await makeTestApp({ testControls: true })
    const token = await signIn()
    await setFault(app, { endpoint: 'projects', status: 503 })
    await get('/platform/projects', token)
    await get('/platform/projects', token)
    await get('/platform/organizations', token)
    const counts = await (await app.request('/__test__/requests')).json()
    expect(counts).toEqual({ organizations: 1, projects: 2, branches: 0, 'project-api': 0 })

    expect((await app.request('/__test__/reset', { method: 'POST' })).status).toBe(204)
    expect((await get('/platform/projects', token)).status).toBe(200)
    const after = await (await app.request('/__test__/requests')).json()
    expect(after.projects).toBe(1)
  })
})

it('answers unknown routes with a JSON 404', async () => {
  const { app } = await makeTestApp()
  const response = await app.request('/platform/nope')
  expect(response.status).toBe(404)
  expect(await response.json()).toEqual({ message: 'No route for GET /platform/nope' })
})
