/**
 * The platform API's persistent state (page feedback, signed-out tokens) lives in Postgres:
 * embedded PGlite in a folder by default, or a PostgreSQL server when a database URL is set, so
 * several API processes on several machines can share it. Both run the same SQL and migrations.
 */
import { migrate } from './migrations'
import { openPgliteDatabase } from './pglite-database'
import { openPostgresDatabase } from './postgres-database'
import { StoreError } from './store-error'

export { StoreError } from './store-error'
export { describeDatabaseUrl } from './postgres-database'

export interface Queryable {
  /** Runs one statement with `$1`, `$2` ... parameters and returns its rows. */
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: every statement of it or none. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export type DatabaseLocation = { databaseUrl: string } | { dataDir: string }

/** Opens the database and brings its schema up to date. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  const database =
    'databaseUrl' in location
      ? await openPostgresDatabase(location.databaseUrl)
      : await openPgliteDatabase(location.dataDir)
  try {
    await migrate(database)
  } catch (error) {
    await database.close().catch(() => {})
    throw new StoreError(`cannot migrate the ${database.kind} database: ${(error as Error).message}`, {
      cause: error,
    })
  }
  return database
}
