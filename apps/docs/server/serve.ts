/**
 * Serves the static export (apps/docs/out, or DOCS_EXPORT_DIR) the way the production host does:
 * clean URLs (`/guides/x` -> `guides/x.html`), the reference rewrites, the 404 page with a 404
 * status, the headers the build writes to `_headers`, gzip and brotli, ETags, and byte ranges.
 * The host rule files themselves (`_headers`, `_redirects`) are not served, and slow or idle
 * clients are cut off (./connection-limits.ts). Run as a script it also answers `/mcp` and
 * `/.well-known/mcp` with the docs MCP server (packages/docs-mcp).
 * Used by `npm start`, the browser tests and the benchmarks.
 */
import { createReadStream, existsSync, readFileSync, type Stats } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { compileHeaderRules, parseHeadersFile, type CompiledHeaderRules } from '../features/hosting'
import { pageUrlOf } from '../features/hosting'
import { compileRewrites, parseRedirectsFile } from '../features/hosting'
import { resolveRange, type RangeAnswer } from './byte-range'
import {
  applyConnectionLimits,
  serverOptionsFor,
  STATIC_SERVER_LIMITS,
  type ConnectionLimits,
} from './connection-limits'
import { CompressedBodies, fileVersion, negotiateEncoding, type Encoding } from './content-encoding'
import { contentTypeOf } from './content-types'
import { isBrowserPath, requestPathname } from './request-path'
import { exportDirName } from '../lib/export-dir'

export interface StaticServerOptions {
  root?: string
  port?: number
  host?: string
  /** Maps a request path to the file that answers it (the reference rewrites). */
  rewrite?: (pathname: string) => string | null
  /** Timeouts and the connection cap (STATIC_SERVER_LIMITS unless overridden). */
  limits?: Partial<ConnectionLimits>
  /** Answers its own paths before any file does (the docs MCP endpoint); true when it answered. */
  mount?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
  /**
   * Compress the large files (PGlite's WebAssembly and data) once the server listens, as a host
   * serves them already compressed, rather than on their first request.
   */
  warmCompression?: boolean
}

const here = path.dirname(fileURLToPath(import.meta.url))
export const defaultRoot = path.resolve(here, '..', exportDirName())

/** What a host sends when `_headers` says nothing else: pages are checked again on every visit. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate'
/** Below about a packet, compression saves nothing worth a Vary-split cache. */
const MIN_COMPRESSED_SIZE = 1024
/**
 * The host's rule files in the export: the host reads them, it never serves them, and they
 * describe every rewrite and policy of the site. Only at the root do they mean anything.
 */
const HOST_RULE_FILES = new Set(['/_headers', '/_redirects'])

/**
 * The rewrites of the export's `_redirects` (the reference section URLs), applied as the host
 * applies them: a path the file does not rewrite and no file answers gets the 404 page.
 */
export async function loadRewrite(root = defaultRoot): Promise<(pathname: string) => string | null> {
  const file = path.join(root, '_redirects')
  return existsSync(file) ? compileRewrites(parseRedirectsFile(readFileSync(file, 'utf8'), file)) : () => null
}

function loadHeaderRules(root: string): CompiledHeaderRules {
  const file = path.join(root, '_headers')
  return compileHeaderRules(existsSync(file) ? parseHeadersFile(readFileSync(file, 'utf8'), file) : [])
}

async function fileStats(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file)
    return stats.isFile() ? stats : null
  } catch {
    return null
  }
}

/** A short text answer for requests that name no file: 400, 405, 416, 500. */
function sendPlain(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(res.req.method === 'HEAD' ? undefined : `${message}\n`)
}

/** If-None-Match uses the weak comparison: `W/"x"` and `"x"` are the same version. */
function matchesAnyTag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}

function isNotModified(req: IncomingMessage, etag: string, modified: Date): boolean {
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch !== undefined) return matchesAnyTag(ifNoneMatch, etag)
  const since = Date.parse(req.headers['if-modified-since'] ?? '')
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since
}

/** A range is only served for the version the client already holds part of (If-Range). */
function ifRangeHolds(req: IncomingMessage, etag: string, modified: Date): boolean {
  const header = req.headers['if-range']
  if (typeof header !== 'string') return true
  const ifRange = header.trim()
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag
  return Date.parse(ifRange) === Math.floor(modified.getTime() / 1000) * 1000
}

const warmUps = new WeakMap<Server, Promise<void>>()

/**
 * Resolves once a server started with `warmCompression` has compressed its large files (at
 * once for any other): a benchmark waits for it, so the warm-up does not share its CPU.
 */
export function compressionWarmed(server: Server): Promise<void> {
  return warmUps.get(server) ?? Promise.resolve()
}

