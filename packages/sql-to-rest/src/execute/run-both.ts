/**
 * One call for a page or a test: run the reader's SQL and the request it translated to on the
 * same database, and say whether the rows agree.
 */
import type { RequestModel } from '../model'
import { compareRows, type RowComparison } from './compare'
import { compileRequest, relationSql } from './compile'
import { runCompiled, runSql, type RestRun, type SqlRun } from './run'
import type { SchemaInfo, SqlClient } from './schema-info'

export interface BothSides {
  /** The reader's SQL; absent when the request was written by hand (the REST to SQL direction). */
  sql?: SqlRun
  rest: RestRun
  /** The SQL PostgREST would run for the request ('' when it could not be compiled). */
  compiledSql: string
  /** Present when both sides ran and return rows. */
  comparison?: RowComparison
  /** `count(*)` alone: whether the count in Content-Range equals the SQL's single value. */
  countMatches?: boolean
}

export async function runBothSides(
  db: SqlClient,
  schema: SchemaInfo,
  request: RequestModel,
  sql?: string,
): Promise<BothSides> {
  const operation = request.operation
  const compiled = compileRequest(request, schema)
  if (!compiled.ok) {
    return {
      rest: { ok: false, message: `${compiled.error.message} ${compiled.error.hint}` },
      compiledSql: '',
    }
  }
  const offset = operation.kind === 'select' || operation.kind === 'rpc' ? (operation.offset ?? 0) : 0
  const rest = await runCompiled(db, compiled.compiled, offset)
  const result: BothSides = { rest, compiledSql: compiled.compiled.sql }
  if (sql === undefined) return result

  const isWrite = operation.kind === 'insert' || operation.kind === 'update' || operation.kind === 'delete'
  result.sql = await runSql(db, sql, {
    returnsRows: !isWrite || operation.returning !== undefined,
    ...(isWrite ? { table: relationSql(operation.relation) } : {}),
  })
  if (!result.sql.ok || !rest.ok) return result
  if (operation.kind === 'select' && operation.countOnly) {
    result.countMatches = rest.total === Number(result.sql.rows[0]?.[0]?.[1])
  } else {
    result.comparison = compareRows(result.sql.rows, rest.rows, compiled.compiled.toManySpreads)
    if (isWrite && rest.tableAfter !== result.sql.tableAfter) {
      result.comparison = { ...result.comparison, verdict: 'differs' }
    }
  }
  return result
}
