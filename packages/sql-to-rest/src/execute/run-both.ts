/**
 * One call for a page or a test: run the reader's SQL and the request it translated to on the
 * same database, and say whether the answers agree. The REST side is any fetch-compatible
 * PostgREST handler (the REST engine over PGlite); this package does not depend on it.
 */
import type { RequestModel } from '@docs/postgrest-request'
import { compareRows, type RowComparison } from './compare'
import { fetchRequest } from './fetch-request'
import {
  entries,
  keepingSequences,
  runSql,
  snapshot,
  type RowEntries,
  type SqlClient,
  type SqlRun,
} from './run'

/** A fetch-compatible PostgREST handler. */
export type RestHandler = (request: Request) => Promise<Response>

export interface RestResponse {
  status: number
  /** The reason phrase the handler sent (`Requested Range Not Satisfiable`), as clients see it. */
  statusText: string
  headers: [name: string, value: string][]
  /** The body as sent ('' for none). */
  body: string
  /** The rows of a JSON array body; empty otherwise. */
  rows: RowEntries[]
  /** PostgREST refused the request: the body is its error `{ code, details, hint, message }`. */
  error?: { code: string; message: string; details: unknown; hint: unknown }
  /** The table after a write, read inside the write's transaction (see `TableSnapshots`). */
  tableAfter?: string
}

export type RestRun = ({ ok: true } & RestResponse) | { ok: false; message: string }

export interface BothSides {
  /** The reader's SQL; absent when the request was written by hand (the REST to SQL direction). */
  sql?: SqlRun
  rest: RestRun
  /** Present when both sides ran and the REST side answered with rows. */
  comparison?: RowComparison
  /** `count(*)` alone: whether the count in Content-Range equals the SQL's single value. */
  countMatches?: boolean
}

/**
 * Reads the table a write changed before its transaction ends: pass `inspect` to the engine
 * (`createRestHandler(db, { transactionEnd: 'rollback', inspect: snapshots.inspect })`).
 */
export class TableSnapshots {
  private last: string | undefined

  readonly inspect = async (db: SqlClient, request?: Request): Promise<void> => {
    this.last = undefined
    if (!request || request.method === 'GET' || request.method === 'HEAD') return
    const table = writeTarget(request)
    if (table !== undefined) this.last = await snapshot(db, table)
  }

  /** The snapshot of the last write, once. */
  take(): string | undefined {
    const last = this.last
    this.last = undefined
    return last
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

function writeTarget(request: Request): string | undefined {
  const path = new URL(request.url).pathname
  const name = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1))
  if (path.includes('/rpc/') || name === '') return undefined
  const schema = request.headers.get('content-profile')
  return schema === null ? quoteIdent(name) : `${quoteIdent(schema)}.${quoteIdent(name)}`
}

function relationText(request: RequestModel): string {
  const relation = request.operation.relation
  return relation.schema === undefined
    ? quoteIdent(relation.name)
    : `${quoteIdent(relation.schema)}.${quoteIdent(relation.name)}`
}

/** Sends the request to the handler and reads its answer. */
export async function runRequest(
  db: SqlClient,
  rest: { handle: RestHandler; snapshots?: TableSnapshots },
  request: RequestModel,
): Promise<RestRun> {
  try {
    return await keepingSequences(db, async () => {
      const response = await rest.handle(fetchRequest(request))
      const body = await response.text()
      const headers = [...response.headers.entries()]
      const result: RestResponse = {
        status: response.status,
        statusText: response.statusText,
        headers,
        body,
        rows: [],
      }
      const tableAfter = rest.snapshots?.take()
      if (tableAfter !== undefined) result.tableAfter = tableAfter
      const type = response.headers.get('content-type') ?? ''
      if (response.status >= 400) {
        try {
          result.error = JSON.parse(body) as NonNullable<RestResponse['error']>
        } catch {
          result.error = { code: String(response.status), message: body, details: null, hint: null }
        }
      } else if (type.startsWith('application/json') && body !== '') {
        // A function returning one value or one row answers with it alone: compare it as one row.
        const trimmed = body.trimStart()
        const name = decodeURIComponent(new URL(fetchRequest(request).url).pathname.split('/').pop() ?? '')
        result.rows = await entries(
          db,
          trimmed.startsWith('[')
            ? body
            : trimmed.startsWith('{')
              ? `[${body}]`
              : JSON.stringify([{ [name]: JSON.parse(body) }]),
        )
      }
      return { ok: true, ...result }
    })
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}

export async function runBothSides(
  db: SqlClient,
  rest: { handle: RestHandler; snapshots?: TableSnapshots },
  request: RequestModel,
  sql?: string,
): Promise<BothSides> {
  const operation = request.operation
  const restRun = await runRequest(db, rest, request)
  const result: BothSides = { rest: restRun }
  if (sql === undefined) return result

  const isWrite = operation.kind === 'insert' || operation.kind === 'update' || operation.kind === 'delete'
  result.sql = await runSql(db, sql, {
    returnsRows: !isWrite || operation.returning !== undefined,
    ...(isWrite ? { table: relationText(request) } : {}),
  })
  if (!result.sql.ok || !restRun.ok || restRun.error) return result
  if (operation.kind === 'select' && operation.countOnly) {
    const total = /\/(\d+)$/.exec(restRun.headers.find(([name]) => name === 'content-range')?.[1] ?? '')?.[1]
    result.countMatches = total !== undefined && Number(total) === Number(result.sql.rows[0]?.[0]?.[1])
    return result
  }
  const ordered =
    (operation.kind === 'select' || operation.kind === 'rpc') &&
    operation.order.length > 0 &&
    operation.limit !== 1
  result.comparison = compareRows(result.sql.rows, restRun.rows, { ordered })
  if (isWrite && restRun.tableAfter !== result.sql.tableAfter) {
    result.comparison = { ...result.comparison, verdict: 'differs' }
  }
  return result
}
