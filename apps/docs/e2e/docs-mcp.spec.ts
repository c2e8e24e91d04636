/**
 * The docs MCP server against the built site, driven by the SDK's own client: over Streamable
 * HTTP at /mcp of the site server (as `npm start` serves it) and over stdio (the npm bin), every
 * tool on real content, bad input, and a sample of the relevance set compared with the site's search.
 * Then the guide and the "Ask an assistant" menu in the browser.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { expect, test } from '@playwright/test'
import { exportDirName } from '../lib/export-dir'
import { loadPagefindFromExport } from '@docs/site-search/node'
import { answers, RELEVANCE_QUERIES } from '../features/search'
import { searchSite, spellingIndex } from '@docs/site-search'
import { expectNoSeriousA11yViolations } from './a11y'
import { SITE_ORIGIN } from './servers'

const exportDir = path.resolve(import.meta.dirname, '..', exportDirName())
const bin = path.resolve(import.meta.dirname, '../../../packages/docs-mcp/bin/docs-mcp.mjs')
const TOOLS = [
  'api_operation',
  'auth_error',
  'cli_command',
  'client_function',
  'get_page',
  'search_docs',
  'sql_to_rest',
]

type Result = CallToolResult & { structuredContent?: Record<string, unknown> }
interface SearchAnswer {
  results: { title: string; path: string; url: string; excerpt: string; section?: string }[]
  reason?: string
}

async function httpClient(): Promise<Client> {
  const client = new Client({ name: 'e2e-http', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${SITE_ORIGIN}/mcp`)))
  return client
}

async function stdioClient(): Promise<Client> {
  const client = new Client({ name: 'e2e-stdio', version: '1.0.0' })
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [bin, exportDir], stderr: 'ignore' }),
  )
  return client
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Result> {
  return (await client.callTool({ name, arguments: args })) as Result
}

function text(result: Result): string {
  const first = result.content[0]
  return first?.type === 'text' ? first.text : ''
}

for (const transport of ['Streamable HTTP', 'stdio'] as const) {
  test(`over ${transport}: every tool answers from the built site`, async () => {
    test.setTimeout(120_000)
    const client = transport === 'stdio' ? await stdioClient() : await httpClient()
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(TOOLS)

      const rls = (await call(client, 'search_docs', { query: 'row level security' }))
        .structuredContent as unknown as SearchAnswer
      expect(rls.results[0]?.path).toBe('/guides/database/row-level-security')
      expect(rls.results[0]?.url).toBe(`${SITE_ORIGIN}/guides/database/row-level-security`)
      const cliOnly = (
        await call(client, 'search_docs', { query: 'push migrations', product: 'cli', limit: 3 })
      ).structuredContent as unknown as SearchAnswer
      expect(cliOnly.results.length).toBeGreaterThan(0)
      expect(cliOnly.results.every((result) => result.path.startsWith('/reference/cli/'))).toBe(true)
      const typo = (await call(client, 'search_docs', { query: 'row levle securty' }))
        .structuredContent as unknown as SearchAnswer & { correctedTo?: string }
      expect(typo.results[0]?.path).toBe('/guides/database/row-level-security')

      const page = (
        await call(client, 'get_page', { url_or_path: `${SITE_ORIGIN}/reference/cli/supabase-db-push` })
      ).structuredContent
      expect(page?.markdown).toBe(
        readFileSync(path.join(exportDir, 'reference/cli/supabase-db-push.md'), 'utf8'),
      )

      const push = (await call(client, 'cli_command', { name: 'db push' })).structuredContent as {
        flags: { name: string }[]
      }
      expect(push.flags.map((flag) => flag.name)).toEqual(
        expect.arrayContaining(['--include-all', '--dry-run']),
      )
      const fn = (await call(client, 'client_function', { name: 'rpc' })).structuredContent
      expect(fn?.url).toBe(`${SITE_ORIGIN}/reference/javascript/rpc`)
      const operation = (await call(client, 'api_operation', { operationId_or_path: 'GET /v1/projects' }))
        .structuredContent
      expect(operation?.operationId).toBe('v1-list-all-projects')
      const code = (await call(client, 'auth_error', { code: 'email_not_confirmed' })).structuredContent
      expect(code?.url).toBe(`${SITE_ORIGIN}/guides/auth/error-codes#code-email_not_confirmed`)
      const sql = (await call(client, 'sql_to_rest', { sql: 'delete from todos where done = true' }))
        .structuredContent
      expect(sql?.curl).toContain('-X DELETE')

      // Bad input: clear errors or empty answers with a reason, and the server keeps serving.
      const unknownTool = await call(client, 'drop_database', {})
      expect(unknownTool.isError).toBe(true)
      expect(text(unknownTool)).toMatch(/Tool drop_database not found/)
      const wrongType = await call(client, 'search_docs', { query: ['rls'] })
      expect(text(wrongType)).toMatch(/Input validation error/)
      const huge = await call(client, 'search_docs', { query: 'policy '.repeat(1500) })
      expect(text(huge)).toMatch(/Input validation error: .*500 characters/)
      const empty = (await call(client, 'search_docs', { query: '' }))
        .structuredContent as unknown as SearchAnswer
      expect(empty).toMatchObject({ results: [], reason: expect.stringMatching(/empty/) })
      const nothing = (await call(client, 'search_docs', { query: 'qqqzzzxxyy' }))
        .structuredContent as unknown as SearchAnswer
      expect(nothing.results).toEqual([])
      expect(nothing.reason).toMatch(/No page matches/)
      expect(text(await call(client, 'get_page', { url_or_path: '/guides/nope' }))).toMatch(
        /No page at \/guides\/nope\. Closest pages: /,
      )
      expect(text(await call(client, 'get_page', { url_or_path: '/guides/../../package.json' }))).toMatch(
        /^Path traversal refused/,
      )
      expect(text(await call(client, 'get_page', { url_or_path: '..%2f..%2f_headers' }))).toMatch(
        /^Path traversal refused/,
      )
      expect(text(await call(client, 'cli_command', { name: 'db yeet' }))).toMatch(/Closest commands: /)
      for (const result of [unknownTool, wrongType, huge]) expect(text(result)).not.toMatch(/\n\s+at /)
      expect((await call(client, 'auth_error', { code: 'bad_jwt' })).isError).toBeFalsy()
    } finally {
      await client.close()
    }
  })
}

/**
 * Every RELEVANCE_SAMPLE-th query of the relevance set: both sides run the same ranking code, so a
 * difference in how the server calls it (the query, the spelling index, the limit) shows on any
 * fair share of the set, and the whole set took minutes on a busy machine.
 */
