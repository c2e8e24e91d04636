/**
 * The server over Streamable HTTP at `/mcp`, served beside the site (server/serve.ts mounts it),
 * and its description at `/.well-known/mcp`. Stateless: every POST gets a fresh protocol server
 * with JSON answers, so nothing about a client is kept between requests but its rate-limit count.
 *
 *   const mcp = createMcpHttpHandler({ exportDir })
 *   createServer(async (req, res) => { if (!(await mcp.handle(req, res))) serveStatic(req, res) })
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js'
import {
  allowedHostsFor,
  BodyTooLargeError,
  boundResponse,
  DEFAULT_HTTP_LIMITS,
  hostAllowed,
  InFlightRequests,
  originCheck,
  RateLimiter,
  readBody,
  type HttpLimits,
} from './http-guards'
import { createDocsMcpServer, LLMS_TXT_URI, PAGE_URI_TEMPLATE, SERVER_VERSION } from './server'
import { openSite, type DocsSite } from './site'
import { echo } from './tool-error'

export const MCP_PATH = '/mcp'
export const WELL_KNOWN_PATH = '/.well-known/mcp'
export const TOOL_NAMES = [
  'search_docs',
  'get_page',
  'cli_command',
  'client_function',
  'api_operation',
  'auth_error',
  'sql_to_rest',
] as const

export interface McpHttpOptions {
  exportDir: string
  /** Origins besides the site's own that may call from a web page. */
  allowedOrigins?: readonly string[]
  /**
   * `Host` values besides the site's own the endpoint answers (`docs.example.com`,
   * `127.0.0.1:3000`): the names a proxy in front of it forwards.
   */
  allowedHosts?: readonly string[]
  limits?: Partial<HttpLimits>
}

export interface McpHttpHandler {
  /** Answers `/mcp` and `/.well-known/mcp`; false for any other path. */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
}

const ALLOWED_HEADERS = 'Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID'

/** A JSON-RPC error outside any request (id null), with the HTTP status that goes with it. */
function sendRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))
}

/** The description at `/.well-known/mcp`: where the endpoint is and what it offers. */
export function wellKnownDescription(site: DocsSite): Record<string, unknown> {
  return {
    name: 'basebox-docs',
    title: 'Basebox Docs',
    version: SERVER_VERSION,
    description:
      'Search and read the Basebox docs, and look up exact CLI, supabase-js, Management API and auth error-code facts.',
    endpoint: `${site.siteUrl}${MCP_PATH}`,
    transport: 'streamable-http',
    protocolVersions: SUPPORTED_PROTOCOL_VERSIONS,
    authentication: 'none',
    tools: [...TOOL_NAMES],
    resources: [LLMS_TXT_URI, PAGE_URI_TEMPLATE],
    stdio: { command: 'node', args: ['packages/docs-mcp/bin/docs-mcp.mjs', 'apps/docs/out'] },
    documentation: `${site.siteUrl}/guides/getting-started/ai-assistants`,
  }
}

