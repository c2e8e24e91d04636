/**
 * Per-client rate limits (hono-rate-limiter): a client is the address of the TCP peer. Counts are
 * kept in this process; behind a proxy every request shares the proxy's address, so put the limit
 * in the proxy instead.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { rateLimiter } from 'hono-rate-limiter'

export const RATE_LIMIT_WINDOW_MS = 60_000

export interface RateLimitOptions {
  /** Requests a client may make per window (a minute). */
  limit: number
  /** Answers a client over its limit; `Retry-After` is already set. */
  respond: (c: Context) => Response | Promise<Response>
}

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // No socket (an in-process request): one shared bucket.
    return 'unknown'
  }
}

export function perClientRateLimit(options: RateLimitOptions): MiddlewareHandler {
  return rateLimiter({
    windowMs: RATE_LIMIT_WINDOW_MS,
    limit: options.limit,
    standardHeaders: 'draft-6',
    keyGenerator: clientAddress,
    handler: (c) => options.respond(c),
  })
}
