/**
 * A request PostgREST refuses before it reaches the database, or one the request model cannot
 * hold. Faults are values: the reader of a request gets one instead of an exception.
 */
export interface RequestFaultBody {
  /** `parse`: PostgREST refuses it (its code says why); `unsupported`: PostgREST answers it, the model cannot hold it. */
  kind: 'parse' | 'unsupported'
  message: string
  hint: string
  /** PostgREST's error code (`PGRST100` for the query-string grammar, `PGRST102` for the body, ...). */
  code?: string
  /** How PostgREST 12.2 answers the same request: the HTTP status and its JSON error body. */
  postgrest?: PostgrestErrorBody
}

/** PostgREST's error response; a 404 for an unknown path has an empty body (no code). */
export interface PostgrestErrorBody {
  status: number
  message?: string
  details?: string | null
  hint?: string | null
}
