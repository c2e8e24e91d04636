import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../store/database'
import { testBackends, timeoutForOpening } from '../store/test-databases'
import { createFeedbackRoutes, MAX_COMMENT_LENGTH } from './feedback-routes'
import { FeedbackStore } from './feedback-store'

const ORIGIN = 'http://localhost:3000'
const [pglite] = testBackends()
let database: Database
let store: FeedbackStore

beforeAll(async () => {
  database = await openDatabase(await pglite!.newLocation())
  store = new FeedbackStore(database)
}, timeoutForOpening(1))

afterAll(async () => {
  await database.close()
  await pglite!.cleanUp()
})

/** A database whose every query fails, as one that went away. */
const unreachable: Database = {
  kind: 'postgres',
  query: () => Promise.reject(new Error('connection refused')),
  transaction: () => Promise.reject(new Error('connection refused')),
  close: async () => {},
}

function makeApp(options: { listEntries?: boolean; failingStore?: boolean; rateLimit?: number } = {}) {
  const app = new Hono()
  app.route(
    '/feedback',
    createFeedbackRoutes({
      store: options.failingStore ? new FeedbackStore(unreachable) : store,
      allowedOrigins: [ORIGIN],
      rateLimit: options.rateLimit ?? 1000,
      listEntries: options.listEntries,
    }),
  )
  return app
}

/** Request options as if from the TCP peer `address` (how the Node server tells clients apart). */
const fromClient = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

describe('POST /feedback', () => {
  it('stores an answer and returns its id, with CORS for the docs origin', async () => {
    const response = await makeApp().request(
      '/feedback',
      json('POST', { page: '/guides/captcha', helpful: true }),
    )
    expect(response.status).toBe(201)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const { id } = (await response.json()) as { id: string }
    const stored = await store.list({ page: '/guides/captcha' })
    expect(stored.map((entry) => entry.id)).toContain(id)
  })

  it('stores one row for an answer posted again with its Idempotency-Key, and gives the same id', async () => {
    const key = '5d3c1f0e-8a2b-4c6d-9e7f-0a1b2c3d4e5f'
    const post = (body: unknown, sentKey = key) =>
      makeApp().request('/feedback', json('POST', body, { 'idempotency-key': sentKey }))
    const first = await post({ page: '/guides/idempotent', helpful: true })
    expect(first.status).toBe(201)
    const { id } = (await first.json()) as { id: string }
    // The acknowledgement was lost; the page sends the same answer with the same key, twice.
    for (const sentKey of [key, `"${key}"`]) {
      const retry = await post({ page: '/guides/idempotent', helpful: true }, sentKey)
      expect(retry.status).toBe(200)
      expect(await retry.json()).toEqual({ id })
    }
    expect(await store.list({ page: '/guides/idempotent' })).toHaveLength(1)

    const reused = await post({ page: '/guides/idempotent', helpful: false })
    expect(reused.status).toBe(422)
    expect(await reused.json()).toEqual({ message: 'Idempotency-Key was already used for another answer' })
    expect(await store.list({ page: '/guides/idempotent' })).toHaveLength(1)
  })

  it.each(['', 'short', 'x'.repeat(129), 'has space in it ok', 'caf\u00e9-caf\u00e9-caf\u00e9-caf\u00e9'])(
    'refuses the Idempotency-Key %j with 400 and stores nothing',
    async (key) => {
      const response = await makeApp().request(
        '/feedback',
        json('POST', { page: '/guides/bad-key', helpful: true }, { 'idempotency-key': key }),
      )
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toMatch(/^Idempotency-Key: /)
      expect(await store.list({ page: '/guides/bad-key' })).toEqual([])
    },
  )

  it.each([
    [{ page: 'guides/x', helpful: true }, 'page: must be a site path'],
    [{ page: '/guides/x', helpful: 'yes' }, 'helpful: must be true or false'],
    [{ page: '/guides/x', helpful: true, extra: 1 }, 'Unrecognized key'],
    ['not json', 'body'],
  ])('rejects %j with a message', async (body, message) => {
    const response = await makeApp().request('/feedback', json('POST', body))
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toContain(message)
  })

  it('answers a preflight from the docs origin and not from another one', async () => {
    const preflight = (origin: string) =>
      makeApp().request('/feedback', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,idempotency-key',
        },
      })
    const allowed = await preflight(ORIGIN)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key')
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PATCH')
    const other = await preflight('https://evil.example')
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers 503 with a message when the database fails', async () => {
    const response = await makeApp({ failingStore: true }).request(
      '/feedback',
      json('POST', { page: '/guides/x', helpful: false }),
    )
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ message: 'Feedback storage is unavailable right now' })
  })

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
  ])('refuses %s with 415, so no simple cross-site request can store an answer', async (_label, type) => {
    const response = await makeApp().request('/feedback', {
      method: 'POST',
      headers: { 'content-type': type, origin: ORIGIN },
      body: JSON.stringify({ page: '/guides/simple-request', helpful: true }),
    })
    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({ message: 'Content-Type must be application/json' })
    expect(await store.list({ page: '/guides/simple-request' })).toEqual([])
  })

  it('refuses a body without a content type with 415', async () => {
    const response = await makeApp().request('/feedback', {
      method: 'POST',
      body: new TextEncoder().encode(JSON.stringify({ page: '/guides/untyped', helpful: true })),
    })
    expect(response.status).toBe(415)
    expect(await store.list({ page: '/guides/untyped' })).toEqual([])
  })

  it('accepts application/json with a charset', async () => {
    const response = await makeApp().request('/feedback', {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      body: JSON.stringify({ page: '/guides/charset', helpful: true }),
    })
    expect(response.status).toBe(201)
  })

  it('answers 400 naming the field for a NUL character, never 500', async () => {
    const page = await makeApp().request(
      '/feedback',
      json('POST', { page: '/guides/a\u0000b', helpful: true }),
    )
    expect(page.status).toBe(400)
    expect(((await page.json()) as { message: string }).message).toBe('page: must not contain NUL characters')
    const created = await makeApp().request(
      '/feedback',
      json('POST', { page: '/guides/nul', helpful: false }),
    )
    const { id } = (await created.json()) as { id: string }
    const comment = await makeApp().request(`/feedback/${id}`, json('PATCH', { comment: 'a\u0000b' }))
    expect(comment.status).toBe(400)
    expect(((await comment.json()) as { message: string }).message).toBe(
      'comment: must not contain NUL characters',
    )
  })

  it('limits each client to its requests a minute, with Retry-After', async () => {
    const app = makeApp({ rateLimit: 2 })
    const post = (address: string) =>
      app.request('/feedback', json('POST', { page: '/guides/limited', helpful: true }), fromClient(address))
    expect((await post('10.0.0.1')).status).toBe(201)
    expect((await post('10.0.0.1')).status).toBe(201)
    const limited = await post('10.0.0.1')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(await limited.json()).toEqual({ message: 'Too many requests: try again later' })
    // Another client has its own allowance.
    expect((await post('10.0.0.2')).status).toBe(201)
    expect(await store.list({ page: '/guides/limited' })).toHaveLength(3)
  })

  it('refuses bodies over 8 KB', async () => {
    const response = await makeApp().request(
      '/feedback',
      json('POST', { page: `/${'a'.repeat(9000)}`, helpful: true }),
    )
    expect(response.status).toBe(413)
  })
})

