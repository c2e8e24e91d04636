/**
 * Latency of the docs MCP server's tools over Streamable HTTP, as `npm start` serves it: the site
 * server (apps/docs/server/serve.ts, which mounts /mcp) runs in its own process over a built
 * export, and the SDK's client calls each tool with a set of real inputs, after one warm-up
 * round. Prints p50 and p95 per tool, and the first search (which loads the index).
 * `npm run docs-mcp -w bench [-- <export folder name inside apps/docs>]` (default out-test).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

const docsDir = path.resolve(import.meta.dirname, '../../apps/docs')
const exportName = process.argv[2] ?? 'out-test'
if (!existsSync(path.join(docsDir, exportName, 'llms.txt'))) {
  console.error(`No built site in apps/docs/${exportName}: build it first (npm test -- production).`)
  process.exit(1)
}
const ROUNDS = 5

const INPUTS: Record<string, Record<string, unknown>[]> = {
  search_docs: [
    'row level security',
    'sign in with magic link',
    'otp_expired',
    'supabase db push',
    'realtime presence',
    'upload a file to storage',
  ].map((query) => ({ query })),
  get_page: [
    '/guides/database/row-level-security',
    '/guides/auth/passwords#reset-a-forgotten-password',
    '/reference/cli/supabase-db-push',
    '/reference/javascript/select',
  ].map((url_or_path) => ({ url_or_path })),
  cli_command: ['db push', 'gen types', 'functions deploy', 'start'].map((name) => ({ name })),
  client_function: ['select', 'auth.signInWithOtp', 'storage.from().upload()', 'rpc'].map((name) => ({
    name,
  })),
  api_operation: [
    'v1-list-all-projects',
    'GET /v1/projects/{ref}',
    'POST /v1/projects/abcdefghijklmnopqrst/functions',
  ].map((operationId_or_path) => ({ operationId_or_path })),
  auth_error: ['otp_expired', 'email_not_confirmed', 'over_email_send_rate_limit'].map((code) => ({ code })),
  sql_to_rest: [
    'select title, author from books where id = 1',
    "insert into todos (task) values ('x')",
    'select * from films order by year desc limit 10',
  ].map((sql) => ({ sql })),
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN
}

const port = await freePort()
const site = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
  cwd: docsDir,
  env: { ...process.env, PORT: String(port), DOCS_EXPORT_DIR: exportName, DOCS_MCP_RATE_LIMIT: '1000000' },
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise<void>((resolve, reject) => {
  site.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('Docs site:')) resolve()
  })
  site.once('exit', (code) => reject(new Error(`the site server exited with ${code}`)))
})

try {
  const client = new Client({ name: 'bench', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)))
  const timed = async (name: string, args: Record<string, unknown>) => {
    const started = performance.now()
    const result = await client.callTool({ name, arguments: args })
    if (result.isError)
      throw new Error(`${name} ${JSON.stringify(args)} failed: ${JSON.stringify(result.content)}`)
    return performance.now() - started
  }
  const firstSearch = await timed('search_docs', { query: 'getting started' })
  console.log(
    `docs MCP over Streamable HTTP (apps/docs/${exportName}), ${ROUNDS} rounds of each tool's inputs after a warm-up round`,
  )
  console.log(`  first search_docs call (loads the Pagefind index): ${firstSearch.toFixed(0)} ms`)
  console.log(`  ${'tool'.padEnd(16)} ${'calls'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`)
  for (const [tool, inputs] of Object.entries(INPUTS)) {
    for (const args of inputs) await timed(tool, args)
    const times: number[] = []
    for (let round = 0; round < ROUNDS; round += 1)
      for (const args of inputs) times.push(await timed(tool, args))
    times.sort((a, b) => a - b)
    console.log(
      `  ${tool.padEnd(16)} ${String(times.length).padStart(5)} ${percentile(times, 0.5).toFixed(1).padStart(8)} ${percentile(times, 0.95).toFixed(1).padStart(8)}`,
    )
  }
  await client.close()
} finally {
  site.kill('SIGTERM')
}
