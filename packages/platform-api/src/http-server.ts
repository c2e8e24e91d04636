/**
 * The platform API's HTTP server: the app on Node through @hono/node-server, with timeouts and a
 * connection cap. Node's defaults (5 minutes for a request, no cap, timeouts checked every 30 s)
 * let a thousand clients that send a body a byte at a time hold the server for minutes.
 */
import type { Server } from 'node:http'
import { applyConnectionLimits, serverOptionsFor, type ConnectionLimits } from '@docs/connection-limits'
import { serve } from '@hono/node-server'

export type { ConnectionLimits } from '@docs/connection-limits'

/**
 * Every body the API takes is 8 KB at most (a sign-in form, a feedback answer), so a client that
 * needs seconds to send one is not a browser. The cap is far above the widget's few parallel
 * calls and the browser tests' two workers, and far below the process's descriptor limit.
 * Responses are not limited: the test controls' delay faults hold answers back on purpose.
 */
export const PLATFORM_API_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  maxConnections: 500,
  maxConnectionsPerAddress: 50,
  maxHeadersCount: 100,
  checkIntervalMs: 1_000,
}

export interface ListenOptions {
  port: number
  hostname: string
  limits?: Partial<ConnectionLimits>
}

/** Starts listening; `onListening` gets the bound port. Errors (a port in use) come as 'error'. */
export function listen(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  options: ListenOptions,
  onListening?: (info: { port: number }) => void,
): Server {
  const limits = { ...PLATFORM_API_LIMITS, ...options.limits }
  const server = serve(
    {
      fetch: app.fetch,
      port: options.port,
      hostname: options.hostname,
      serverOptions: serverOptionsFor(limits),
    },
    onListening,
  ) as Server
  applyConnectionLimits(server, limits)
  return server
}
