/**
 * Runs a compiled reference example (`examples.generated.ts`) the way a reader's app would, with
 * the real `@supabase/supabase-js` client. A database example's client hands each request to the
 * REST engine (PostgREST 12.2) over a PGlite database holding its data source, loaded afresh for
 * every run; an auth or storage example's client is the platform's (`@docs/page-platform`: the
 * auth, REST and storage engines over one database), whose state its setup makes afresh for every
 * run (`platform-setup.ts`). Used by the Node test and by the page's worker.
 */
import type { PGlite, PGliteInterface } from '@electric-sql/pglite'
import {
  createRestHandler,
  readSchemaCache,
  type RestEngineOptions,
  type SchemaCache,
} from '@docs/rest-engine'
import {
  CALL_RESULT_FIELDS,
  compareResults,
  documentedResult,
  type Difference,
  type ExampleResult,
} from './example-result'
import { preparePlatform } from './platform-setup'
import type { DatabaseRunnable, PlatformRunnable, RunnableExample } from './runnable-example'
import { runOnClient, runWithClient } from './run-with-client'

/**
 * The server the reference's examples are written for: the `inventory` schema is exposed beside
 * `public` (the `schema()` examples), and a request may ask for its transaction to be rolled back
 * (`rollback()`), as `db-tx-end = commit-allow-override` allows.
 */
export const REFERENCE_SERVER: RestEngineOptions = {
  schemas: ['public', 'inventory'],
  transactionEnd: 'commit-allow-override',
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

/**
 * Schema caches by data source. The cache holds names only, and the same SQL makes the same
 * tables, keys and functions, so it is read once per data source: that read is most of a run.
 */
export type SchemaCaches = Map<string, SchemaCache>

/** Where the examples run: a database for the data sources, and one for the platform's examples. */
export interface RunDatabases {
  /** Each run drops what the last made and loads its data source. */
  data: () => Promise<PGlite>
  /** Has the platform schema; each run empties `auth` and `storage` and makes its setup. */
  platform: () => Promise<PGliteInterface>
  /** Read once per data source (see `SchemaCaches`). */
  schemaCaches: SchemaCaches
  /** Engine settings for the platform's examples (the tests lower the bcrypt cost). */
  auth?: { passwordHashCost?: number }
}

async function runDatabaseExample(
  db: PGlite,
  example: DatabaseRunnable,
  schemaCaches: SchemaCaches,
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
  return outcomeOf(documented, returned, failure, logged, example.varies)
}

export async function runExample(example: RunnableExample, databases: RunDatabases): Promise<RunOutcome> {
  if (example.platform !== undefined)
    return runPlatformExample(await databases.platform(), example, databases.auth)
  return runDatabaseExample(await databases.data(), example, databases.schemaCaches)
}

/** An auth or storage example: its setup made through the platform, then its code on the client. */
async function runPlatformExample(
  db: PGliteInterface,
  example: PlatformRunnable,
  auth?: { passwordHashCost?: number },
): Promise<RunOutcome> {
  const documented = documentedResult(example.response, CALL_RESULT_FIELDS)
  const { client, given } = await preparePlatform(db, example.platform, auth)
  const { returned, failure, logged } = await runOnClient(client, example.run, given)
  // An example may start the session's refresh timer; it must not outlive its platform.
  await client.auth.stopAutoRefresh()
  return outcomeOf(documented, returned, failure, logged, example.varies)
}

function outcomeOf(
  documented: ExampleResult,
  returned: ExampleResult | undefined,
  failure: string | undefined,
  logged: string[],
  varies: string[] | undefined,
): RunOutcome {
  if (!returned) return { failure, documented, differences: [], matches: false, logged }
  const differences = compareResults(documented, returned, varies)
  return { returned, documented, differences, matches: differences.length === 0, logged }
}
