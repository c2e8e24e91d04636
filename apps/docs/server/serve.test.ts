import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeHostHeaders } from '../features/hosting'
import { socketTimeoutFor } from '@docs/connection-limits'
import { STATIC_SERVER_LIMITS, type ConnectionLimits } from './connection-limits'
import { CompressedBodies, fileVersion } from './content-encoding'
import { contentTypeOf } from './content-types'
import { startStaticServer } from './serve'

/** A tiny export: a few pages with inline scripts, assets of every kind, host files. */
const THEME_SCRIPT = "document.documentElement.dataset.theme='dark'"
const page = (title: string, script: string) =>
  `<!DOCTYPE html><html><head><script>${THEME_SCRIPT}</script><script src="/_next/static/chunks/app.js" async></script></head>` +
  `<body><h1>${title}</h1>${'<p>Postgres, auth and storage in one backend.</p>'.repeat(60)}<script>${script}</script></body></html>`
const DIGITS = '0123456789'.repeat(100)
const FILES: Record<string, string | Buffer> = {
  'index.html': page('Home', 'self.__next_f.push([1,"home"])'),
  '404.html': page('We couldn’t find that page', 'self.__next_f.push([1,"404"])'),
  'guides/getting-started.html': page('Getting started', 'self.__next_f.push([1,"guide"])'),
  'reference/javascript.html': page('JavaScript client library', 'self.__next_f.push([1,"js"])'),
  'try/app/index.html': page('An app the guides frame', 'self.__next_f.push([1,"app"])'),
  'digits.txt': DIGITS,
  'guides/getting-started.md': '# Getting started\n\nDéjà vu: UTF-8 text.\n',
  'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
  '_next/static/chunks/app.js': `console.log(${JSON.stringify('a chunk '.repeat(300))})`,
  '_next/static/media/inter.woff2': Buffer.alloc(4096, 7),
  'wasm/parser.wasm': Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(8192)]),
  'pagefind/pagefind-entry.json': JSON.stringify({ version: '1.6.0', languages: { en: { page_count: 4 } } }),
  'pagefind/index/en_1.pf_index': Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]),
  _redirects: '/reference/javascript/:slug  /reference/javascript.html  200\n',
  '.env': 'SECRET=1',
  // Over 1 MB, like PGlite's WebAssembly: compressed with faster settings.
  '_next/static/media/engine.wasm': Buffer.from(
    Array.from({ length: 3 * 1024 * 1024 }, (_, index) => (index * 7 + (index >> 10)) % 251),
  ),
}

let root = ''
let server: Server
let port = 0

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'static-server-'))
  for (const [name, body] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    writeFileSync(path.join(root, name), body)
  }
  writeHostHeaders(root, {
    siteUrl: 'http://localhost:3000',
    connectOrigins: ['http://api.example.test'],
    rewrites: [{ source: '/reference/javascript/:slug', destination: '/reference/javascript.html' }],
    framedPages: ['/try/app'],
  })
  server = await startStaticServer({
    root,
    port: 0,
    rewrite: (pathname) =>
      /^\/reference\/javascript\/[^/]+$/.test(pathname) ? '/reference/javascript.html' : null,
  })
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(root, { recursive: true, force: true })
})

interface RawResponse {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/**
 * Sends the request line and headers exactly as written, so targets no HTTP client would send
 * arrive as they are, then closes the sending side, as `printf ... | nc` does.
 */
function raw(target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close']
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(port, '127.0.0.1', () => socket.end(`${lines.join('\r\n')}\r\n\r\n`))
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const response = Buffer.concat(chunks)
      const split = response.indexOf('\r\n\r\n')
      if (split < 0) return reject(new Error(`No HTTP response for ${target}: ${response.toString()}`))
      const [statusLine = '', ...headerLines] = response.subarray(0, split).toString('latin1').split('\r\n')
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(
          headerLines.map((line) => {
            const colon = line.indexOf(':')
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]
          }),
        ),
        body: response.subarray(split + 4),
      })
    })
  })
}

