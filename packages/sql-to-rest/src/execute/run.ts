/**
 * Runs the reader's SQL on a Postgres client (PGlite in the page and the tests) in a transaction
 * that is rolled back, with sequences put back, so the sample data never changes. Rows come back
 * as ordered key/value entries, so duplicate keys (two `id` columns) survive the trip through JSON.
 */
import type { JsonValue } from '@docs/postgrest-request'

/** The smallest part of a Postgres client the runner needs: PGlite and node-postgres both fit. */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<unknown>
}

export type RowEntries = [key: string, value: JsonValue][]

export type SqlRun = { ok: true; rows: RowEntries[]; tableAfter?: string } | { ok: false; message: string }

interface SequenceState {
  name: string
  last_value: string | null
  start: string
}

/** Sequences ignore ROLLBACK: read them before some work, and set them back after it. */
export async function keepingSequences<T>(db: SqlClient, work: () => Promise<T>): Promise<T> {
  const sequences = await db.query<SequenceState>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value, start_value::text as start from pg_sequences`,
  )
  try {
    return await work()
  } finally {
    for (const sequence of sequences.rows) {
      await db.query('select setval($1::regclass, $2::bigint, $3)', [
        sequence.name,
        sequence.last_value ?? sequence.start,
        sequence.last_value !== null,
      ])
    }
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Decodes a JSON array of objects into entries, in Postgres, which keeps duplicate keys. */
export async function entries(db: SqlClient, body: string): Promise<RowEntries[]> {
  const result = await db.query<{ n: number; key: string | null; value: JsonValue }>(
    `select a.n::int as n, e.key, e.value
     from json_array_elements($1::json) with ordinality a(v, n)
     left join lateral json_each(case when json_typeof(a.v) = 'object' then a.v else '{}' end) with ordinality e(key, value, k) on true
     order by a.n, e.k`,
    [body],
  )
  const rows: RowEntries[] = []
  for (const row of result.rows) {
    while (rows.length < row.n) rows.push([])
    if (row.key !== null) rows[row.n - 1]!.push([row.key, row.value])
  }
  return rows
}

/** A table's rows as canonical JSON text, to compare what two writes left behind. */
export async function snapshot(db: SqlClient, table: string): Promise<string> {
  const result = await db.query<{ rows: string }>(
    `select coalesce(json_agg(_t order by _t::text), '[]')::text as rows from ${table} _t`,
  )
  return result.rows[0]!.rows
}

export interface SqlRunOptions {
  /** SELECT, or a write with RETURNING. */
  returnsRows: boolean
  /** For a write: the table to read back inside the transaction. */
  table?: string
}

/** Runs the reader's statement and returns its rows. */
export async function runSql(db: SqlClient, sql: string, options: SqlRunOptions): Promise<SqlRun> {
  const statement = sql.trim().replace(/;\s*$/, '')
  try {
    return await keepingSequences(db, async () => {
      await db.exec('begin')
      try {
        let rows: RowEntries[] = []
        if (options.returnsRows) {
          const result = await db.query<{ body: string }>(
            `with _q as (\n${statement}\n) select coalesce(json_agg(_q), '[]')::text as body from _q`,
          )
          rows = await entries(db, result.rows[0]!.body)
        } else await db.query(statement)
        const run: SqlRun = { ok: true, rows }
        if (options.table !== undefined) run.tableAfter = await snapshot(db, options.table)
        return run
      } finally {
        await db.exec('rollback')
      }
    })
  } catch (error) {
    return { ok: false, message: message(error) }
  }
}
