/**
 * GoTrue's three kinds of error answers (internal/api/errors.go) and how each is written for the
 * API version the client asked for (X-Supabase-Api-Version; apiversions.go).
 */

/** An error with an HTTP status, a machine-readable code and a message (`HTTPError`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message)
  }
}

/** OAuth2's error shape, which the token endpoint uses: always 400 (`OAuthError`). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description)
  }
}

/** A password that fails the strength rules: 422 with the reasons (`WeakPasswordError`). */
export class WeakPasswordError extends Error {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(message)
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message)
export const forbidden = (code: string, message: string) => new HttpError(403, code, message)
export const notFound = (code: string, message: string) => new HttpError(404, code, message)
export const unprocessable = (code: string, message: string) => new HttpError(422, code, message)
export const tooManyRequests = (code: string, message: string) => new HttpError(429, code, message)
export const internalError = (message: string) => new HttpError(500, 'unexpected_failure', message)

export const API_VERSION_HEADER = 'X-Supabase-Api-Version'
const API_VERSION_2024_01_01 = '2024-01-01'

/**
 * The API version a request asked for: the newest known one on or before the date it sent, or
 * none (the initial version) for no header, an earlier date or a header that is not a date.
 */
export function requestedApiVersion(request: Request): string | null {
  const header = request.headers.get(API_VERSION_HEADER)
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return null
  const date = new Date(`${header}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== header) return null
  return header >= API_VERSION_2024_01_01 ? API_VERSION_2024_01_01 : null
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

/** The response GoTrue writes for an error, for the API version of the request. */
export function errorResponse(error: unknown, apiVersion: string | null): Response {
  const headers: Record<string, string> = apiVersion ? { [API_VERSION_HEADER]: apiVersion } : {}
  if (error instanceof WeakPasswordError) {
    const payload = error.reasons.length > 0 ? { weak_password: { reasons: error.reasons } } : {}
    const body = apiVersion
      ? { code: 'weak_password', message: error.message, ...payload }
      : { code: 422, error_code: 'weak_password', msg: error.message, ...payload }
    return jsonResponse(422, body, headers)
  }
  if (error instanceof HttpError) {
    const code = error.errorCode || (error.status === 500 ? 'unexpected_failure' : 'unknown')
    // A server error names the request's id (GoTrue makes one per request) in the initial shape.
    const body = apiVersion
      ? { code, message: error.message }
      : {
          code: error.status,
          error_code: code,
          msg: error.message,
          ...(error.status >= 500 ? { error_id: crypto.randomUUID() } : {}),
        }
    return jsonResponse(error.status, body, headers)
  }
  if (error instanceof OAuthError) {
    const body = error.description
      ? { error: error.error, error_description: error.description }
      : { error: error.error }
    return jsonResponse(400, body, headers)
  }
  const message = 'Unexpected failure, please check server logs for more information'
  const body = apiVersion
    ? { code: 'unexpected_failure', message }
    : { code: 500, error_code: 'unexpected_failure', msg: message }
  return jsonResponse(500, body, headers)
}
