/**
 * Serves the static export (apps/docs/out, or DOCS_EXPORT_DIR) the way the production host does:
 * clean URLs (`/guides/x` -> `guides/x.html`), the reference rewrites, and the 404 page
 * with a 404 status. Used by `npm start`, the browser tests and the benchmarks.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sirv from 'sirv'
import { exportDirName } from '../lib/export-dir'

export interface StaticServerOptions {
  root?: string
  port?: number
  host?: string
  /** Maps a request path to the file that answers it (the reference rewrites). */
  rewrite?: (pathname: string) => string | null
}

const here = path.dirname(fileURLToPath(import.meta.url))
export const defaultRoot = path.resolve(here, '..', exportDirName())

export async function loadRewrite(): Promise<(pathname: string) => string | null> {
  try {
    const module = (await import('../features/reference/rewrites')) as {
      rewriteReferencePath?: (pathname: string) => string | null
    }
    return module.rewriteReferencePath ?? (() => null)
  } catch {
    return () => null
  }
}

export function startStaticServer(options: StaticServerOptions = {}): Promise<Server> {
  const root = options.root ?? defaultRoot
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`No built site in ${root}. Run "npm run build" first.`)
  }
  const notFoundPage = path.join(root, '404.html')
  const files = sirv(root, {
    extensions: ['html'],
    dev: false,
    etag: true,
    dotfiles: false,
    // Markdown and llms.txt contain non-ASCII text; say it is UTF-8 so browsers show it right.
    setHeaders: (res, pathname) => {
      if (/\.(md|txt)$/.test(pathname)) {
        const type = pathname.endsWith('.md') ? 'text/markdown' : 'text/plain'
        res.setHeader('Content-Type', `${type}; charset=utf-8`)
      }
    },
  })
  const rewrite = options.rewrite ?? (() => null)
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      pathname = url.pathname
    }
    const target = !existsSync(path.join(root, `${pathname}.html`)) ? rewrite(pathname) : null
    if (target) req.url = target + url.search
    files(req, res, () => {
      res.statusCode = 404
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.end(existsSync(notFoundPage) ? readFileSync(notFoundPage) : 'Not found')
    })
  })
  const port = options.port ?? 3000
  const host = options.host ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 3000)
  const server = await startStaticServer({ port, host: process.env.HOST ?? '127.0.0.1', rewrite: await loadRewrite() })
  console.log(`Docs site: http://localhost:${port}`)
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