export function createMcpHttpHandler(options: McpHttpOptions): McpHttpHandler {
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.limits }
  const limiter = new RateLimiter(limits.requestsPerWindow, limits.windowMs)
  const inFlight = new InFlightRequests(limits.maxInFlightPerClient, limits.maxInFlight)
  let site: DocsSite | undefined
  let allowed: Set<string> | undefined
  let hosts: Set<string> | undefined
  const open = (): DocsSite => {
    site ??= openSite(options.exportDir)
    allowed ??= new Set([new URL(site.siteUrl).origin, ...(options.allowedOrigins ?? [])])
    hosts ??= allowedHostsFor(site.siteUrl, options.allowedHosts)
    return site
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse, docs: DocsSite, origins: Set<string>) {
    if (!hostAllowed(req, hosts ?? new Set())) {
      sendRpcError(res, 421, -32000, `This server does not answer for the host ${echo(req.headers.host ?? '(none)')}.`)
      return
    }
    const origin = originCheck(req, origins)
    if (!origin.ok) {
      sendRpcError(res, 403, -32000, `Origin ${echo(origin.origin)} is not allowed to call this server.`)
      return
    }
    const cors: Record<string, string> = origin.origin
      ? { 'Access-Control-Allow-Origin': origin.origin, Vary: 'Origin' }
      : {}
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '600',
      })
      res.end()
      return
    }
    const client = req.socket.remoteAddress ?? 'unknown'
    const turn = limiter.take(client)
    if (!turn.allowed) {
      sendRpcError(res, 429, -32000, `Too many requests: wait ${turn.retryAfterSeconds} s.`, {
        ...cors,
        'Retry-After': String(turn.retryAfterSeconds),
      })
      return
    }
    if (req.method !== 'POST') {
      // Stateless: there is no stream to open with GET and no session to end with DELETE.
      sendRpcError(res, 405, -32000, 'Method not allowed: send JSON-RPC requests with POST.', {
        ...cors,
        Allow: 'POST, OPTIONS',
      })
      return
    }
    const release = inFlight.start(client)
    if (release === 'client' || release === 'total') {
      sendRpcError(
        res,
        release === 'client' ? 429 : 503,
        -32000,
        release === 'client'
          ? `Too many requests in progress: at most ${limits.maxInFlightPerClient} at once.`
          : 'The server is busy: try again in a moment.',
        { ...cors, 'Retry-After': '1' },
      )
      return
    }
    boundResponse(res, { maxBytes: limits.maxResponseBytes, deadlineMs: limits.responseDeadlineMs }, release)
    let body: unknown
    try {
      body = JSON.parse(await readBody(req, limits.maxBodyBytes))
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        sendRpcError(res, 413, -32600, `Request body too large: at most ${limits.maxBodyBytes} bytes.`, {
          ...cors,
          Connection: 'close',
        })
        return
      }
      sendRpcError(res, 400, -32700, 'Parse error: the body is not JSON.', cors)
      return
    }
    if (Array.isArray(body)) {
      if (body.length > limits.maxBatchMessages) {
        sendRpcError(res, 400, -32600, `A batch may hold at most ${limits.maxBatchMessages} messages.`, cors)
        return
      }
      // The request was counted once on arrival; each further message of the batch counts too.
      const more = limiter.take(client, Math.max(0, body.length - 1))
      if (!more.allowed) {
        sendRpcError(res, 429, -32000, `Too many requests: wait ${more.retryAfterSeconds} s.`, {
          ...cors,
          'Retry-After': String(more.retryAfterSeconds),
        })
        return
      }
    }
    for (const [name, value] of Object.entries(cors)) res.setHeader(name, value)
    res.setHeader('Cache-Control', 'no-store')
    const server = createDocsMcpServer(docs)
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    res.on('close', () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
  }

  return {
    async handle(req, res) {
      const pathname = (req.url ?? '/').split('?')[0]
      if (pathname !== MCP_PATH && pathname !== WELL_KNOWN_PATH) return false
      res.setHeader('X-Content-Type-Options', 'nosniff')
      let docs: DocsSite
      try {
        docs = open()
      } catch (error) {
        sendRpcError(
          res,
          503,
          -32000,
          `The docs MCP server has no site to serve: ${(error as Error).message}`,
        )
        return true
      }
      const origins = allowed ?? new Set<string>()
      try {
        if (pathname === WELL_KNOWN_PATH) {
          if (req.method !== 'GET' && req.method !== 'HEAD') {
            res
              .writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
              .end('Method not allowed\n')
            return true
          }
          const body = JSON.stringify(wellKnownDescription(docs), null, 2)
          res.writeHead(200, {
            'Content-Type': 'application/json',
            'Cache-Control': 'public, max-age=300',
            'Access-Control-Allow-Origin': '*',
          })
          res.end(req.method === 'HEAD' ? undefined : body)
          return true
        }
        await handleMcp(req, res, docs, origins)
      } catch (error) {
        console.error('docs-mcp: HTTP request failed:', error)
        if (!res.headersSent) sendRpcError(res, 500, -32603, 'Internal error.')
        else res.end()
      }
      return true
    },
  }
}
