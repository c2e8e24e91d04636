/**
 * Runs both sides on a Postgres client (PGlite in the page and the tests): the reader's SQL, and
 * the SQL a request compiles to, each in a transaction that is rolled back, with sequences put
 * back, so the sample data never changes. Rows come back as ordered key/value entries, so
 * duplicate keys (two `id` columns) survive the trip through JSON.
 */
import type { HttpHeader, JsonValue } from '../model'
import type { CompiledRequest } from './compile'
import type { SqlClient } from './schema-info'

export type RowEntries = [key: string, value: JsonValue][]

export type SqlRun = { ok: true; rows: RowEntries[]; tableAfter?: string } | { ok: false; message: string }

export type RestRun =
  | {
      ok: true
      status: number
      headers: HttpHeader[]
      /** The response body as PostgREST would send it ('' for HEAD and writes without representation). */
      body: string
      rows: RowEntries[]
      /** The total row count, when the request asked for it. */
      total?: number
      tableAfter?: string
    }
  | { ok: false; message: string }

interface SequenceState {
  name: string
  last_value: string | null
  start: string
}

async function inRolledBackTransaction<T>(db: SqlClient, work: () => Promise<T>): Promise<T> {
  // Sequences ignore ROLLBACK: read them first and set them back afterwards.
  const sequences = await db.query<SequenceState>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value, start_value::text as start from pg_sequences`,
  )
  await db.exec('begin')
  try {
    return await work()
  } finally {
    await db.exec('rollback')
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
async function entries(db: SqlClient, body: string): Promise<RowEntries[]> {
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

async function snapshot(db: SqlClient, table: string): Promise<string> {
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
    return await inRolledBackTransaction(db, async () => {
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
    })
  } catch (error) {
    return { ok: false, message: message(error) }
  }
}

/** Runs a compiled request and returns what PostgREST would answer. */
export async function runCompiled(db: SqlClient, compiled: CompiledRequest, offset = 0): Promise<RestRun> {
  try {
    return await inRolledBackTransaction(db, async () => {
      const result = await db.query<{ body: string; total: string | number | null }>(
        compiled.sql,
        compiled.params,
      )
      const row = result.rows[0]!
      const rows = compiled.write && !compiled.write.returnsRows ? [] : await entries(db, row.body)
      const total = row.total === null ? undefined : Number(row.total)
      const headers: HttpHeader[] = []
      let body = row.body
      let status = 200
      if (compiled.write) {
        status = compiled.write.status
        if (!compiled.write.returnsRows) body = ''
        headers.push({
          name: 'Content-Range',
          value: compiled.write.returnsRows && rows.length > 0 ? `0-${rows.length - 1}/*` : '*/*',
        })
      } else {
        const counted = compiled.counted ? total : undefined
        const range = rows.length > 0 ? `${offset}-${offset + rows.length - 1}` : '*'
        headers.push({ name: 'Content-Range', value: `${range}/${counted ?? '*'}` })
        if (counted !== undefined && rows.length < counted && !compiled.headOnly) status = 206
      }
      if (compiled.scalarFunction !== undefined) {
        const value = rows[0]?.[0]?.[1] ?? null
        body = JSON.stringify(value)
      }
      if (compiled.headOnly) body = ''
      if (body !== '') headers.unshift({ name: 'Content-Type', value: 'application/json; charset=utf-8' })
      const run: RestRun = { ok: true, status, headers, body, rows }
      if (compiled.counted && total !== undefined) run.total = total
      if (compiled.write) run.tableAfter = await snapshot(db, compiled.write.table)
      return run
    })
  } catch (error) {
    return { ok: false, message: message(error) }
  }
}
