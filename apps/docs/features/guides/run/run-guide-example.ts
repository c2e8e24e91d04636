/**
 * Runs a compiled guide example (`guide-examples.generated.ts`) as a reader's app would: the real
 * supabase-js, its `fetch` answered by the platform in the page (`@docs/page-platform`: the auth,
 * REST and storage engines behind the gateway's routes, each request as the role its token names),
 * over a fresh database on which the page's SQL has run. Used by the Node test and by the page's
 * worker.
 */
import type { PGliteInterface } from '@electric-sql/pglite'
import { createPagePlatform } from '@docs/page-platform'
import { readSchemaCache, type SchemaCache } from '@docs/rest-engine'
import { EXAMPLE_USER_EMAIL } from '@docs/pglite-platform/example-keys'
import { compareResults, platformClient, runOnClient, type ShownOutcome } from '@/features/reference/runner'
import type { GuideExample } from './guide-example'

/**
 * Schema caches by the SQL that made the database: the cache holds names only and the same SQL
 * makes the same tables, so it is read once (that read is most of a warm run).
 */
export type SchemaCaches = Map<string, SchemaCache>

/**
 * `db` must be fresh: a platform database (roles, `auth`, `storage`) with the example user. Storage
 * objects' bytes live in the platform's memory, so they go with it when the run ends.
 */
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
  const platform = await createPagePlatform(db, { rest: { ...example.api, schemaCache } })
  const client = platformClient(
    platform,
    example.client === 'service-role' ? platform.serviceRoleKey : platform.anonKey,
  )
  if (example.client === 'signed-in') await signInExampleUser(client, platform)
  const { returned, failure, logged } = await runOnClient(client, example.run)
  const undocumented = example.expected === undefined
  if (!returned) return { failure, differences: [], matches: false, logged, undocumented }
  if (!example.expected)
    return { returned, differences: [], matches: returned.error === null, logged, undocumented }
  // Fields the page does not document are taken as returned, so only documented ones can differ.
  const differences = compareResults({ ...returned, ...example.expected }, returned)
  return { returned, differences, matches: differences.length === 0, logged, undocumented }
}

/**
 * Signs the example user in with the one-time code the auth engine e-mails: the account has no
 * password, and a code costs no password hashing in the page.
 */
async function signInExampleUser(
  client: ReturnType<typeof platformClient>,
  platform: Awaited<ReturnType<typeof createPagePlatform>>,
): Promise<void> {
  const sent = await client.auth.signInWithOtp({
    email: EXAMPLE_USER_EMAIL,
    options: { shouldCreateUser: false },
  })
  const token = platform.inbox.latest(EXAMPLE_USER_EMAIL)?.token
  if (sent.error || !token) throw new Error(`Could not sign ${EXAMPLE_USER_EMAIL} in: ${sent.error?.message}`)
  const { error } = await client.auth.verifyOtp({ email: EXAMPLE_USER_EMAIL, token, type: 'email' })
  if (error) throw new Error(`Could not sign ${EXAMPLE_USER_EMAIL} in: ${error.message}`)
}
