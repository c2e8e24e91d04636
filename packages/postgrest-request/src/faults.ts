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

/** A fault raised while reading a request; the readers turn it into a value (`ParseRequestResult`). */
export class RequestFault extends Error {
  constructor(readonly error: RequestFaultBody) {
    super(error.message)
  }
}

/** HTTP status of each PostgREST error code a reader of requests gives. */
const STATUS: Record<string, number> = {
  PGRST100: 400,
  PGRST101: 405,
  PGRST102: 400,
  PGRST103: 416,
  PGRST109: 400,
  PGRST114: 400,
  PGRST117: 405,
  '22P02': 400,
  '22023': 400,
}

/** A request PostgREST refuses: its code, a message for a reader, and PostgREST's own body. */
export function fault(
  code: string | undefined,
  message: string,
  hint: string,
  postgrest: { status?: number; message?: string; details?: string | null; hint?: string | null },
): never {
  const status = postgrest.status ?? STATUS[code ?? ''] ?? 400
  throw new RequestFault({
    kind: 'parse',
    message,
    hint,
    ...(code === undefined ? {} : { code }),
    postgrest:
      code === undefined
        ? { status }
        : {
            status,
            message: postgrest.message ?? '',
            details: postgrest.details ?? null,
            hint: postgrest.hint ?? null,
          },
  })
}
