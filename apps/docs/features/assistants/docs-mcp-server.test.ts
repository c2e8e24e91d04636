/**
 * The docs MCP server over reference data and Markdown made from this repository's sources (the
 * build writes the same files into the export), driven by the SDK's own client: in memory and
 * over Streamable HTTP through the handler `npm start` mounts. Search needs the built site's
 * index and is tested against a real build in e2e/docs-mcp.spec.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDocsMcpServer, createMcpHttpHandler, openSite, TOOL_NAMES } from '@docs/docs-mcp'
import { DEFAULT_HTTP_LIMITS } from '@docs/docs-mcp/http-guards'
import { listGuides } from '@/features/guides'
import { guideToMarkdown } from '@/features/markdown-export'
import { markdownPath } from '@/features/markdown-export'
import { writeReferenceData } from './write-reference-data'

const SITE = 'http://docs.test'
const PAGES = [
  '/guides/database/row-level-security',
  '/guides/auth/error-codes',
  '/guides/getting-started/ai-assistants',
]

let exportDir: string
let client: Client

beforeAll(async () => {
  exportDir = mkdtempSync(path.join(os.tmpdir(), 'docs-mcp-test-'))
  await writeReferenceData(exportDir)
  const guides = listGuides().filter((guide) => PAGES.includes(guide.href))
  for (const guide of guides) {
    const file = path.join(exportDir, markdownPath(guide.href))
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, guideToMarkdown(guide, SITE))
  }
  writeFileSync(
    path.join(exportDir, 'llms.txt'),
    `# Basebox Docs\n\n${guides.map((guide) => `- [${guide.frontMatter.title}](${SITE}${markdownPath(guide.href)})`).join('\n')}\n`,
  )
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createDocsMcpServer(openSite(exportDir)).connect(serverSide)
  client = new Client({ name: 'test', version: '1.0.0' })
  await client.connect(clientSide)
  // Loading every reference spec and rendering three guides takes seconds on a busy machine.
}, 120_000)

afterAll(async () => {
  await client?.close()
  rmSync(exportDir, { recursive: true, force: true })
})

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult
}

/** The text of a resource's contents (a resource may also be a blob). */
function textOf(content: unknown): unknown {
  return (content as { text?: unknown } | undefined)?.text
}

function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true)
  const first = result.content[0]
  return first?.type === 'text' ? first.text : ''
}

