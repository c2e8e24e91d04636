import type { PostgrestErrorBody, RequestModel } from '@docs/postgrest-request'

/** What went wrong, from the reader's point of view. */
export type TranslateErrorKind =
  /** The text is not valid PostgreSQL. */
  | 'parse'
  /** Valid SQL with no PostgREST equivalent. */
  | 'unsupported'
  /** PostgREST could express it, but this translator does not yet. */
  | 'unimplemented'
  /** One output language cannot express a valid request. */
  | 'render'

export interface TranslateError {
  kind: TranslateErrorKind
  message: string
  hint: string
  /** Zero-based character offset in the SQL text, when the fault has a place. */
  position?: number
  /** A way around the refusal, built from the reader's own statement. */
  advice?: Advice
  /**
   * For a request PostgREST refuses: the code of its error (`PGRST100` for the query-string
   * grammar, `PGRST102` for the body, ...; a Postgres SQLSTATE such as `22P02` when the database
   * would refuse it).
   */
  code?: string
  /** How PostgREST 12.2 answers the same request: the HTTP status and its JSON error body. */
  postgrest?: PostgrestErrorBody
}

/**
 * What to do instead, as code: the statement rewritten so that it translates, or a view or
 * function to create once and the request that then reads or calls it.
 */
export interface Advice {
  /** The reader's statement, rewritten; it translates. */
  rewrite?: string
  /** SQL to run once in the database: a view or a function holding the statement. */
  create?: string
  /** The request that reads the view or calls the function `create` makes. */
  call?: RequestModel
}

/**
 * How the translator's boundary should build the advice, once it has the statement text:
 * `hold-query` puts the statement in a view (reads) or a function (writes, several statements);
 * `comma-join` rewrites `from a, b where a.x = b.y` as a JOIN; `wrap-cast` puts parentheses
 * around a JSON path whose cast Postgres binds to the key.
 */
export type Remedy =
  | { kind: 'hold-query' }
  | { kind: 'comma-join' }
  | { kind: 'wrap-cast'; start: number; castAt: number; type: string }

/** Thrown inside the translator and caught at its boundary: callers only ever see values. */
export class TranslationFailure extends Error {
  constructor(
    readonly error: TranslateError,
    readonly remedy?: Remedy,
  ) {
    super(error.message)
    this.name = 'TranslationFailure'
  }
}

/**
 * Refuses the statement. Without a hint of its own, the refusal's advice is to hold the statement
 * in a view or a function, built from the reader's SQL at the boundary.
 */
export function unsupported(message: string, hint?: string, position?: number): never {
  const error = withPosition({ kind: 'unsupported', message, hint: hint ?? '' }, position)
  throw new TranslationFailure(error, hint === undefined ? { kind: 'hold-query' } : undefined)
}

/** Refuses the statement and names the way around it; a hint of its own replaces the remedy's. */
export function unsupportedWith(message: string, remedy: Remedy, position?: number, hint = ''): never {
  throw new TranslationFailure(withPosition({ kind: 'unsupported', message, hint }, position), remedy)
}

export function unimplemented(message: string, hint: string, position?: number): never {
  throw new TranslationFailure(withPosition({ kind: 'unimplemented', message, hint }, position))
}

function withPosition(error: TranslateError, position: number | undefined): TranslateError {
  return position === undefined || position < 0 ? error : { ...error, position }
}
