import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createPlatformDb } from '@docs/pglite-platform'
import type { PGlite } from '@electric-sql/pglite'
import { extractFromMdx } from '@/features/code-samples'
import { docsRoot } from '@/lib/repo-paths'

/** The runnable SQL blocks of a guide (`storage/uploads.mdx`), in page order. */
export function runnableSqlOf(guide: string): string[] {
  const file = path.join(docsRoot(), 'content', 'guides', guide)
  const blocks = extractFromMdx(file, readFileSync(file, 'utf8'))
    .filter((sample) => sample.lang === 'sql' && sample.runnable)
    .map((sample) => sample.code)
  if (blocks.length === 0) throw new Error(`${guide} has no runnable SQL`)
  return blocks
}

/**
 * A platform database in the state a reader reaches by running a guide's runnable SQL in order,
 * as the database owner (as a migration runs). Tests then act as each API role on it, so they
 * prove what the page's policies allow without a copy of the SQL that could drift from the page.
 */
export async function databaseAfterGuide(guide: string): Promise<PGlite> {
  const db = await createPlatformDb()
  for (const sql of runnableSqlOf(guide)) await db.exec(sql)
  return db
}
