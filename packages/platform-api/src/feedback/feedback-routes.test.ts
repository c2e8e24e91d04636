import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFeedbackRoutes, MAX_COMMENT_LENGTH } from './feedback-routes'
import { FeedbackStore } from './feedback-store'

const ORIGIN = 'http://localhost:3000'
let dir: string
let store: FeedbackStore

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'feedback-routes-'))
  store = await FeedbackStore.open(path.join(dir, 'feedback'))
}, 60_000)

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

function makeApp(options: { listEntries?: boolean; failingStore?: boolean } = {}) {
  const app = new Hono()
  app.route(
    '/feedback',
    createFeedbackRoutes({
      store: options.failingStore
        ? () => Promise.reject(new Error('disk full'))
        : () => Promise.resolve(store),
      allowedOrigins: [ORIGIN],
      listEntries: options.listEntries,
    }),
  )
  return app
}

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
          'access-control-request-headers': 'content-type',
        },
      })
    const allowed = await preflight(ORIGIN)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PATCH')
    const other = await preflight('https://evil.example')
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers 503 with a message when the store cannot open', async () => {
    const response = await makeApp({ failingStore: true }).request(
      '/feedback',
      json('POST', { page: '/guides/x', helpful: false }),
    )
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ message: 'Feedback storage is unavailable right now' })
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