const fileBytes = (name: string) => readFileSync(path.join(root, name))
const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

describe('requests that name no file', () => {
  it.each([
    ['//[', 404],
    ['//x:abc/', 404],
    ['//%zz/', 404],
    ['//:99999/', 404],
    ['//256.256.256.256/', 404],
    ['/%E0%A4%A', 404],
    ['/guides%00.html', 400],
    ['*', 400],
    ['http://[/', 400],
  ])('%s gets %i and the server keeps answering', async (target, status) => {
    const response = await raw(target)
    expect(response.status).toBe(status)
    expect((await raw('/')).status).toBe(200)
  })

  it('never leaves the site folder or shows dotfiles', async () => {
    for (const target of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/.env',
    ]) {
      const response = await raw(target)
      expect(response.status, target).toBe(404)
      expect(response.body.toString(), target).toContain('We couldn’t find that page')
    }
  })

  it('does not serve the host rule files, however they are asked for', async () => {
    for (const target of [
      '/_headers',
      '/_redirects',
      '/_headers/',
      '/%5Fredirects',
      '/guides/../_headers',
      `http://localhost:${port}/_redirects`,
    ]) {
      const response = await raw(target)
      expect(response.status, target).toBe(404)
      expect(response.body.toString(), target).toContain('We couldn’t find that page')
      expect(response.body.toString(), target).not.toContain('/reference/javascript.html')
    }
    expect((await raw('/_headers', {}, 'HEAD')).status).toBe(404)
  })

  it('answers an absolute-form target like its path', async () => {
    const response = await raw(`http://localhost:${port}/guides/getting-started`)
    expect(response.status).toBe(200)
    expect(response.body.toString()).toContain('<h1>Getting started</h1>')
  })
})

describe('methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'])(
    '%s gets 405 with Allow: GET, HEAD',
    async (method) => {
      const response = await raw('/guides/getting-started', { 'Content-Length': '0' }, method)
      expect(response.status).toBe(405)
      expect(response.headers.allow).toBe('GET, HEAD')
      expect(response.body.toString()).not.toContain('<h1>')
    },
  )

  it.each([
    ['identity', {}],
    ['brotli', { 'Accept-Encoding': 'br' }],
  ])('HEAD sends the headers of GET (%s) and no body', async (_, headers) => {
    const get = await raw('/guides/getting-started', headers)
    const head = await raw('/guides/getting-started', headers, 'HEAD')
    const { date: _getDate, ...getHeaders } = get.headers
    const { date: _headDate, ...headHeaders } = head.headers
    expect(head.status).toBe(200)
    expect(headHeaders).toEqual(getHeaders)
    expect(Number(head.headers['content-length'])).toBe(get.body.length)
    expect(head.body.length).toBe(0)
  })
})