export function startStaticServer(options: StaticServerOptions = {}): Promise<Server> {
  const root = options.root ?? defaultRoot
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`No built site in ${root}. Run "npm run build" first.`)
  }
  const notFoundPage = path.join(root, '404.html')
  const rewrite = options.rewrite ?? (() => null)
  const headerRules = loadHeaderRules(root)
  const compressed = new CompressedBodies()

  /**
   * The file answering a path (the file itself, `x.html`, `x/index.html`, then a rewrite) and the
   * path whose `_headers` rules apply: a page's clean URL however it was asked for (`/x.html`,
   * `/x/`), the request path for a rewrite (`/reference/cli/:slug`) and for other files.
   */
  async function findFile(
    pathname: string,
  ): Promise<{ file: string; stats: Stats; rulePath: string } | null> {
    // Dotfiles and dot-folders are never part of the site.
    if (pathname.split('/').some((segment) => segment.startsWith('.'))) return null
    if (HOST_RULE_FILES.has(pathname)) return null
    const direct =
      pathname === '/' ? ['/index.html'] : [pathname, `${pathname}.html`, `${pathname}/index.html`]
    for (const candidate of direct) {
      const file = path.join(root, candidate)
      const stats = await fileStats(file)
      if (stats) {
        const rulePath = file.endsWith('.html') ? pageUrlOf(path.relative(root, file)) : pathname
        return { file, stats, rulePath }
      }
    }
    const rewritten = rewrite(pathname)
    const stats = rewritten ? await fileStats(path.join(root, rewritten)) : null
    return rewritten && stats ? { file: path.join(root, rewritten), stats, rulePath: pathname } : null
  }

  async function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    found: { file: string; stats: Stats },
    status: 200 | 404,
    /** The path whose `_headers` rules apply (`/404` for the 404 page). */
    rulePath: string,
  ) {
    const { file, stats } = found
    const contentType = contentTypeOf(file) ?? { type: 'application/octet-stream', compressible: false }
    const version = fileVersion(stats)
    const identityTag = `"${version}"`
    const isGet = req.method === 'GET'

    // Ranges are byte offsets into the file as stored, so a range answer is never compressed.
    const range: RangeAnswer =
      status === 200 && isGet && ifRangeHolds(req, identityTag, stats.mtime)
        ? resolveRange(req.headers.range, stats.size)
        : { kind: 'whole' }
    const encoding: Encoding =
      range.kind === 'whole' && contentType.compressible && stats.size >= MIN_COMPRESSED_SIZE
        ? negotiateEncoding(req.headers['accept-encoding'])
        : 'identity'
    const etag = encoding === 'identity' ? identityTag : `"${version}-${encoding}"`

    res.setHeader('Content-Type', contentType.type)
    res.setHeader('Cache-Control', DEFAULT_CACHE_CONTROL)
    for (const [name, value] of headerRules.headersFor(rulePath).values()) res.setHeader(name, value)
    if (contentType.compressible) res.setHeader('Vary', 'Accept-Encoding')
    if (status === 200) {
      res.setHeader('ETag', etag)
      res.setHeader('Last-Modified', stats.mtime.toUTCString())
      res.setHeader('Accept-Ranges', 'bytes')
      if (isNotModified(req, etag, stats.mtime)) {
        res.removeHeader('Content-Type')
        res.writeHead(304).end()
        return
      }
    }

    if (range.kind === 'unsatisfiable') {
      sendPlain(res, 416, 'Range not satisfiable', { 'Content-Range': `bytes */${stats.size}` })
      return
    }
    if (encoding !== 'identity') {
      const body = await compressed.get(file, version, encoding)
      res.writeHead(status, { 'Content-Encoding': encoding, 'Content-Length': body.length })
      res.end(isGet ? body : undefined)
      return
    }
    const { start, end } = range.kind === 'partial' ? range : { start: 0, end: stats.size - 1 }
    if (range.kind === 'partial') {
      res.writeHead(206, {
        'Content-Range': `bytes ${start}-${end}/${stats.size}`,
        'Content-Length': end - start + 1,
      })
    } else {
      res.writeHead(status, { 'Content-Length': stats.size })
    }
    if (!isGet || stats.size === 0) {
      res.end()
      return
    }
    await pipeline(createReadStream(file, { start, end }), res)
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (options.mount && (await options.mount(req, res))) return
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendPlain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' })
      return
    }
    const pathname = requestPathname(req.url)
    // A path a browser can ask for but that names no file (`/guides/%E0%A4%A`) gets the 404 page,
    // so the reader sees words; any other target that is not a path is a bad request.
    if (pathname === null && !isBrowserPath(req.url)) {
      sendPlain(res, 400, 'Bad request')
      return
    }
    const found = pathname === null ? null : await findFile(pathname)
    if (found) return sendFile(req, res, found, 200, found.rulePath)
    const notFound = await fileStats(notFoundPage)
    if (notFound) return sendFile(req, res, { file: notFoundPage, stats: notFound }, 404, '/404')
    sendPlain(res, 404, 'Not found')
  }

  const limits = { ...STATIC_SERVER_LIMITS, ...options.limits }
  const server = createServer(serverOptionsFor(limits), (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A client that hangs up mid-body ends up here too; only a live response gets an answer.
      if (!res.headersSent) sendPlain(res, 500, 'Internal server error')
      else res.destroy()
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(error)
    })
  })
  // A client may close its sending side right after the request (`printf ... | nc`); RFC 9112
  // says that still asks for an answer, and Node drops it unless told otherwise.
  Object.assign(server, { httpAllowHalfOpen: true })
  applyConnectionLimits(server, limits)
  const port = options.port ?? 3000
  const host = options.host ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      if (options.warmCompression)
        warmUps.set(
          server,
          compressed.warm(root, (file) => contentTypeOf(file)?.compressible === true).then(() => undefined),
        )
      resolve(server)
    })
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 3000)
  // Loaded here only: the build and the tests import this file for its helpers.
  const { createMcpHttpHandler } = await import('@docs/docs-mcp/http')
  const mcp = createMcpHttpHandler({
    exportDir: defaultRoot,
    allowedOrigins: (process.env.DOCS_MCP_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean),
    allowedHosts: (process.env.DOCS_MCP_ALLOWED_HOSTS ?? '').split(',').filter(Boolean),
    ...(Number(process.env.DOCS_MCP_RATE_LIMIT) > 0
      ? { limits: { requestsPerWindow: Number(process.env.DOCS_MCP_RATE_LIMIT) } }
      : {}),
  })
  const server = await startStaticServer({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    rewrite: await loadRewrite(),
    mount: mcp.handle,
    warmCompression: true,
  })
  console.log(`Docs site: http://localhost:${port} (MCP server for assistants at /mcp)`)
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
