/**
 * The REST API guides show requests (curl and supabase-js) and the responses they get. This module
 * reads those examples out of a page and replays them on the REST engine (PostgREST 12.2 over
 * PGlite), so a test can hold every documented response to what the server really answers.
 *
 * A page's examples, in page order:
 *   - ```sql runnable``` blocks build the database (as its owner, as a migration would);
 *   - a ```toml title="supabase/config.toml"``` block sets the API's `[api]` settings
 *     (`schemas`, `max_rows`), as `supabase start` passes them to PostgREST;
 *   - a ```bash``` block with `curl` is a request, run by the real curl against a local server;
 *   - the ```ts``` blocks in the same `<Tabs>` as that curl block are its supabase-js twins;
 *   - the next block titled `Response` (```json``` for the body, ```http``` for the status line,
 *     some headers and the body) is what the request must get.
 */
import { execFile } from 'node:child_process'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import type { Code, Root } from 'mdast'
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { parse as parseToml } from 'smol-toml'
import ts from 'typescript'
import { unified } from 'unified'
import type { Parent } from 'unist'
import type { PGliteInterface } from '@electric-sql/pglite'
import { createClient } from '@supabase/supabase-js'
import { createPlatformDb } from '@docs/pglite-platform'
import { createRestHandler, type RestEngineOptions, type RestHandler } from '@docs/rest-engine'
import { parseCodeMeta, splitPreamble } from '@/components/ui/code-meta'
import { EXAMPLE_API_AUTH, EXAMPLE_USER_SQL, exampleEnv } from '@docs/pglite-platform/example-keys'

const run = promisify(execFile)

export interface Block {
  line: number
  lang: string
  title?: string
  runnable: boolean
  /** A runnable block's client, from its meta: `signed-in` or `service-role` (the anon key's without). */
  client?: 'signed-in' | 'service-role'
  code: string
  /** The `<Tabs>` element the block sits in, if any: blocks of one element are one example. */
  tabs?: MdxJsxFlowElement
}

export interface RequestExample {
  curl: Block
  twins: Block[]
  response: Block
}

export type Step =
  | { kind: 'sql'; block: Block }
  | { kind: 'config'; block: Block }
  | { kind: 'request'; example: RequestExample }

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm)

function collectBlocks(node: Parent, tabs: MdxJsxFlowElement | undefined, out: Block[]): void {
  for (const child of node.children) {
    if (child.type === 'code') {
      const code = child as Code
      const meta = parseCodeMeta(code.meta)
      const client = /(?:^|\s)(signed-in|service-role)(?=\s|$)/.exec(code.meta ?? '')?.[1]
      out.push({
        line: (code.position?.start.line ?? 0) + 1,
        lang: code.lang ?? 'text',
        title: meta.title,
        runnable: meta.runnable,
        ...(client ? { client: client as Block['client'] } : {}),
        code: code.value,
        tabs,
      })
      continue
    }
    if ('children' in child) {
      const element = child as MdxJsxFlowElement
      const inTabs = child.type === 'mdxJsxFlowElement' && element.name === 'Tabs' ? element : tabs
      collectBlocks(child as Parent, inTabs, out)
    }
  }
}

const isCurl = (block: Block) =>
  (block.lang === 'bash' || block.lang === 'sh') && /(^|\s)curl\s/.test(block.code)
export const isTypeScript = (block: Block) => block.lang === 'ts' || block.lang === 'typescript'
export const isResponse = (block: Block) => block.title === 'Response'
export const isConfig = (block: Block) => block.lang === 'toml' && block.title === 'supabase/config.toml'

/** Every code block of an MDX page in page order; lines count from the file's first line. */
export function readBlocks(source: string): Block[] {
  const body = source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, (block) => block.replace(/[^\n]/g, ''))
  const blocks: Block[] = []
  collectBlocks(parser.parse(body) as Root, undefined, blocks)
  return blocks
}

