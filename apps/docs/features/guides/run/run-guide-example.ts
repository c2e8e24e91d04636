/**
 * Runs a compiled guide example (`guide-examples.generated.ts`) as a reader's app would: the real
 * supabase-js with the anon key, its `fetch` answered by the REST engine (PostgREST 12.2, each
 * request as the role its token names), over a fresh database on which the page's SQL has run.
 * Used by the Node test and by the page's worker.
 */
import type { PGliteInterface } from '@electric-sql/pglite'
import { createRestHandler, readSchemaCache, type SchemaCache } from '@docs/rest-engine'
import { compareResults, runWithClient, type ShownOutcome } from '@/features/reference/runner'
import { EXAMPLE_API_AUTH, exampleEnv } from '@docs/pglite-platform/example-keys'
import type { GuideExample } from './guide-example'

/**
 * Schema caches by the SQL that made the database: the cache holds names only and the same SQL
 * makes the same tables, so it is read once (that read is most of a warm run).
 */
export type SchemaCaches = Map<string, SchemaCache>

/** `db` must be fresh: a platform database (roles, `auth`, `storage`) with the example user. */
export async function runGuideExample(
  db: PGliteInterface,
  example: GuideExample,
  schemaCaches: SchemaCaches = new Map(),
): Promise<ShownOutcome> {
  // As the owner, as a migration runs.
  for (const sql of example.sql) await db.exec(sql)
  const cacheKey = example.sql.join('\n;\n')
  let schemaCache = schemaCaches.get(cacheKey)
  if (!schemaCache) {
    schemaCache = await readSchemaCache(db)
    schemaCaches.set(cacheKey, schemaCache)
  }
  const handle = createRestHandler(db, { ...example.api, ...EXAMPLE_API_AUTH, schemaCache })
  const { returned, failure, logged } = await runWithClient(handle, example.run, exampleEnv.SUPABASE_ANON_KEY)
  const undocumented = example.expected === undefined
  if (!returned) return { failure, differences: [], matches: false, logged, undocumented }
  if (!example.expected)
    return { returned, differences: [], matches: returned.error === null, logged, undocumented }
  // Fields the page does not document are taken as returned, so only documented ones can differ.
  const differences = compareResults({ ...returned, ...example.expected }, returned)
  return { returned, differences, matches: differences.length === 0, logged, undocumented }
}
