import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { BodyTooLargeError, originCheck, RateLimiter, readBody } from '../src/http-guards'

function request(chunks: string[], headers: Record<string, string> = {}): IncomingMessage {
  return Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {
    headers,
  }) as unknown as IncomingMessage
}

describe('RateLimiter', () => {
  it('lets a client send its limit per window, then says how long to wait', () => {
    let now = 0
    const limiter = new RateLimiter(2, 60_000, () => now)
    expect(limiter.take('a')).toEqual({ allowed: true })
    expect(limiter.take('a')).toEqual({ allowed: true })
    now = 15_000
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 45 })
    expect(limiter.take('b')).toEqual({ allowed: true })
    now = 60_000
    expect(limiter.take('a')).toEqual({ allowed: true })
  })

  it('keeps a bounded number of counters', () => {
    let now = 0
    const limiter = new RateLimiter(1, 1_000, () => now)
    for (let client = 0; client < 10_050; client += 1) limiter.take(`c${client}`)
    expect(limiter.tracked).toBeLessThanOrEqual(10_000)
    now = 5_000
    limiter.take('late')
    expect(limiter.tracked).toBeLessThanOrEqual(10_000)
  })
})

describe('originCheck', () => {
  const allowed = new Set(['https://docs.example.com'])
  it('accepts requests without an origin and from an allowed one only', () => {
    expect(originCheck(request([]), allowed)).toEqual({ ok: true })
    expect(originCheck(request([], { origin: 'https://docs.example.com' }), allowed)).toEqual({
      ok: true,
      origin: 'https://docs.example.com',
    })
    expect(originCheck(request([], { origin: 'https://evil.example' }), allowed)).toEqual({
      ok: false,
      origin: 'https://evil.example',
    })
  })
})

describe('readBody', () => {
  it('reads a body within the limit', async () => {
    await expect(readBody(request(['{"a":', '1}']), 10)).resolves.toBe('{"a":1}')
  })

  it('refuses a body over the limit by its header or as it streams', async () => {
    await expect(readBody(request(['x'], { 'content-length': '11' }), 10)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    )
    await expect(readBody(request(['123456', '789012']), 10)).rejects.toBeInstanceOf(BodyTooLargeError)
  })
})
