/**
 * The endpoint tried as an attacker would, over a small export of 600 pages: every input that
 * reaches a lookup is capped, a batch counts message by message, the resource list is paged, the
 * answers and the time a client may take to read them are bounded, and requests go only to the
 * site's own host. Then a flood at the endpoint's limits while a static page keeps answering.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMcpHttpHandler, type McpHttpHandler } from '../src/http'
import { boundResponse, InFlightRequests, allowedHostsFor } from '../src/http-guards'
import { closest, echo, SUGGESTION_INPUT_LIMIT } from '../src/tool-error'
import { RESOURCE_LIST_PAGE_SIZE } from '../src/server'

const SITE = 'http://docs.test'
const PAGE_COUNT = 600
let exportDir: string

beforeAll(() => {
  exportDir = mkdtempSync(path.join(os.tmpdir(), 'docs-mcp-hardening-'))
  const links: string[] = []
  for (let index = 0; index < PAGE_COUNT; index += 1) {
    const sitePath = `/guides/section-${index % 12}/page-number-${index}`
    const file = path.join(exportDir, `${sitePath}.md`)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, `# Page ${index}\n\n${'Text of the page. '.repeat(40)}\n`)
    links.push(`- [Page ${index}](${SITE}${sitePath}.md)`)
  }
  writeFileSync(path.join(exportDir, 'llms.txt'), `# Docs\n\n${links.join('\n')}\n`)
})

afterAll(() => rmSync(exportDir, { recursive: true, force: true }))

interface Running {
  base: string
  host: string
  close: () => Promise<void>
}

async function serve(handler: (host: string) => McpHttpHandler): Promise<Running> {
  // Made once the port is known: the handler is told the host it is reached by.
  const made: { mcp?: McpHttpHandler } = {}
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void made.mcp!.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>page</title>')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  made.mcp = handler(host)
  return {
    base: `http://${host}`,
    host,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const rpc = (id: number, method: string, params?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
})

function post(base: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  })
}

describe('inputs that reach a lookup', () => {
  it('suggestions compare a bounded prefix of the name, and messages quote at most 100 characters', () => {
    const candidates = Array.from({ length: PAGE_COUNT }, (_, index) => `/guides/section-${index % 12}/page-number-${index}`)
    const long = `/guides/section-3/page-number-39${'x'.repeat(4000)}`
    expect(closest(long, candidates)).toEqual(closest(long.slice(0, SUGGESTION_INPUT_LIMIT), candidates))
    expect(closest('/guides/section-3/page-numbr-39', candidates)[0]).toBe('/guides/section-3/page-number-39')
    expect(echo('a'.repeat(500))).toBe(`${'a'.repeat(100)}…`)
    expect(echo('short')).toBe('short')
  })
})

describe('the HTTP endpoint', () => {
  let running: Running

  beforeAll(async () => {
    running = await serve((host) =>
      createMcpHttpHandler({ exportDir, allowedHosts: [host], limits: { requestsPerWindow: 1_000 } }),
    )
  })
  afterAll(() => running.close())

  it('answers only for the site host and the configured ones', async () => {
    expect([...allowedHostsFor('http://localhost:3000')].sort()).toEqual([
      '127.0.0.1:3000',
      '[::1]:3000',
      'localhost:3000',
    ])
    expect([...allowedHostsFor('https://docs.example.com', ['proxy.internal:8080'])].sort()).toEqual([
      'docs.example.com',
      'proxy.internal:8080',
    ])
    const rebound = await new Promise<string>((resolve, reject) => {
      // fetch sets Host from the URL, so send the request by hand as a rebinding page would.
      const socket = connect(Number(running.host.split(':')[1]), '127.0.0.1', () => {
        const body = JSON.stringify(rpc(1, 'ping'))
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: attacker.example:80\r\nContent-Type: application/json\r\n` +
            `Accept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        )
      })
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    expect(rebound).toMatch(/^HTTP\/1\.1 421 /)
    expect(rebound).toMatch(/x-content-type-options: nosniff/i)
    const ok = await post(running.base, rpc(1, 'ping'))
    expect(ok.status).toBe(200)
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff')
    const wellKnown = await fetch(`${running.base}/.well-known/mcp`)
    expect(wellKnown.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('refuses a batch of more than 10 messages, and answers one of 10', async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => rpc(index + 1, 'ping'))
    const refused = await post(running.base, eleven)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/at most 10 messages/)
    const ten = await post(running.base, eleven.slice(0, 10))
    expect(ten.status).toBe(200)
    expect(((await ten.json()) as unknown[]).length).toBe(10)
  })

  it('pages the resource list with a cursor, and refuses a cursor it did not give', async () => {
    const seen: string[] = []
    let cursor: string | undefined
    let answers = 0
    do {
      const response = await post(running.base, rpc(1, 'resources/list', cursor ? { cursor } : {}))
      const { result } = (await response.json()) as { result: { resources: { uri: string }[]; nextCursor?: string } }
      expect(result.resources.length).toBeLessThanOrEqual(RESOURCE_LIST_PAGE_SIZE)
      seen.push(...result.resources.map((resource) => resource.uri))
      cursor = result.nextCursor
      answers += 1
    } while (cursor)
    expect(answers).toBe(Math.ceil((PAGE_COUNT + 1) / RESOURCE_LIST_PAGE_SIZE))
    expect(new Set(seen).size).toBe(PAGE_COUNT + 1)
    expect(seen[0]).toBe('docs://llms.txt')
    const bad = await post(running.base, rpc(1, 'resources/list', { cursor: '99999999' }))
    expect(((await bad.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Invalid cursor/),
    })
  })

  it('caps the page path of get_page and of a page resource, and quotes little of it', async () => {
    const long = `/guides/${'a'.repeat(2040)}`
    const tool = await post(running.base, rpc(1, 'tools/call', { name: 'get_page', arguments: { url_or_path: long } }))
    const text = ((await tool.json()) as { result: { content: { text: string }[] } }).result.content[0]!.text
    expect(text).toMatch(/^No page at \/guides\/a+…\. Closest pages: /)
    expect(text.length).toBeLessThan(600)
    const resource = await post(running.base, rpc(2, 'resources/read', { uri: `docs://page/${'b'.repeat(4000)}` }))
    expect(((await resource.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/at most 2048 characters/),
    })
  })
})

describe('bounds on what one request holds', () => {
  it('counts requests in progress per client and in all', () => {
    const inFlight = new InFlightRequests(2, 3)
    const a1 = inFlight.start('a')
    const a2 = inFlight.start('a')
    expect(inFlight.start('a')).toBe('client')
    const b1 = inFlight.start('b')
    expect(inFlight.start('c')).toBe('total')
    for (const release of [a1, a2, b1]) if (typeof release === 'function') release()
    expect(inFlight.size).toBe(0)
    expect(typeof inFlight.start('a')).toBe('function')
  })

  it('drops an answer a client does not read, and one larger than the cap', async () => {
    let finished: () => void = () => undefined
    const done = new Promise<void>((resolve) => (finished = resolve))
    const server = createServer((_req, res) => {
      boundResponse(res, { maxBytes: 64 * 1024 * 1024, deadlineMs: 300 }, finished)
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' })
      res.end(Buffer.alloc(32 * 1024 * 1024))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    // A reader that sends its request and then never reads.
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET / HTTP/1.1\r\nHost: x\r\n\r\n`))
    socket.pause()
    await done
    socket.destroy()
    server.close()

    let cut = false
    const capped = createServer((_req, res) => {
      boundResponse(res, { maxBytes: 1000, deadlineMs: 10_000 }, () => undefined)
      res.writeHead(200)
      res.end('x'.repeat(5000))
    })
    await new Promise<void>((resolve) => capped.listen(0, '127.0.0.1', resolve))
    try {
      await (await fetch(`http://127.0.0.1:${(capped.address() as AddressInfo).port}/`)).text()
    } catch {
      cut = true
    }
    capped.close()
    expect(cut).toBe(true)
  })
})

describe('a flood at the limits', () => {
  it('keeps static pages answering while the endpoint is flooded', async () => {
    const running = await serve((host) => createMcpHttpHandler({ exportDir, allowedHosts: [host] }))
    try {
      const long = `/guides/${'z'.repeat(2040)}`
      const heavy = Array.from({ length: 10 }, (_, index) =>
        index % 2 ? rpc(index, 'tools/call', { name: 'get_page', arguments: { url_or_path: long } }) : rpc(index, 'resources/list'),
      )
      const flood = Array.from({ length: 60 }, () => post(running.base, heavy).then((response) => response.status, () => 0))
      const latencies: number[] = []
      const statuses: number[] = []
      for (let index = 0; index < 100; index += 1) {
        const started = performance.now()
        // A page that waits behind the flood's work for seconds counts as not answered.
        const response = await fetch(`${running.base}/guides/some-page`, { signal: AbortSignal.timeout(10_000) })
        await response.text()
        latencies.push(performance.now() - started)
        statuses.push(response.status)
      }
      const floodStatuses = await Promise.all(flood)
      latencies.sort((a, b) => a - b)
      const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1]!
      console.log(
        `Static pages during an MCP flood: ${statuses.filter((status) => status === 200).length}/100 answered, ` +
          `median ${latencies[50]!.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; flood answers ${[...new Set(floodStatuses)].sort().join(', ')}`,
      )
      expect(statuses.every((status) => status === 200)).toBe(true)
      // The flood was held back: past the per-client in-flight cap or the rate limit, not served whole.
      expect(floodStatuses.some((status) => status === 429)).toBe(true)
    } finally {
      await running.close()
    }
  })
})