describe('tools', () => {
  it('lists every tool with a description and input and output schemas', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort())
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(150)
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type).toBe('object')
      expect(tool.annotations?.readOnlyHint).toBe(true)
    }
  })

  it('cli_command: db push with its flags as the reference lists them', async () => {
    const result = await call('cli_command', { name: 'db push' })
    const answer = result.structuredContent as {
      command: string
      usage: string
      flags: { name: string; type: string; default: string | null; inherited: boolean }[]
      examples: { code: string }[]
    }
    expect(answer.command).toBe('supabase db push')
    expect(answer.usage).toBe('supabase db push [flags]')
    const flags = new Map(answer.flags.map((flag) => [flag.name, flag]))
    expect(flags.get('--include-all')).toMatchObject({ type: 'bool', default: 'false', inherited: false })
    expect(flags.get('--dry-run')).toMatchObject({ type: 'bool', default: 'false' })
    expect(answer.examples.map((example) => example.code)).toContain('supabase db push --dry-run')
    // The text content is the same answer for clients without structured output.
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(answer)
  })

  it('cli_command: accepted values, inherited flags and subcommands', async () => {
    const db = (await call('cli_command', { name: 'supabase db' })).structuredContent as {
      subcommands: { command: string; url?: string }[]
    }
    expect(db.subcommands.map((sub) => sub.command)).toContain('supabase db push')
    expect(db.subcommands.find((sub) => sub.command === 'supabase db push')?.url).toBe(
      `${SITE}/reference/cli/supabase-db-push`,
    )
    const types = (await call('cli_command', { name: 'gen types' })).structuredContent as {
      flags: { name: string; acceptedValues?: string[] }[]
    }
    expect(types.flags.find((flag) => flag.name === '--lang')?.acceptedValues).toContain('typescript')
    const create = (await call('cli_command', { name: 'branches create' })).structuredContent as {
      flags: { name: string; inherited: boolean }[]
    }
    expect(create.flags.find((flag) => flag.name === '--project-ref')?.inherited).toBe(true)
  })

  it('cli_command: an unknown command answers with the closest ones', async () => {
    expect(errorText(await call('cli_command', { name: 'db pish' }))).toMatch(
      /no command "supabase db pish"\. Closest commands: .*supabase db push/,
    )
  })

  it('client_function: v2 and v1 functions by several names', async () => {
    const otp = (await call('client_function', { name: 'supabase.auth.signInWithOtp()' }))
      .structuredContent as {
      function: string
      version: string
      url: string
      params: { name: string }[]
      examples: unknown[]
    }
    expect(otp).toMatchObject({
      function: 'signInWithOtp',
      version: 'v2',
      url: `${SITE}/reference/javascript/auth-sign-in-with-otp`,
    })
    expect(otp.params.length).toBeGreaterThan(0)
    expect(otp.examples.length).toBeGreaterThan(0)
    const select = (await call('client_function', { name: "from('todos').select()" })).structuredContent as {
      function: string
      examples: { response?: string }[]
    }
    expect(select.function).toBe('select')
    expect(select.examples.some((example) => example.response !== undefined)).toBe(true)
    const v1 = (await call('client_function', { name: 'auth.signIn', version: 'v1' })).structuredContent as {
      url: string
    }
    expect(v1.url).toBe(`${SITE}/reference/javascript/v1/auth-sign-in`)
    expect(errorText(await call('client_function', { name: 'signInWithTelepathy' }))).toMatch(
      /no function "signInWithTelepathy".*Closest: /,
    )
  })

  it('api_operation: by id, by method and path, and by a path with values', async () => {
    const byId = (await call('api_operation', { operationId_or_path: 'v1-get-project' }))
      .structuredContent as {
      method: string
      path: string
      parameters: { name: string; in: string; required: boolean }[]
      requestExample?: string
      responses: { status: string }[]
    }
    expect(byId).toMatchObject({ method: 'GET', path: '/v1/projects/{ref}' })
    expect(byId.parameters).toContainEqual(
      expect.objectContaining({ name: 'ref', in: 'path', required: true }),
    )
    expect(byId.requestExample).toMatch(/^curl /)
    expect(byId.responses.map((response) => response.status)).toContain('200')
    const byPath = (
      await call('api_operation', { operationId_or_path: 'POST /v1/projects/abcdefghijklmnopqrst/functions' })
    ).structuredContent as {
      operationId: string
      requestBody?: { contentType: string }
    }
    expect(byPath.operationId).toBe('v1-create-a-function')
    expect(byPath.requestBody?.contentType).toBeTruthy()
    expect(
      errorText(await call('api_operation', { operationId_or_path: '/v1/projects/abc/functions' })),
    ).toMatch(/Several operations answer/)
    expect(errorText(await call('api_operation', { operationId_or_path: 'v1-get-projct' }))).toMatch(
      /Closest operation ids: v1-get-project/,
    )
  })

  it('auth_error: meaning, statuses and action from the table, with its row', async () => {
    const table = readFileSync(path.join(exportDir, 'guides/auth/error-codes.md'), 'utf8')
    const answer = (await call('auth_error', { code: 'OTP_EXPIRED' })).structuredContent as {
      code: string
      statuses: number[]
      meaning: string
      action: string
      url: string
    }
    expect(answer.code).toBe('otp_expired')
    expect(answer.statuses).toEqual([403])
    expect(table).toContain(`| \`otp_expired\` | ${answer.meaning} | ${answer.action} |`)
    expect(answer.url).toBe(`${SITE}/guides/auth/error-codes#code-otp_expired`)
    expect(errorText(await call('auth_error', { code: 'otp_expird' }))).toMatch(/Closest codes: otp_expired/)
  })

  it('sql_to_rest: the translation, or the translator error with its hint', async () => {
    const ok = (
      await call('sql_to_rest', {
        sql: 'select title from books where id = 1',
        base_url: 'https://abc.supabase.co/rest/v1',
      })
    ).structuredContent as Record<string, string>
    expect(ok.ok).toBe(true)
    expect(ok.curl).toContain('https://abc.supabase.co/rest/v1/books?select=title&id=eq.1')
    expect(ok.http).toMatch(/^GET \/rest\/v1\/books\?select=title&id=eq\.1 HTTP\/1\.1/)
    expect(ok.supabaseJs).toContain(".from('books')")
    const refused = (await call('sql_to_rest', { sql: 'select from where' })).structuredContent as {
      ok: boolean
      error: { kind: string; hint: string }
    }
    expect(refused.ok).toBe(false)
    expect(refused.error.kind).toBe('parse')
    expect(refused.error.hint).toMatch(/line 1/)
  })

  it('get_page: the Markdown copy, one section, and refusals', async () => {
    const file = readFileSync(path.join(exportDir, 'guides/database/row-level-security.md'), 'utf8')
    const page = (await call('get_page', { url_or_path: `${SITE}/guides/database/row-level-security` }))
      .structuredContent as { markdown: string; title: string }
    expect(page.markdown).toBe(file)
    expect(page.title).toBe('Row-level security')
    const section = (
      await call('get_page', { url_or_path: '/guides/database/row-level-security.md#keep-policies-fast' })
    ).structuredContent as { markdown: string; section: string }
    expect(section.section).toBe('Keep policies fast')
    expect(section.markdown.startsWith('## Keep policies fast\n')).toBe(true)
    expect(file).toContain(section.markdown.trimEnd())
    expect(errorText(await call('get_page', { url_or_path: '../../../../etc/passwd' }))).toMatch(
      /^Path traversal refused/,
    )
    expect(errorText(await call('get_page', { url_or_path: '/guides/%2e%2e/%2e%2e/package.json' }))).toMatch(
      /^Path traversal refused/,
    )
    expect(errorText(await call('get_page', { url_or_path: '/guides/database/row-level-securty' }))).toMatch(
      /Closest pages: \/guides\/database\/row-level-security/,
    )
    expect(
      errorText(await call('get_page', { url_or_path: '/guides/database/row-level-security#nope' })),
    ).toMatch(/Its sections: .*#keep-policies-fast/)
  })
})

