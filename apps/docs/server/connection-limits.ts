/**
 * How long the static server waits for a client and how many it holds at once. Node's defaults
 * (5 minutes for a request, no cap on connections, timeouts checked every 30 s) let a few
 * thousand slow or idle sockets use up the process's file descriptors.
 */
import type { Server, ServerOptions } from 'node:http'

export interface ConnectionLimits {
  /** The request line and headers must arrive within this time (408 and close after it). */
  headersTimeoutMs: number
  /** The whole request, body included, must arrive within this time. */
  requestTimeoutMs: number
  /** An idle connection between two requests is closed after this time. */
  keepAliveTimeoutMs: number
  /** A connection on which nothing is read or written for this long is closed (a stalled reader). */
  idleTimeoutMs: number
  /** Connections beyond this number are closed as soon as they open. */
  maxConnections: number
  /** Request headers read per request (Node's default is 2,000). */
  maxHeadersCount: number
  /** How often the request and header timeouts are checked (Node's default is 30 s). */
  checkIntervalMs: number
}

/**
 * A site request is a GET or HEAD without a body, so it arrives whole in one round trip; the cap
 * is far above what browsers and the test runs open (six connections per browser context) and
 * far below the descriptor limit.
 */
export const STATIC_SERVER_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  maxConnections: 1_000,
  maxHeadersCount: 100,
  checkIntervalMs: 1_000,
}

/** The options `createServer` takes for these limits (the check interval can only be set there). */
export function serverOptionsFor(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  }
}

/** Sets the limits that are properties of the server rather than options of `createServer`. */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections
  server.maxHeadersCount = limits.maxHeadersCount
  // With no 'timeout' listener, Node destroys a socket that has been inactive this long.
  server.setTimeout(limits.idleTimeoutMs)
}
