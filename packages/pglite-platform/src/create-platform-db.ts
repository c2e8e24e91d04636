import { PGlite, type PGliteInterface, type PGliteOptions } from '@electric-sql/pglite'
import { platformSchemaSql } from './platform-schema'

/** Adds the platform stand-in (roles, `auth`, `storage`) to an existing database. */
export async function applyPlatformSchema(db: PGliteInterface): Promise<void> {
  await db.exec(platformSchemaSql)
}

/**
 * Starts an embedded Postgres with the platform stand-in applied. The connection is the
 * database owner (`postgres`), which is how migrations run on the platform; use `asRole` to run
 * statements as an API role. In memory unless `options.dataDir` says otherwise.
 */
export async function createPlatformDb(options: PGliteOptions = {}): Promise<PGlite> {
  const db = await PGlite.create(options)
  try {
    await applyPlatformSchema(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