/** The page's steps in order. Throws, naming the line, on a request without a response and the reverse. */
export function readSteps(source: string): Step[] {
  const blocks = readBlocks(source)
  const steps: Step[] = []
  let open: RequestExample | undefined
  const twinsOf = (curl: Block) => blocks.filter((b) => b.tabs && b.tabs === curl.tabs && isTypeScript(b))
  for (const block of blocks) {
    if (isResponse(block)) {
      if (!open) throw new Error(`line ${block.line}: a Response block with no curl request before it`)
      open.response = block
      steps.push({ kind: 'request', example: open })
      open = undefined
    } else if (isCurl(block)) {
      if (open) throw new Error(`line ${open.curl.line}: this curl request has no Response block after it`)
      open = { curl: block, twins: twinsOf(block), response: undefined as unknown as Block }
    } else if (block.lang === 'sql' && block.runnable) {
      steps.push({ kind: 'sql', block })
    } else if (isConfig(block)) {
      steps.push({ kind: 'config', block })
    }
  }
  if (open) throw new Error(`line ${open.curl.line}: this curl request has no Response block after it`)
  return steps
}

// ---- the database and the API in front of it ----

export interface Exchange {
  request: Request
  requestBody: string
  status: number
  statusText: string
  headers: [string, string][]
  body: string
}

/** The `[api]` defaults of the config.toml that `supabase init` (CLI 1.187) writes. */
export const DEFAULT_API_OPTIONS: RestEngineOptions = { schemas: ['public', 'graphql_public'], maxRows: 1000 }

/** The `[api]` table of a config.toml: whether the API runs, and `schemas` and `max_rows` as `supabase start` passes them on. */
export function apiSettings(toml: string): { enabled: boolean; options: RestEngineOptions } {
  const api =
    (parseToml(toml) as { api?: { enabled?: boolean; schemas?: string[]; max_rows?: number } }).api ?? {}
  return {
    enabled: api.enabled !== false,
    // The CLI passes the list as it is (PGRST_DB_SCHEMAS in internal/start/start.go); the first is the default.
    options: {
      schemas: api.schemas ?? DEFAULT_API_OPTIONS.schemas,
      maxRows: api.max_rows ?? DEFAULT_API_OPTIONS.maxRows,
    },
  }
}

/**
 * One page's database behind a local HTTP server that answers as the platform's PostgREST 12.2
 * would, each request as the role its token names (`EXAMPLE_API_AUTH`).
 */
export class ExampleApi {
  private handler: RestHandler | undefined
  private options: RestEngineOptions = DEFAULT_API_OPTIONS
  private queue: Promise<unknown> = Promise.resolve()
  /** `[api] enabled = false` means no PostgREST: a request after it is a mistake of the page. */
  private enabled = true
  readonly exchanges: Exchange[] = []
  readonly problems: string[] = []

  private constructor(
    readonly db: PGliteInterface,
    private readonly server: Server,
  ) {}

  /** A database with the platform's roles and schemas and the example user, to clone per page. */
  static async template(): Promise<PGliteInterface> {
    const db = await createPlatformDb()
    // The signed-in user of `$USER_ACCESS_TOKEN` has an account, as every user with a token does.
    await db.exec(EXAMPLE_USER_SQL)
    return db
  }

