/**
 * The static server's timeouts and connection caps (the mechanics are `@docs/connection-limits`,
 * shared with the platform API).
 */
import type { ConnectionLimits } from '@docs/connection-limits'

export type { ConnectionLimits } from '@docs/connection-limits'
export { applyConnectionLimits, serverOptionsFor } from '@docs/connection-limits'

/**
 * A site request is a GET or HEAD without a body, so it arrives whole in one round trip; the cap
 * is far above what browsers and the test runs open (six connections per browser context) and
 * far below the descriptor limit. One address may hold a tenth of it: more than a whole office
 * behind one NAT opens, and too few for one client to fill the server.
 */
export const STATIC_SERVER_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  maxConnections: 1_000,
  maxConnectionsPerAddress: 100,
  maxHeadersCount: 100,
  checkIntervalMs: 1_000,
}