describe('bad input', () => {
  it('answers an unknown tool, wrong types and oversized input with clear errors, no stack', async () => {
    const texts = [
      errorText(await call('no_such_tool', {})),
      errorText(await call('cli_command', { name: 42 })),
      errorText(await call('search_docs', { query: 'x'.repeat(10_000) })),
      errorText(await call('search_docs', { query: 'rls', limit: 'many' })),
      errorText(await call('client_function', { name: 'select', version: 'v3' })),
      errorText(await call('get_page', {})),
    ]
    expect(texts[0]).toMatch(/Tool no_such_tool not found/)
    expect(texts[1]).toMatch(/Input validation error: .*expected string, received number/)
    expect(texts[2]).toMatch(/Input validation error: .*500 characters/)
    for (const text of texts) expect(text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/)
    // And the server still answers.
    expect((await call('auth_error', { code: 'bad_jwt' })).isError).toBeFalsy()
  })

  it('answers an empty query with no results and the reason, before touching the index', async () => {
    const answer = (await call('search_docs', { query: '   ' })).structuredContent
    expect(answer).toEqual({
      query: '   ',
      results: [],
      reason: 'The query is empty: give a few words to search for.',
    })
  })
})

describe('resources', () => {
  it('offers llms.txt and every page by a URI template', async () => {
    const { resources } = await client.listResources()
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining(['docs://llms.txt', 'docs://page/guides/database/row-level-security']),
    )
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['docs://page/{+path}'])
    const llms = await client.readResource({ uri: 'docs://llms.txt' })
    expect(textOf(llms.contents[0])).toBe(readFileSync(path.join(exportDir, 'llms.txt'), 'utf8'))
    const page = await client.readResource({ uri: 'docs://page/guides/auth/error-codes' })
    expect(textOf(page.contents[0])).toBe(
      readFileSync(path.join(exportDir, 'guides/auth/error-codes.md'), 'utf8'),
    )
    // A URI resolves its own dot segments; encoded slashes survive it and are refused.
    await expect(client.readResource({ uri: 'docs://page/..%2f..%2fetc%2fpasswd' })).rejects.toThrow(
      /^MCP error -32602: Path traversal refused/,
    )
  })
})

