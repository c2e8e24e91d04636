/**
 * What the HTTP endpoint checks before the protocol sees a request: the caller's origin (a web
 * page may call it only from an allowed origin, as with the platform API), a fixed-window rate
 * limit per client address, and the size of the body.
 */
import type { IncomingMessage } from 'node:http'

export interface HttpLimits {
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number
  /** Requests one client address may send per window. */
  requestsPerWindow: number
  windowMs: number
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxBodyBytes: 64 * 1024,
  requestsPerWindow: 120,
  windowMs: 60_000,
}

/** Counters kept at most: past this, expired windows are dropped, then the oldest. */
const MAX_TRACKED_CLIENTS = 10_000

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; answers the seconds to wait when the client is over its limit. */
  take(client: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now()
    let window = this.windows.get(client)
    if (!window || now - window.start >= this.windowMs) {
      this.windows.delete(client)
      this.sweep(now)
      window = { start: now, count: 0 }
      this.windows.set(client, window)
    }
    window.count += 1
    if (window.count <= this.limit) return { allowed: true }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)),
    }
  }

  get tracked(): number {
    return this.windows.size
  }

  private sweep(now: number): void {
    if (this.windows.size < MAX_TRACKED_CLIENTS) return
    for (const [client, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(client)
    }
    // Insertion order is age order: the oldest windows go first.
    for (const client of this.windows.keys()) {
      if (this.windows.size < MAX_TRACKED_CLIENTS) break
      this.windows.delete(client)
    }
  }
}

/** The allowed origin the request comes from; undefined for a request without `Origin` (not a browser). */
export function originCheck(
  req: IncomingMessage,
  allowed: ReadonlySet<string>,
): { ok: true; origin?: string } | { ok: false; origin: string } {
  const origin = req.headers.origin
  if (origin === undefined) return { ok: true }
  return allowed.has(origin) ? { ok: true, origin } : { ok: false, origin }
}

export class BodyTooLargeError extends Error {}

/**
 * The body as text, refused as soon as it passes `maxBytes` (by its header or as it streams). The
 * rest of a refused body is read and dropped, so the answer still reaches the client.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume()
    return Promise.reject(new BodyTooLargeError())
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) {
        chunks.push(chunk)
        return
      }
      req.off('data', onData)
      req.resume()
      reject(new BodyTooLargeError())
    }
    req.on('data', onData)
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.once('error', reject)
  })
}
