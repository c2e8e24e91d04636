import { afterEach, describe, expect, it, vi } from 'vitest'
import { sendAnswer, sendComment } from './send-feedback'

const endpoint = 'http://localhost:3001/feedback'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sendAnswer and sendComment', () => {
  it('posts the answer as JSON and returns the stored id', async () => {
    const fetchMock = vi.fn(async () => Response.json({ id: 'abc' }, { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    expect(await sendAnswer(endpoint, { page: '/guides/x', helpful: false })).toEqual({
      ok: true,
      value: { id: 'abc' },
    })
    expect(fetchMock).toHaveBeenCalledWith(
      endpoint,
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ page: '/guides/x', helpful: false }),
      }),
    )
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
    expect(await sendAnswer(endpoint, { page: '/guides/x', helpful: true })).toEqual({
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
    expect(await sendAnswer(endpoint, { page: '/guides/x', helpful: true })).toEqual({
      ok: false,
      message: 'the feedback service could not be reached',
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({}, { status: 201 })),
    )
    expect(await sendAnswer(endpoint, { page: '/guides/x', helpful: true })).toEqual({
      ok: false,
      message: 'the feedback service answered without an id',
    })
  })
})
