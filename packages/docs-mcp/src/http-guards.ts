/**
 * What the HTTP endpoint checks before the protocol sees a request: the `Host` it was sent to (a
 * page on another name that resolves to this machine may not call it), the caller's origin (a
 * web page may call it only from an allowed origin, as with the platform API), a fixed-window
 * rate limit per client address that counts every message of a batch, how many requests one
 * address and everyone together may have in progress, the size of the body and the size and
 * duration of the answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

export interface HttpLimits {
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number
  /** JSON-RPC messages one client address may send per window (each message of a batch counts). */
  requestsPerWindow: number
  windowMs: number
  /** Messages one batch may hold. */
  maxBatchMessages: number
  /** Requests of one client address in progress at once. */
  maxInFlightPerClient: number
  /** Requests of all clients in progress at once. */
  maxInFlight: number
  /** Largest answer one request may cause, in bytes; a larger one is cut off. */
  maxResponseBytes: number
  /** An answer the client has not taken in full by then is dropped, with its connection. */
  responseDeadlineMs: number
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxBodyBytes: 64 * 1024,
  requestsPerWindow: 120,
  windowMs: 60_000,
  maxBatchMessages: 10,
  maxInFlightPerClient: 4,
  maxInFlight: 32,
  maxResponseBytes: 4 * 1024 * 1024,
  responseDeadlineMs: 20_000,
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

  /** Counts `cost` messages; answers the seconds to wait when the client is over its limit. */
  take(client: string, cost = 1): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now()
    let window = this.windows.get(client)
    if (!window || now - window.start >= this.windowMs) {
      this.windows.delete(client)
      this.sweep(now)
      window = { start: now, count: 0 }
      this.windows.set(client, window)
    }
    window.count += cost
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

/**
 * Requests in progress, per client address and in all. A request over either cap is refused at
 * once, so what the server holds in memory at any time is bounded by the caps times the largest
 * answer, however many connections the clients open.
 */
export class InFlightRequests {
  private readonly perClient = new Map<string, number>()
  private total = 0

  constructor(
    private readonly perClientLimit: number,
    private readonly totalLimit: number,
  ) {}

  /** Starts a request: 'client' or 'total' names the cap it would pass, or a release function. */
  start(client: string): 'client' | 'total' | (() => void) {
    const mine = this.perClient.get(client) ?? 0
    if (mine >= this.perClientLimit) return 'client'
    if (this.total >= this.totalLimit) return 'total'
    this.perClient.set(client, mine + 1)
    this.total += 1
    let released = false
    return () => {
      if (released) return
      released = true
      this.total -= 1
      const left = (this.perClient.get(client) ?? 1) - 1
      if (left > 0) this.perClient.set(client, left)
      else this.perClient.delete(client)
    }
  }

  get size(): number {
    return this.total
  }
}

/** Host names that reach this machine only: a site served on one of them also answers to the others. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * The `Host` values the endpoint answers: the site's own (from its URL), the ones configured, and
 * for a site on a loopback name the other loopback names with the same port. A request to any
 * other name is a page that made its own name resolve here (DNS rebinding), and is refused.
 */
export function allowedHostsFor(siteUrl: string, extra: readonly string[] = []): Set<string> {
  const site = new URL(siteUrl)
  const hosts = new Set([site.host.toLowerCase(), ...extra.map((host) => host.toLowerCase())])
  if (LOOPBACK_HOSTS.includes(site.hostname.toLowerCase())) {
    for (const name of LOOPBACK_HOSTS) hosts.add(site.port ? `${name}:${site.port}` : name)
  }
  return hosts
}

export function hostAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const host = req.headers.host
  return host !== undefined && allowed.has(host.toLowerCase())
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
 * Cuts an answer off when it passes `maxBytes` or when the client has not taken it in full within
 * `deadlineMs` (a reader that never reads would otherwise keep it in memory), and calls `done`
 * once the answer is over either way.
 */
export function boundResponse(
  res: ServerResponse,
  { maxBytes, deadlineMs }: { maxBytes: number; deadlineMs: number },
  done: () => void,
): void {
  let sent = 0
  const over = (chunk: unknown) => {
    if (typeof chunk === 'string') sent += Buffer.byteLength(chunk)
    else if (chunk instanceof Uint8Array) sent += chunk.byteLength
    if (sent <= maxBytes) return false
    console.error(`docs-mcp: an answer passed ${maxBytes} bytes and was cut off`)
    res.destroy()
    return true
  }
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
  res.write = ((chunk: unknown, ...rest: unknown[]) => (over(chunk) ? false : write(chunk, ...rest))) as typeof res.write
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function' && over(chunk)) return res
    return end(chunk, ...rest)
  }) as typeof res.end
  const timer = setTimeout(() => res.destroy(), deadlineMs)
  timer.unref()
  res.once('close', () => {
    clearTimeout(timer)
    done()
  })
}

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
