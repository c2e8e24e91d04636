/**
 * How long a Node HTTP server waits for a client and how many it holds at once, in all and per
 * client address. Node's defaults (5 minutes for a request, no cap on connections, timeouts checked
 * every 30 s) let a few thousand slow or idle sockets use up the process's file descriptors; a
 * global cap alone turns one client that opens a thousand half-open sockets into an outage for
 * everyone, so each address also has a cap of its own.
 *
 *   const server = createServer(serverOptionsFor(limits), handler)
 *   applyConnectionLimits(server, limits)
 */
import type { Server, ServerOptions } from 'node:http'
import type { Socket } from 'node:net'

export interface ConnectionLimits {
  /** The request line and headers must arrive within this time (408 and close after it). */
  headersTimeoutMs: number
  /** The whole request, body included, must arrive within this time. */
  requestTimeoutMs: number
  /** An idle connection between two requests is closed after this time. */
  keepAliveTimeoutMs: number
  /** A connection on which nothing moves for this long is closed (a reader that stopped reading). */
  idleTimeoutMs: number
  /** Connections beyond this number are closed as soon as they open. */
  maxConnections: number
  /** Connections one client address may hold at once; more are closed as soon as they open. */
  maxConnectionsPerAddress: number
  /** Request headers read per request (Node's default is 2,000). */
  maxHeadersCount: number
  /** How often the request and header timeouts are checked (Node's default is 30 s). */
  checkIntervalMs: number
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

/**
 * The socket inactivity time that closes a stalled connection within `idleTimeoutMs`. While a
 * write is queued, Node lets a socket's first timeout pass and arms it again once (net.js
 * `_onTimeout`), so a reader that stopped reading was held for twice the setting: half of it
 * gives the setting.
 */
export function socketTimeoutFor(limits: Pick<ConnectionLimits, 'idleTimeoutMs'>): number {
  return Math.max(1, Math.floor(limits.idleTimeoutMs / 2))
}

/** Counts the open connections of each client address. */
export class ConnectionsPerAddress {
  private readonly open = new Map<string, number>()

  constructor(private readonly limit: number) {}

  /** Takes a place for a new connection, or answers false when its address has none left. */
  admit(socket: Socket): boolean {
    const address = socket.remoteAddress ?? 'unknown'
    const count = this.open.get(address) ?? 0
    if (count >= this.limit) return false
    this.open.set(address, count + 1)
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1
      if (left > 0) this.open.set(address, left)
      else this.open.delete(address)
    })
    return true
  }

  countOf(address: string): number {
    return this.open.get(address) ?? 0
  }
}

/** Sets the limits that are properties of the server rather than options of `createServer`. */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): ConnectionsPerAddress {
  server.maxConnections = limits.maxConnections
  server.maxHeadersCount = limits.maxHeadersCount
  // With no 'timeout' listener, Node destroys a socket that has been inactive this long.
  server.setTimeout(socketTimeoutFor(limits))
  const perAddress = new ConnectionsPerAddress(limits.maxConnectionsPerAddress)
  // Before the HTTP layer reads anything: a connection over its address's cap is closed at once.
  server.prependListener('connection', (socket: Socket) => {
    if (!perAddress.admit(socket)) socket.destroy()
  })
  return perAddress
}