describe('byte ranges (RFC 9110)', () => {
  const range = (value: string, headers: Record<string, string> = {}) =>
    raw('/digits.txt', { Range: value, ...headers })

  it.each([
    ['bytes=-100', 900, 999],
    ['bytes=0-99', 0, 99],
    ['bytes=990-', 990, 999],
    ['bytes=500-5000', 500, 999],
    ['bytes=-5000', 0, 999],
    ['BYTES=10-19', 10, 19],
    ['bytes=, 5-9,', 5, 9],
  ])('%s gets bytes %i-%i', async (value, start, end) => {
    const response = await range(value)
    expect(response.status).toBe(206)
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`)
    expect(response.body.toString()).toBe(DIGITS.slice(start, end + 1))
    expect(response.headers['content-length']).toBe(String(end - start + 1))
  })

  it.each(['bytes=100-0', 'bytes=abc', 'bytes=1-2-3', 'items=0-9', 'bytes=', 'bytes=0-1,5-6'])(
    '%s is ignored: the whole file with 200',
    async (value) => {
      const response = await range(value)
      expect(response.status).toBe(200)
      expect(response.headers['content-range']).toBeUndefined()
      expect(response.body.toString()).toBe(DIGITS)
    },
  )

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s gets 416 with the size', async (value) => {
    const response = await range(value)
    expect(response.status).toBe(416)
    expect(response.headers['content-range']).toBe('bytes */1000')
  })

  it('serves a range of a compressible file without compressing it', async () => {
    const response = await raw('/guides/getting-started', {
      Range: 'bytes=-50',
      'Accept-Encoding': 'br, gzip',
    })
    expect(response.status).toBe(206)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body).toEqual(fileBytes('guides/getting-started.html').subarray(-50))
  })

  it('sends the whole file when If-Range names another version, and honours the current one', async () => {
    const { etag = '' } = (await raw('/digits.txt')).headers
    expect((await range('bytes=0-9', { 'If-Range': '"stale"' })).status).toBe(200)
    const current = await range('bytes=0-9', { 'If-Range': etag })
    expect(current.status).toBe(206)
    expect(current.body.toString()).toBe('0123456789')
  })

  it('ignores Range on HEAD', async () => {
    const response = await raw('/digits.txt', { Range: 'bytes=0-9' }, 'HEAD')
    expect(response.status).toBe(200)
    expect(response.headers['content-length']).toBe('1000')
  })
})

describe('compression', () => {
  const html = () => fileBytes('guides/getting-started.html')

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ['*', 'br', brotliDecompressSync],
  ])('Accept-Encoding: %s gets %s', async (accept, encoding, decompress) => {
    const response = await raw('/guides/getting-started', { 'Accept-Encoding': accept })
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(response.headers.vary).toBe('Accept-Encoding')
    expect(response.body.length).toBeLessThan(html().length / 4)
    expect(decompress(response.body)).toEqual(html())
  })

  it.each([undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate'])(
    'Accept-Encoding: %s gets the file as is, still with Vary',
    async (accept) => {
      const response = await raw('/guides/getting-started', accept ? { 'Accept-Encoding': accept } : {})
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers.vary).toBe('Accept-Encoding')
      expect(response.body).toEqual(html())
    },
  )

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('a body over 1 MB comes %s-compressed and decodes to the file', async (encoding, decompress) => {
    const response = await raw('/_next/static/media/engine.wasm', { 'Accept-Encoding': encoding })
    const file = fileBytes('_next/static/media/engine.wasm')
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(response.body.length).toBeLessThan(file.length / 4)
    // Buffer.equals: a deep comparison of 3 MB element by element would take minutes.
    expect(decompress(response.body).equals(file)).toBe(true)
  })

  it('can make the brotli copies of the large files before anyone asks for them', async () => {
    const bodies = new CompressedBodies()
    const warmed = await bodies.warm(root, (file) => contentTypeOf(file)?.compressible === true)
    // Only the file over 1 MB: small files compress fast enough on their first request.
    expect(warmed.map((file) => path.relative(root, file))).toEqual(['_next/static/media/engine.wasm'])
    const file = path.join(root, '_next/static/media/engine.wasm')
    const made = await bodies.get(file, fileVersion(statSync(file)), 'br')
    expect(brotliDecompressSync(made).equals(fileBytes('_next/static/media/engine.wasm'))).toBe(true)
  })

  it('compresses JavaScript and WebAssembly but not fonts or Pagefind’s gzip files', async () => {
    const encodingOf = async (target: string) =>
      (await raw(target, { 'Accept-Encoding': 'br' })).headers['content-encoding']
    expect(await encodingOf('/_next/static/chunks/app.js')).toBe('br')
    expect(await encodingOf('/wasm/parser.wasm')).toBe('br')
    expect(await encodingOf('/_next/static/media/inter.woff2')).toBeUndefined()
    expect(await encodingOf('/pagefind/index/en_1.pf_index')).toBeUndefined()
  })
})

describe('caching', () => {
  it('marks hashed assets immutable and makes pages revalidate', async () => {
    expect((await raw('/_next/static/chunks/app.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    )
    expect((await raw('/guides/getting-started')).headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate',
    )
  })

  it('answers If-None-Match with 304 per encoding', async () => {
    const first = await raw('/guides/getting-started', { 'Accept-Encoding': 'br' })
    const etag = first.headers.etag ?? ''
    expect(etag).toMatch(/^"[^"]+-br"$/)
    const again = await raw('/guides/getting-started', { 'Accept-Encoding': 'br', 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers.vary).toBe('Accept-Encoding')
    expect(
      (
        await raw('/guides/getting-started', {
          'If-None-Match': `"other", W/${etag}`,
          'Accept-Encoding': 'br',
        })
      ).status,
    ).toBe(304)
    // The brotli version's tag does not match the uncompressed one.
    const identity = await raw('/guides/getting-started', { 'If-None-Match': etag })
    expect(identity.status).toBe(200)
    expect(identity.headers.etag).not.toBe(etag)
  })

  it('answers If-Modified-Since with 304', async () => {
    const { 'last-modified': modified = '' } = (await raw('/digits.txt')).headers
    expect((await raw('/digits.txt', { 'If-Modified-Since': modified })).status).toBe(304)
    expect((await raw('/digits.txt', { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(
      200,
    )
  })
})

describe('content types', () => {
  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/guides/getting-started.md', 'text/markdown; charset=utf-8'],
    ['/digits.txt', 'text/plain; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/_next/static/chunks/app.js', 'text/javascript; charset=utf-8'],
    ['/_next/static/media/inter.woff2', 'font/woff2'],
    ['/wasm/parser.wasm', 'application/wasm'],
    ['/pagefind/pagefind-entry.json', 'application/json'],
    ['/pagefind/index/en_1.pf_index', 'application/octet-stream'],
  ])('%s is %s', async (target, type) => {
    const response = await raw(target)
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe(type)
  })
})

describe('headers from _headers', () => {
  const policyOf = async (target: string) => {
    const response = await raw(target)
    return { status: response.status, policy: response.headers['content-security-policy'] ?? '' }
  }

  it('sends security headers with every file', async () => {
    for (const target of ['/', '/digits.txt', '/_next/static/chunks/app.js', '/missing']) {
      const { headers } = await raw(target)
      expect(headers['x-content-type-options'], target).toBe('nosniff')
      expect(headers['referrer-policy'], target).toBe('strict-origin-when-cross-origin')
      expect(headers['x-frame-options'], target).toBe('DENY')
    }
  })

  it('lets the site frame only the pages it frames, by any of their URLs', async () => {
    for (const target of ['/try/app', '/try/app/', '/try/app/index.html']) {
      const { headers } = await raw(target)
      expect(headers['x-frame-options'], target).toBe('SAMEORIGIN')
      expect(headers['content-security-policy'], target).toContain("frame-ancestors 'self'")
    }
    expect((await raw('/guides/getting-started')).headers['x-frame-options']).toBe('DENY')
  })

  it('gives each page a policy that allows exactly its inline scripts', async () => {
    const { policy } = await policyOf('/guides/getting-started')
    expect(policy).toContain(scriptHash(THEME_SCRIPT))
    expect(policy).toContain(scriptHash('self.__next_f.push([1,"guide"])'))
    expect(policy).not.toContain(scriptHash('self.__next_f.push([1,"home"])'))
    const scriptSources = policy.split('; ').find((directive) => directive.startsWith('script-src '))
    expect(scriptSources).toMatch(/^script-src 'self' 'wasm-unsafe-eval' 'sha256-/)
    expect(scriptSources).not.toContain('unsafe-inline')
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("connect-src 'self' http://api.example.test")
  })

  it('gives the same page the same policy by any of its URLs, and the 404 page its own', async () => {
    const clean = await policyOf('/guides/getting-started')
    expect(await policyOf('/guides/getting-started/')).toEqual(clean)
    expect(await policyOf('/guides/getting-started.html')).toEqual(clean)
    expect(await policyOf('/index')).toEqual(await policyOf('/'))
    const section = await policyOf('/reference/javascript/select')
    expect(section.status).toBe(200)
    expect(section.policy).toContain(scriptHash('self.__next_f.push([1,"js"])'))
    const missing = await policyOf('/guides/missing')
    expect(missing.status).toBe(404)
    expect(missing.policy).toContain(scriptHash('self.__next_f.push([1,"404"])'))
  })
})

describe('slow, idle and surplus connections', () => {
  /** A socket to `server` that keeps what it receives and says when it closes. */
  function openSocket(server: Server) {
    const { port: serverPort } = server.address() as AddressInfo
    const socket = connect(serverPort, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('error', () => {})
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    return { socket, closed, connected, received: () => received }
  }

  async function withServer(limits: Partial<ConnectionLimits>, test: (limited: Server) => Promise<void>) {
    const limited = await startStaticServer({ root, port: 0, limits })
    try {
      await test(limited)
    } finally {
      limited.closeAllConnections()
      await new Promise((resolve) => limited.close(resolve))
    }
  }

  it('sets the default limits on the server it starts', () => {
    expect(server.headersTimeout).toBe(STATIC_SERVER_LIMITS.headersTimeoutMs)
    expect(server.requestTimeout).toBe(STATIC_SERVER_LIMITS.requestTimeoutMs)
    expect(server.keepAliveTimeout).toBe(STATIC_SERVER_LIMITS.keepAliveTimeoutMs)
    expect(server.maxConnections).toBe(STATIC_SERVER_LIMITS.maxConnections)
    expect(server.maxHeadersCount).toBe(STATIC_SERVER_LIMITS.maxHeadersCount)
    expect(server.timeout).toBe(socketTimeoutFor(STATIC_SERVER_LIMITS))
  })

  it('cuts off a request whose headers never end, with 408', async () => {
    await withServer(
      { headersTimeoutMs: 300, requestTimeoutMs: 600, checkIntervalMs: 50 },
      async (limited) => {
        const client = openSocket(limited)
        await client.connected
        client.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n')
        // Keeps sending a header line now and then, so only the header timeout can end it.
        const trickle = setInterval(() => client.socket.write(`X-Slow: ${Date.now()}\r\n`), 100)
        try {
          await client.closed
        } finally {
          clearInterval(trickle)
        }
        expect(client.received()).toMatch(/^HTTP\/1\.1 408 /)
      },
    )
  })

  it('closes a kept-alive connection that stays idle', async () => {
    await withServer({ keepAliveTimeoutMs: 200, checkIntervalMs: 50 }, async (limited) => {
      const client = openSocket(limited)
      await client.connected
      client.socket.write('HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n')
      await client.closed
      expect(client.received()).toMatch(/^HTTP\/1\.1 200 /)
      expect(client.received()).toMatch(/keep-alive: timeout=/i)
    })
  })

  it('refuses connections beyond the cap and takes new ones once one closes', async () => {
    await withServer({ maxConnections: 2 }, async (limited) => {
      const answered = async (client: ReturnType<typeof openSocket>) => {
        await client.connected
        client.socket.write('HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n')
        await expect.poll(client.received).toMatch(/^HTTP\/1\.1 200 /)
      }
      const first = openSocket(limited)
      const second = openSocket(limited)
      await answered(first)
      await answered(second)

      const surplus = openSocket(limited)
      surplus.socket.write('HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n')
      await surplus.closed
      expect(surplus.received()).toBe('')

      first.socket.destroy()
      await first.closed
      await expect.poll(() => new Promise((resolve) => limited.getConnections((_, n) => resolve(n)))).toBe(1)
      await answered(openSocket(limited))
    })
  })
})
