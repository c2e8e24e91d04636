import { afterEach, describe, expect, it, vi } from 'vitest'
import { newIdempotencyKey, sendAnswer, sendComment } from './send-feedback'

const endpoint = 'http://localhost:3001/feedback'
const KEY = '2f6a1c9e-4b7d-4e0a-9c3f-8d5e6b7a1f20'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sendAnswer and sendComment', () => {
  it('posts the answer as JSON and returns the stored id', async () => {
    const fetchMock = vi.fn(async () => Response.json({ id: 'abc' }, { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    expect(await sendAnswer(endpoint, { page: '/guides/x', helpful: false }, KEY)).toEqual({
      ok: true,
      value: { id: 'abc' },
    })
    expect(fetchMock).toHaveBeenCalledWith(
      endpoint,
      expect.objectContaining({
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': KEY },
        body: JSON.stringify({ page: '/guides/x', helpful: false }),
      }),
    )
  })

  it('makes a new random key each time, with or without crypto.randomUUID', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()))
    expect(keys.size).toBe(50)
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    // Pages served over plain http (not localhost) have no randomUUID.
    const real = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) })
    const fallback = newIdempotencyKey()
    expect(fallback).toMatch(/^[0-9a-f]{32}$/)
    expect(newIdempotencyKey()).not.toBe(fallback)
  })

  it('patches the trimmed comment onto the answer', async () => {
    const fetchMock = vi.fn(async () => Response.json({ id: 'a b' }))
    vi.stubGlobal('fetch', fetchMock)
    expect(await sendComment(endpoint, 'a b', '  Too short  ')).toEqual({ ok: true, value: null })
    expect(fetchMock).toHaveBeenCalledWith(
      `${endpoint}/a%20b`,
      expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ comment: 'Too short' }) }),
    )
  })

  it('says what the server answered when it refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'Feedback storage is unavailable right now' }, { status: 503 }),
      ),
    )
    expect(await sendAnswer(endpoint, { page: '/guides/x', helpful: true }, KEY)).toEqual({
      ok: false,
      message: 'the feedback service answered 503: Feedback storage is unavailable right now',
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    )
    expect(await sendComment(endpoint, 'id', 'x')).toEqual({
      ok: false,
      message: 'the feedback service answered 500',
    })
  })

  it('reports an unreachable service and a reply without an id', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    expect(await sendAnswer(endpoint, { page: '/guides/x', helpful: true }, KEY)).toEqual({
      ok: false,
      message: 'the feedback service could not be reached',
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({}, { status: 201 })),
    )
    expect(await sendAnswer(endpoint, { page: '/guides/x', helpful: true }, KEY)).toEqual({
      ok: false,
      message: 'the feedback service answered without an id',
    })
  })
})
