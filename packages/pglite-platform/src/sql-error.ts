import { messages } from '@electric-sql/pglite'

/** What Postgres said when it refused a statement, as a plain value. */
export interface SqlError {
  /** SQLSTATE, for example `23514` (check violation) or `42501` (insufficient privilege). */
  code: string
  message: string
  constraint?: string
  table?: string
  detail?: string
  hint?: string
}

export type SqlOutcome<T> = { ok: true; value: T } | { ok: false; error: SqlError }

/** Turns an error thrown by PGlite into a `SqlError`; anything else gives `null`. */
export function toSqlError(error: unknown): SqlError | null {
  if (!(error instanceof messages.DatabaseError)) return null
  return {
    code: error.code ?? 'XX000',
    message: error.message,
    ...(error.constraint ? { constraint: error.constraint } : {}),
    ...(error.table ? { table: error.table } : {}),
    ...(error.detail ? { detail: error.detail } : {}),
    ...(error.hint ? { hint: error.hint } : {}),
  }
}

/**
 * Runs `run` and reports a database refusal as a value instead of a throw. Errors that do not
 * come from Postgres (bugs in the caller) are thrown on.
 */
export async function attemptSql<T>(run: () => Promise<T>): Promise<SqlOutcome<T>> {
  try {
    return { ok: true, value: await run() }
  } catch (error) {
    const sqlError = toSqlError(error)
    if (sqlError === null) throw error
    return { ok: false, error: sqlError }
  }
}