describe('PATCH /feedback/:id', () => {
  async function answer(): Promise<string> {
    const response = await makeApp().request(
      '/feedback',
      json('POST', { page: '/guides/auth', helpful: false }),
    )
    return ((await response.json()) as { id: string }).id
  }

  it('adds a trimmed comment once', async () => {
    const id = await answer()
    const first = await makeApp().request(
      `/feedback/${id}`,
      json('PATCH', { comment: '  Missing a Next.js example  ' }),
    )
    expect(first.status).toBe(200)
    const second = await makeApp().request(`/feedback/${id}`, json('PATCH', { comment: 'again' }))
    expect(second.status).toBe(409)
    // The same comment again (a retry after a lost answer) succeeds without a change.
    const retry = await makeApp().request(
      `/feedback/${id}`,
      json('PATCH', { comment: 'Missing a Next.js example' }),
    )
    expect(retry.status).toBe(200)
    const stored = (await store.list({ page: '/guides/auth' })).find((entry) => entry.id === id)
    expect(stored?.comment).toBe('Missing a Next.js example')
  })

  it('refuses empty and overlong comments, and unknown ids', async () => {
    const id = await answer()
    expect((await makeApp().request(`/feedback/${id}`, json('PATCH', { comment: '   ' }))).status).toBe(400)
    const long = await makeApp().request(
      `/feedback/${id}`,
      json('PATCH', { comment: 'x'.repeat(MAX_COMMENT_LENGTH + 1) }),
    )
    expect(long.status).toBe(400)
    expect((await makeApp().request('/feedback/not-a-uuid', json('PATCH', { comment: 'x' }))).status).toBe(
      404,
    )
    const unknown = await makeApp().request(
      '/feedback/7b0f1c1e-3f5d-4a53-9a57-0d6f0c1f0e55',
      json('PATCH', { comment: 'x' }),
    )
    expect(unknown.status).toBe(404)
  })
})

describe('GET /feedback', () => {
  it('lists answers only when listing is switched on', async () => {
    await makeApp().request('/feedback', json('POST', { page: '/guides/listed', helpful: true }))
    expect((await makeApp().request('/feedback?page=/guides/listed')).status).toBe(404)
    const listed = await makeApp({ listEntries: true }).request('/feedback?page=/guides/listed')
    expect(listed.status).toBe(200)
    const { entries } = (await listed.json()) as { entries: { page: string; helpful: boolean }[] }
    expect(entries).toEqual([expect.objectContaining({ page: '/guides/listed', helpful: true })])
  })
})