const RELEVANCE_SAMPLE = 4

test('search_docs answers a sample of the relevance set exactly as the site search does', async () => {
  test.setTimeout(300_000)
  const queries = RELEVANCE_QUERIES.filter((_, index) => index % RELEVANCE_SAMPLE === 0)
  const pagefind = await loadPagefindFromExport(exportDir)
  const spelling = spellingIndex(
    JSON.parse(readFileSync(path.join(exportDir, 'pagefind', 'vocabulary.json'), 'utf8')),
  )
  const client = await stdioClient()
  let first = 0
  let topThree = 0
  const differences: string[] = []
  try {
    for (const entry of queries) {
      const site = (await searchSite(pagefind, entry.query, { limit: 3, spelling })).hits.map(
        (hit) => hit.url.split('#')[0],
      )
      const answer = (await call(client, 'search_docs', { query: entry.query, limit: 3 }))
        .structuredContent as unknown as SearchAnswer
      const mcp = answer.results.map((result) => result.path)
      if (JSON.stringify(mcp) !== JSON.stringify(site))
        differences.push(`${entry.query}: site ${site.join(', ')}; mcp ${mcp.join(', ')}`)
      if (mcp[0] !== undefined && answers(entry, mcp[0])) first += 1
      if (mcp.some((found) => answers(entry, found))) topThree += 1
    }
  } finally {
    await client.close()
  }
  const total = queries.length
  console.log(
    `search_docs over ${total} queries of the relevance set: top-1 ${first}/${total} (${((100 * first) / total).toFixed(1)}%), ` +
      `top-3 ${topThree}/${total} (${((100 * topThree) / total).toFixed(1)}%), same top 3 as the site search for ${total - differences.length}/${total} queries`,
  )
  expect(differences).toEqual([])
})

