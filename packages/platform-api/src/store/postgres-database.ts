/** A PostgreSQL server through a connection pool (node-postgres), for API processes that share data. */
import pg from 'pg'
import type { Database } from './database'
import { StoreError } from './store-error'

/** Where a database URL points, without its password, for logs and errors. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl)
    url.password = ''
    return url.href
  } catch {
    return 'a PostgreSQL server'
  }
}

export async function openPostgresDatabase(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 })
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`platform-api: database connection lost: ${error.message}`))
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new StoreError(
      `cannot connect to ${describeDatabaseUrl(databaseUrl)}: ${(error as Error).message}`,
      {
        cause: error,
      },
    )
  }
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as Row[]
    },
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await work({
          query: async <Row>(sql: string, params: unknown[] = []) =>
            (await client.query(sql, params)).rows as Row[],
        })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
