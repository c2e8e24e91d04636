/**
 * Runs a compiled reference example (`examples.generated.ts`) the way a reader's app would: the
 * real `@supabase/supabase-js` client, whose `fetch` hands each request to the REST engine
 * (PostgREST 12.2) over a PGlite database holding the example's data source, created afresh for
 * every run. Used by the Node test and by the page's worker.
 */
import type { PGlite } from '@electric-sql/pglite'
import {
  createRestHandler,
  readSchemaCache,
  type RestEngineOptions,
  type SchemaCache,
} from '@docs/rest-engine'
import { createClient } from '@supabase/supabase-js'
import {
  compareResults,
  documentedResult,
  resultOf,
  type Difference,
  type ExampleResult,
} from './example-result'
import type { ExampleConsole, RunnableExample } from './runnable-example'
import { observeClient, type Settled } from './observe-client'

/**
 * The server the reference's examples are written for: the `inventory` schema is exposed beside
 * `public` (the `schema()` examples), and a request may ask for its transaction to be rolled back
 * (`rollback()`), as `db-tx-end = commit-allow-override` allows.
 */
export const REFERENCE_SERVER: RestEngineOptions = {
  schemas: ['public', 'inventory'],
  transactionEnd: 'commit-allow-override',
}

/** The local stack's API URL: requests never reach it, the client's `fetch` answers them. */
const PROJECT_URL = 'http://127.0.0.1:54321'
const ANON_KEY = 'reference-example-anon-key'

/** The client never opens Realtime here; if an example did, it should fail, not connect. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not available when running a reference example.')
  }
}

export interface RunOutcome {
  /** What the last query of the example returned; absent when it threw or never ran. */
  returned?: ExampleResult
  /** Why there is no result: the example or its query threw. */
  failure?: string
  documented: ExampleResult
  differences: Difference[]
  matches: boolean
  /** What the example printed with `console.log` / `console.error`. */
  logged: string[]
}

/** Schemas PGlite starts with; any other was made by the previous data source. */
const BUILT_IN_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast']

/** Drops what the previous run created and loads this example's data source. */
async function loadDataSource(db: PGlite, sql: string): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `select nspname as name from pg_namespace
     where nspname <> all($1) and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'`,
    [BUILT_IN_SCHEMAS],
  )
  const drops = rows.map(({ name }) => `drop schema "${name.replace(/"/g, '""')}" cascade;`).join('\n')
  await db.exec(`${drops}\ncreate schema public;\n${sql}`)
}

function formatLogged(values: unknown[]): string {
  return values
    .map((value) => {
      if (typeof value === 'string') return value
      if (value instanceof Error) return `${value.name}: ${value.message}`
      return JSON.stringify(value)
    })
    .join(' ')
}

/**
 * Schema caches by data source. The cache holds names only, and the same SQL makes the same
 * tables, keys and functions, so it is read once per data source: that read is most of a run.
 */
export type SchemaCaches = Map<string, SchemaCache>

/** What running an example's code with a client gave: the last query's result, or why there is none. */
export interface ClientRun {
  returned?: ExampleResult
  failure?: string
  logged: string[]
}

/**
 * Runs compiled example code with the real supabase-js, whose `fetch` is `handle` (the engine, or
 * the engine behind a gateway), and notes what the last query it awaited returned.
 */
export async function runWithClient(
  handle: (request: Request) => Promise<Response>,
  run: RunnableExample['run'],
  apiKey = ANON_KEY,
): Promise<ClientRun> {
  const client = createClient(PROJECT_URL, apiKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: { fetch: (input, init) => handle(new Request(input, init)) },
  })
  const settled: Settled[] = []
  const logged: string[] = []
  const exampleConsole: ExampleConsole = {
    log: (...values) => logged.push(formatLogged(values)),
    error: (...values) => logged.push(formatLogged(values)),
  }
  let failure: string | undefined
  try {
    await run(
      observeClient(client, (entry) => settled.push(entry)),
      exampleConsole,
    )
  } catch (error) {
    failure = `The example threw: ${error instanceof Error ? error.message : String(error)}`
  }
  const last = settled.at(-1)
  if (!failure && !last) failure = 'The example ran no query.'
  if (!failure && last && 'thrown' in last) {
    failure = `The query threw: ${last.thrown instanceof Error ? last.thrown.message : String(last.thrown)}`
  }
  if (failure || !last || !('result' in last)) return { failure, logged }
  return { returned: resultOf(last.result as Parameters<typeof resultOf>[0]), logged }
}

export async function runExample(
  db: PGlite,
  example: RunnableExample,
  schemaCaches: SchemaCaches = new Map(),
): Promise<RunOutcome> {
  await loadDataSource(db, example.sql)
  let schemaCache = schemaCaches.get(example.sql)
  if (!schemaCache) {
    schemaCache = await readSchemaCache(db)
    schemaCaches.set(example.sql, schemaCache)
  }
  const handle = createRestHandler(db, { ...REFERENCE_SERVER, schemaCache })
  const documented = documentedResult(example.response)
  const { returned, failure, logged } = await runWithClient(handle, example.run)
  if (!returned) return { failure, documented, differences: [], matches: false, logged }
  const differences = compareResults(documented, returned, example.varies)
  return { returned, documented, differences, matches: differences.length === 0, logged }
}