describe('Streamable HTTP', () => {
  let server: Server
  let base: string

  beforeAll(async () => {
    const made: { mcp?: ReturnType<typeof createMcpHttpHandler> } = {}
    server = createServer((req, res) => {
      void made.mcp!.handle(req, res).then((handled) => {
        if (!handled) res.writeHead(404).end('site')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    made.mcp = createMcpHttpHandler({
      exportDir,
      allowedOrigins: ['http://127.0.0.1:9'],
      // The test reaches the server by address, not by the site's name.
      allowedHosts: [new URL(base).host],
      limits: { requestsPerWindow: 40, maxBodyBytes: 4096 },
    })
  })

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('serves the SDK client: list tools and call one', async () => {
    const http = new Client({ name: 'http-test', version: '1.0.0' })
    await http.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)))
    expect((await http.listTools()).tools).toHaveLength(TOOL_NAMES.length)
    const answer = (await http.callTool({ name: 'cli_command', arguments: { name: 'db push' } }))
      .structuredContent as { flags: { name: string }[] }
    expect(answer.flags.map((flag) => flag.name)).toEqual(
      expect.arrayContaining(['--include-all', '--dry-run']),
    )
    const bad = (await http.callTool({
      name: 'get_page',
      arguments: { url_or_path: '/../../etc/passwd' },
    })) as CallToolResult
    expect(errorText(bad)).toMatch(/^Path traversal refused/)
    await http.close()
  })

  it('describes itself at /.well-known/mcp', async () => {
    const response = await fetch(`${base}/.well-known/mcp`)
    expect(response.status).toBe(200)
    const description = (await response.json()) as Record<string, unknown>
    expect(description).toMatchObject({
      endpoint: `${SITE}/mcp`,
      transport: 'streamable-http',
      tools: [...TOOL_NAMES],
    })
  })

  it('allows browsers only from allowed origins', async () => {
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
    const evil = await fetch(`${base}/mcp`, {
      method: 'POST',
      body: initialize,
      headers: { ...headers, origin: 'https://evil.example' },
    })
    expect(evil.status).toBe(403)
    expect(evil.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${base}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/)
    const listed = await fetch(`${base}/mcp`, {
      method: 'POST',
      body: initialize,
      headers: { ...headers, origin: 'http://127.0.0.1:9' },
    })
    expect(listed.status).toBe(200)
    expect(listed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:9')
  })

  it('refuses big bodies, bad JSON and GET with JSON-RPC errors, and keeps serving', async () => {
    const post = (body: string) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      })
    const big = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_docs', arguments: { query: 'x'.repeat(10_000) } },
      }),
    )
    expect(big.status).toBe(413)
    expect(((await big.json()) as { error: { message: string } }).error.message).toMatch(/at most 4096 bytes/)
    // Without a length: the body is counted as it streams in.
    const chunked = await fetch(`${base}/mcp`, {
      method: 'POST',
      body: new Blob([
        '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"',
        'x'.repeat(8000),
        '"}}',
      ]).stream(),
      duplex: 'half',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    } as RequestInit)
    expect(chunked.status).toBe(413)
    const notJson = await post('{"jsonrpc":')
    expect(notJson.status).toBe(400)
    expect(((await notJson.json()) as { error: { code: number } }).error.code).toBe(-32700)
    const get = await fetch(`${base}/mcp`, { headers: { accept: 'text/event-stream' } })
    expect(get.status).toBe(405)
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }))).status).toBe(200)
  })

  it('limits the requests of one client address', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 45; index += 1) {
      const response = await fetch(`${base}/mcp`, { method: 'OPTIONS' })
      statuses.push(response.status)
    }
    // Preflights are free; protocol requests count.
    expect(statuses.every((status) => status === 204)).toBe(true)
    let limited: Response | undefined
    for (let index = 0; index < 45 && !limited; index += 1) {
      const response = await fetch(`${base}/mcp`, { headers: { accept: 'text/event-stream' } })
      if (response.status === 429) limited = response
    }
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})

describe('the guide', () => {
  it('states the limits the server applies', () => {
    const guide = readFileSync(
      path.join(import.meta.dirname, '../../content/guides/getting-started/ai-assistants.mdx'),
      'utf8',
    )
    expect(guide).toContain(`at most ${DEFAULT_HTTP_LIMITS.maxBodyBytes / 1024} KB`)
    expect(guide).toContain(`${DEFAULT_HTTP_LIMITS.requestsPerWindow} requests a minute`)
    expect(DEFAULT_HTTP_LIMITS.windowMs).toBe(60_000)
  })
})