test('/.well-known/mcp describes the endpoint, and /mcp refuses other origins', async ({ request }) => {
  const description = await (await request.get('/.well-known/mcp')).json()
  expect(description).toMatchObject({
    endpoint: `${SITE_ORIGIN}/mcp`,
    transport: 'streamable-http',
    tools: expect.arrayContaining(TOOLS),
  })
  const foreign = await request.post('/mcp', {
    headers: { origin: 'https://evil.example', accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'ping' },
  })
  expect(foreign.status()).toBe(403)
  const own = await request.post('/mcp', {
    headers: { origin: SITE_ORIGIN, accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'ping' },
  })
  expect(own.status()).toBe(200)
  expect(own.headers()['access-control-allow-origin']).toBe(SITE_ORIGIN)
})

test('the guide shows each assistant its configuration for this site', async ({ page }) => {
  await page.goto('/guides/getting-started/ai-assistants')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Use the docs from your AI assistant')
  const cursor = page.locator('figure.code-block').filter({ hasText: '.cursor/mcp.json' })
  expect(JSON.parse((await cursor.locator('.code-body').innerText()).trim())).toEqual({
    mcpServers: { 'basebox-docs': { url: `${SITE_ORIGIN}/mcp` } },
  })
  const vscode = page.locator('figure.code-block').filter({ hasText: '.vscode/mcp.json' })
  expect(JSON.parse((await vscode.locator('.code-body').innerText()).trim())).toEqual({
    servers: { 'basebox-docs': { type: 'http', url: `${SITE_ORIGIN}/mcp` } },
  })
  const claudeCode = page
    .locator('figure.code-block')
    .filter({ hasText: '.mcp.json' })
    .filter({ hasNotText: '.cursor' })
  expect(JSON.parse((await claudeCode.locator('.code-body').innerText()).trim())).toEqual({
    mcpServers: { 'basebox-docs': { type: 'http', url: `${SITE_ORIGIN}/mcp` } },
  })
  const desktop = page.locator('figure.code-block').filter({ hasText: 'claude_desktop_config.json' })
  // One entry relays to this site's /mcp through mcp-remote; the other runs a clone's server.
  await expect(desktop.filter({ hasText: 'mcp-remote' })).toContainText(`${SITE_ORIGIN}/mcp`)
  await expect(desktop.filter({ hasText: 'docs-mcp.mjs' })).toHaveCount(1)
  await expectNoSeriousA11yViolations(page)
})

test('the Ask an assistant menu copies the MCP URL and the page, and opens assistants with a prompt', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/guides/auth/captcha')
  const summary = page.locator('summary', { hasText: 'Ask an assistant' })
  await summary.click()
  const markdownUrl = `${SITE_ORIGIN}/guides/auth/captcha.md`
  const prompt = encodeURIComponent(`Read ${markdownUrl} so I can ask you questions about it.`)
  await expect(page.getByRole('link', { name: 'Open in ChatGPT' })).toHaveAttribute(
    'href',
    `https://chatgpt.com/?q=${prompt}`,
  )
  await expect(page.getByRole('link', { name: 'Open in Claude' })).toHaveAttribute(
    'href',
    `https://claude.ai/new?q=${prompt}`,
  )
  await expect(page.getByRole('link', { name: /Connect your editor/ })).toHaveAttribute(
    'href',
    '/guides/getting-started/ai-assistants',
  )
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Copy MCP server URL' }).click()
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${SITE_ORIGIN}/mcp`)
  await page.getByRole('button', { name: 'Copy page as Markdown' }).click()
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe(await (await request.get('/guides/auth/captcha.md')).text())

  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Copy MCP server URL' })).toBeHidden()
  await expect(summary).toBeFocused()
  await summary.click()
  await page.locator('h1').click()
  await expect(page.getByRole('button', { name: 'Copy MCP server URL' })).toBeHidden()
})
