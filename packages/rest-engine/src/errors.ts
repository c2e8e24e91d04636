/**
 * PostgREST's errors: its own (`PGRST...`, with the HTTP status `Error.hs` gives each) and the
 * database's, whose SQLSTATE decides the status (`pgErrorStatus` in `Error.hs`). Both answer
 * with the body `{ code, details, hint, message }`.
 */

export interface ErrorBody {
  code: string
  details: string | null | unknown
  hint: string | null
  message: string
}

/** An error PostgREST answers with; thrown inside the engine and turned into a response at its edge. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** Headers the error answers with (`WWW-Authenticate` for the JWT errors and a 401). */
    readonly headers: [string, string][] = [],
    /** The status line's reason phrase when it is not the status's own (a `PTxyz` error's message). */
    readonly statusText?: string,
  ) {
    super(body.message)
  }
}

export function pgrstError(
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: string | null = null,
): RestError {
  return new RestError(status, { code, details, hint, message })
}

/** A query-string fault: PGRST100, with the parser's explanation in `details`. */
export function queryParamError(message: string, details: string): RestError {
  return pgrstError(400, 'PGRST100', message, details)
}

export function invalidBody(message: string): RestError {
  return pgrstError(400, 'PGRST102', message)
}

/**
 * HTTP status of a database error, by SQLSTATE (`pgErrorStatus`, PostgREST 12.2 `Error.hs`).
 * `authenticated` is whether the request ran as a role other than the anonymous one: a missing
 * privilege (42501) is then 403, and 401 otherwise.
 */
export function statusOfSqlState(code: string, message: string, authenticated = false): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
    '42P01': 404,
    '42P17': 500,
  }
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404
  if (code === '42501') return authenticated ? 403 : 401
  if (exact[code] !== undefined) return exact[code]
  const byClass: [prefix: string, status: number][] = [
    ['08', 503],
    ['09', 500],
    ['0L', 403],
    ['0P', 403],
    ['25', 500],
    ['28', 403],
    ['2D', 500],
    ['38', 500],
    ['39', 500],
    ['3B', 500],
    ['40', 500],
    ['53', 503],
    ['54', 500],
    ['55', 500],
    ['57', 500],
    ['58', 500],
    ['F0', 500],
    ['HV', 500],
    ['P0', 500],
    ['XX', 500],
  ]
  for (const [prefix, status] of byClass) if (code.startsWith(prefix)) return status
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2))
    // A fetch Response takes 200 to 599 only; PostgREST would also send 1xx and 6xx-9xx.
    return Number.isInteger(status) && status >= 200 && status <= 599 ? status : 500
  }
  return 400
}

interface DatabaseErrorLike {
  code?: unknown
  message?: unknown
  detail?: unknown
  hint?: unknown
}

/**
 * A database error as PostgREST answers it; anything else is rethrown as it is. A `PTxyz` code
 * puts the error's message in the status line (`HTTP.mkStatus <$> readMaybe n <*> pure m`), and a
 * 401 asks for a token (`WWW-Authenticate: Bearer`, the `PgError` headers in `Error.hs`).
 */
export function fromDatabaseError(error: unknown, authenticated = false): RestError {
  const candidate = error as DatabaseErrorLike
  if (error instanceof Error && typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
    const code = candidate.code
    const message = String(candidate.message)
    if (code === 'PGRST')
      return raisedPgrst(message, typeof candidate.detail === 'string' ? candidate.detail : null)
    const status = statusOfSqlState(code, message, authenticated)
    const customStatus = code.startsWith('PT') && status === Number(code.slice(2))
    return new RestError(
      status,
      {
        code,
        details: typeof candidate.detail === 'string' ? candidate.detail : null,
        hint: typeof candidate.hint === 'string' ? candidate.hint : null,
        message,
      },
      status === 401 ? [['WWW-Authenticate', 'Bearer']] : [],
      customStatus ? message : undefined,
    )
  }
  throw error
}

/**
 * `raise sqlstate 'PGRST'` (`parseRaisePGRST` in `Error.hs`): the message is the error body as
 * JSON (`code` and `message`, optional `details` and `hint`) and the detail the answer's `status`,
 * `headers` and optional `status_text`; either unreadable is PGRST121.
 */
function raisedPgrst(message: string, detail: string | null): RestError {
  const parse = (text: string): Record<string, unknown> | undefined => {
    try {
      const value: unknown = JSON.parse(text)
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined
    } catch {
      return undefined
    }
  }
  const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string'
  const parseError = (details: string, hint: string) =>
    pgrstError(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, details, hint)
  const messageHint =
    "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'."
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."
  const body = parse(message)
  if (
    !body ||
    typeof body['code'] !== 'string' ||
    typeof body['message'] !== 'string' ||
    !optionalText(body['details']) ||
    !optionalText(body['hint'])
  ) {
    return parseError(`Invalid JSON value for MESSAGE: '${message}'`, messageHint)
  }
  if (detail === null) return parseError('DETAIL is missing in the RAISE statement', detailHint)
  const answer = parse(detail)
  const headers = answer?.['headers']
  if (
    !answer ||
    !Number.isInteger(answer['status']) ||
    !optionalText(answer['status_text']) ||
    typeof headers !== 'object' ||
    headers === null ||
    Array.isArray(headers) ||
    !Object.values(headers).every((value) => typeof value === 'string')
  ) {
    return parseError(`Invalid JSON value for DETAIL: '${detail}'`, detailHint)
  }
  const wanted = answer['status'] as number
  // A fetch Response takes 200 to 599 only.
  const status = wanted >= 200 && wanted <= 599 ? wanted : 500
  return new RestError(
    status,
    {
      code: body['code'],
      message: body['message'],
      details: (body['details'] as string | undefined) ?? null,
      hint: (body['hint'] as string | undefined) ?? null,
    },
    Object.entries(headers as Record<string, string>),
    (answer['status_text'] as string | null | undefined) ?? undefined,
  )
}