  /** Serves `db` (a clone of `template()`) on a free local port. */
  static async start(db: PGliteInterface): Promise<ExampleApi> {
    const server = createServer()
    const api = new ExampleApi(db, server)
    server.on('request', (req, res) => {
      void api.serve(req).then(
        (exchange) => {
          // The engine's reason phrase is PostgREST's (Node's own differs for 416 and PTxyz errors).
          if (exchange.statusText) res.writeHead(exchange.status, exchange.statusText, exchange.headers)
          else res.writeHead(exchange.status, exchange.headers)
          res.end(exchange.body)
        },
        (error: unknown) => {
          res.writeHead(500)
          res.end(String(error))
        },
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return api
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve))
    await this.db.close()
  }

  /** Runs a migration as the owner; the API re-reads the schema, as the platform's DDL watch makes it do. */
  async migrate(sql: string): Promise<void> {
    await this.db.exec(sql)
    this.handler = undefined
  }

  /** The `[api]` table of a config.toml: `schemas` and `max_rows`, as `supabase start` passes them on. */
  configure(toml: string): void {
    ;({ enabled: this.enabled, options: this.options } = apiSettings(toml))
    this.handler = undefined
  }

  private async serve(req: IncomingMessage): Promise<Exchange> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const requestBody = Buffer.concat(chunks).toString('utf8')
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value)
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    }
    const method = req.method ?? 'GET'
    const request = new Request(`http://localhost${req.url}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : requestBody,
    })
    if (!headers.get('apikey')) this.problems.push(`${method} ${req.url}: no apikey header`)
    if (!this.enabled) this.problems.push(`${method} ${req.url}: sent after config.toml turned the API off`)
    const next = this.queue.then(() => this.answer(request.clone()))
    this.queue = next.catch(() => undefined)
    const answer = await next
    const exchange: Exchange = { request, requestBody, ...answer }
    this.exchanges.push(exchange)
    return exchange
  }

  private async answer(request: Request): Promise<Omit<Exchange, 'request' | 'requestBody'>> {
    if (!this.handler) {
      this.handler = createRestHandler(this.db, { ...this.options, ...EXAMPLE_API_AUTH })
      // Read the schema cache as the owner, as PostgREST's own connection does.
      await this.handler(new Request('http://localhost/rest/v1/', { method: 'OPTIONS' }))
    }
    const response = await this.handler(request)
    const body = await response.text()
    return { status: response.status, statusText: response.statusText, headers: [...response.headers], body }
  }
}

// ---- running one example ----

export interface HttpText {
  status?: number
  statusText?: string
  headers: [string, string][]
  body: string
}

/** `HTTP/1.1 200 OK`, header lines, a blank line, the body; or a bare body. */
export function parseHttpText(text: string, withHead: boolean): HttpText {
  if (!withHead) return { headers: [], body: text }
  const normalized = text.replace(/\r\n/g, '\n')
  const split = normalized.indexOf('\n\n')
  const head = split === -1 ? normalized : normalized.slice(0, split)
  const body = split === -1 ? '' : normalized.slice(split + 2)
  const [statusLine = '', ...lines] = head.split('\n')
  const match = /^HTTP\/[\d.]+ (\d{3})(?: (.*))?$/.exec(statusLine.trim())
  if (!match) throw new Error(`not a status line: ${statusLine}`)
  const headers = lines
    .filter((line) => line.trim())
    .map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as [string, string]
    })
  return { status: Number(match[1]), statusText: match[2]?.trim(), headers, body }
}

function sameJson(actual: string, expected: string): boolean {
  if (actual.trim() === '' || expected.trim() === '') return actual.trim() === expected.trim()
  try {
    return JSON.stringify(JSON.parse(actual)) === JSON.stringify(JSON.parse(expected))
  } catch {
    return actual.trim() === expected.trim()
  }
}

/** Differences between what curl printed and what the page's Response block shows. */
export function compareResponse(curlOutput: string, response: Block, curlCode: string): string[] {
  const withHead = response.lang === 'http'
  const printsHead = /(^|\s)(-i|--include|-I|--head)(\s|$)/.test(curlCode)
  if (withHead !== printsHead) {
    return [
      `the Response block is ${response.lang} but curl ${printsHead ? 'prints' : 'does not print'} the headers (-i)`,
    ]
  }
  const actual = parseHttpText(curlOutput, withHead)
  const expected = parseHttpText(response.code, withHead)
  const problems: string[] = []
  if (withHead && (actual.status !== expected.status || actual.statusText !== expected.statusText)) {
    problems.push(
      `status: got ${actual.status} ${actual.statusText}, page shows ${expected.status} ${expected.statusText}`,
    )
  }
  for (const [name, value] of expected.headers) {
    const got = actual.headers.filter(([n]) => n === name).map(([, v]) => v)
    if (!got.includes(value))
      problems.push(`header ${name}: got ${got.join(', ') || '(none)'}, page shows ${value}`)
  }
  if (!sameJson(actual.body, expected.body)) {
    problems.push(`body: got\n${actual.body}\npage shows\n${expected.body}`)
  }
  return problems
}

/** A double-quoted shell word with `!` breaks in an interactive bash or zsh (history expansion). */
export function historyExpansionRisk(code: string): boolean {
  return code.split('\n').some((line) => /"[^"]*![^"]*"/.test(line))
}

export async function runCurl(code: string, api: ExampleApi): Promise<string> {
  const { stdout } = await run('bash', ['-c', code], {
    env: { NODE_ENV: process.env.NODE_ENV, PATH: process.env.PATH, SUPABASE_URL: api.url, ...exampleEnv },
    maxBuffer: 1 << 22,
  })
  return stdout
}

/** What two requests must share to be the same request: method, path, query, preferences, body. */
export function requestShape(request: Request, body: string) {
  const url = new URL(request.url)
  // `select=*` is what PostgREST reads when there is no select (supabase-js writes it out).
  const params = [...url.searchParams]
    .filter(([k, v]) => !(k === 'select' && v === '*'))
    // PostgREST reads `*` in a like pattern as `%` (a URL cannot hold a bare `%`).
    .map(([k, v]) => `${k}=${/^(not\.)?i?like(\((any|all)\))?\./.test(v) ? v.replaceAll('*', '%') : v}`)
    .sort()
  const prefer = (request.headers.get('prefer') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    // A function call ignores `return=` (12.2 Response.hs answers a call without it); supabase-js
    // sends it after `.select()` on rpc().
    .filter((p) => !(url.pathname.includes('/rpc/') && p.startsWith('return=')))
    .sort()
  const accept = request.headers.get('accept') ?? '*/*'
  const read = request.method === 'GET' || request.method === 'HEAD'
  const profile = request.headers.get(read ? 'accept-profile' : 'content-profile') ?? 'public'
  let parsedBody: unknown = body
  try {
    parsedBody = body ? JSON.parse(body) : ''
  } catch {
    // Not JSON: compared as text.
  }
  return {
    method: request.method,
    path: url.pathname,
    params,
    prefer,
    accept: accept === 'application/json' ? '*/*' : accept,
    profile,
    body: parsedBody,
  }
}

/** Node 20 has no WebSocket and the twins never open Realtime: a transport that says so if used. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not available to the REST examples.')
  }
}

const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>

/**
 * Runs a supabase-js twin with a client whose fetch records the request and answers with the
 * response the curl request got. Imports and the hidden preamble are left out: the block gets
 * `supabase` from the test.
 */
export async function runTwin(code: string, answer: Exchange): Promise<{ requests: Exchange[] }> {
  const { visible } = splitPreamble(code)
  const js = ts
    .transpileModule(visible, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    })
    .outputText.replace(/^import .*$/gm, '')
    .replace(/^export \{\};?$/gm, '')
    .replace(/^export /gm, '')
  const requests: Exchange[] = []
  const supabase = createClient('http://127.0.0.1:54321', exampleEnv.SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
    global: {
      fetch: async (input, init) => {
        const request = new Request(input, init)
        const requestBody = await request.clone().text()
        requests.push({ ...answer, request, requestBody })
        const nullBody = answer.status === 204 || request.method === 'HEAD' || answer.body === ''
        return new Response(nullBody ? null : answer.body, { status: answer.status, headers: answer.headers })
      },
    },
  })
  const quiet = { ...console, log: () => undefined, error: () => undefined }
  await new AsyncFunction('supabase', 'process', 'console', js)(supabase, process, quiet)
  return { requests }
}
