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
}

export const RPC_ADVICE =
  'Put the query in a Postgres function and call it through the RPC endpoint (POST /rpc/<function>).'

/** Thrown inside the translator and caught at its boundary: callers only ever see values. */
export class TranslationFailure extends Error {
  constructor(readonly error: TranslateError) {
    super(error.message)
    this.name = 'TranslationFailure'
  }
}

export function unsupported(message: string, hint: string = RPC_ADVICE, position?: number): never {
  throw new TranslationFailure(withPosition({ kind: 'unsupported', message, hint }, position))
}

export function unimplemented(message: string, hint: string, position?: number): never {
  throw new TranslationFailure(withPosition({ kind: 'unimplemented', message, hint }, position))
}

function withPosition(error: TranslateError, position: number | undefined): TranslateError {
  return position === undefined || position < 0 ? error : { ...error, position }
}
