/**
 * The storage API's errors and how they reach the client, as storage-api v1.0.6 answers them
 * (`src/storage/errors.ts`, `src/http/error-handler.ts`, `src/storage/database/knex.ts`).
 *
 * A handled error answers with HTTP 400 (500 for a server fault), whatever its own status: the
 * status the error stands for travels in the body's `statusCode`, as a string. Every route
 * serialises 4xx bodies through the same schema (`statusCode`, `error`, `message`), so the `code`
 * the error carries reaches the client only on a 500.
 */

export type StorageErrorCode =
  | 'NoSuchBucket'
  | 'NoSuchKey'
  | 'InvalidJWT'
  | 'InvalidRequest'
  | 'EntityTooLarge'
  | 'InternalError'
  | 'ResourceAlreadyExists'
  | 'InvalidBucketName'
  | 'InvalidKey'
  | 'InvalidMimeType'
  | 'KeyAlreadyExists'
  | 'BucketAlreadyExists'
  | 'InvalidSignature'
  | 'AccessDenied'
  | 'ResourceLocked'
  | 'DatabaseError'

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    /** The status the error stands for (the body's `statusCode`). */
    readonly httpStatusCode: number,
    message: string,
    /** The body's `error` when the error names one; otherwise the code. */
    readonly errorName?: string,
  ) {
    super(message)
    this.name = 'StorageError'
  }
}

/** The catalogue of storage-api's `ERRORS`, for the cases the engine meets. */
export const errors = {
  bucketNotEmpty: () =>
    new StorageError('InvalidRequest', 409, 'The bucket you tried to delete is not empty'),
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  invalidJwt: (message: string) => new StorageError('InvalidJWT', 400, message || 'Invalid JWT'),
  accessDenied: (message: string) =>
    new StorageError('AccessDenied', 403, message || 'Access denied', 'Unauthorized'),
  resourceAlreadyExists: () =>
    new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  invalidSignature: () => new StorageError('InvalidSignature', 400, 'Invalid signature'),
  expiredSignature: () => new StorageError('InvalidSignature', 400, 'Expired signature'),
  invalidMimeType: (mimeType: string) =>
    new StorageError('InvalidMimeType', 415, `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  entityTooLarge: () =>
    new StorageError(
      'EntityTooLarge',
      413,
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidBucketName: () => new StorageError('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidFileSizeLimit: () =>
    new StorageError('InvalidRequest', 400, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${key}`),
  keyAlreadyExists: () =>
    new StorageError('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError('BucketAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  noContentProvided: () => new StorageError('InvalidRequest', 400, 'No content provided'),
  relatedResourceNotFound: () =>
    new StorageError('InvalidRequest', 404, 'The related resource does not exist'),
  resourceLocked: () => new StorageError('ResourceLocked', 423, 'The resource is locked'),
  databaseError: (message: string) => new StorageError('DatabaseError', 500, message),
}

/**
 * A request fastify refuses before the route runs (schema validation): its error handler answers
 * with the error's own status and the `Error` name that fastify's validation errors carry.
 */
export class RequestValidationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RequestValidationError'
  }
}

/** A refusal by Postgres, mapped as `DBError.fromDBError` maps it. */
export function fromDatabaseError(error: { code?: string; message: string }): StorageError {
  switch (error.code) {
    case '42501':
      return errors.accessDenied('new row violates row-level security policy')
    case '23505':
      return errors.resourceAlreadyExists()
    case '23503':
      return errors.relatedResourceNotFound()
    case '55P03':
      return errors.resourceLocked()
    default:
      return errors.databaseError(error.message)
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

/** The response storage-api's error handler gives for anything a route throws. */
export function errorResponse(error: unknown): Response {
  if (error instanceof StorageError) {
    const status = error.httpStatusCode === 500 ? 500 : 400
    const error_ = error.errorName ?? error.code
    const body =
      status === 500
        ? { statusCode: '500', code: error.code, error: error_, message: error.message }
        : { statusCode: String(error.httpStatusCode), error: error_, message: error.message }
    return json(status, body)
  }
  if (error instanceof RequestValidationError) {
    return json(400, { statusCode: '400', error: 'Error', message: error.message })
  }
  return json(500, { statusCode: '500', error: 'Internal', message: 'Internal Server Error' })
}

/** The JWT plugin's answer to a token it cannot verify (`src/http/plugins/jwt.ts`). */
export function invalidTokenResponse(message: string): Response {
  return json(400, { statusCode: '400', error: message, message })
}

/** Fastify's answer when no route matches. */
export function routeNotFoundResponse(method: string, url: string): Response {
  return json(404, { message: `Route ${method}:${url} not found`, error: 'Not Found', statusCode: 404 })
}

export { json }
