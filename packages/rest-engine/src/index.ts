/**
 * A PostgREST 12.2 server in a function: give it a Postgres client (PGlite) and it answers
 * `/rest/v1/...` requests with PostgREST's status, headers and body, errors included.
 *
 *   const handle = createRestHandler(db, { aggregatesEnabled: true })
 *   const response = await handle(new Request('http://localhost/rest/v1/books?select=title'))
 *   createClient(url, key, { global: { fetch: (input, init) => handle(new Request(input, init)) } })
 */
export { createRestHandler, statementFor, type RestEngineOptions, type RestHandler } from './app'
export { readSchemaCache, type SchemaCache, type SqlClient } from './schema-cache'
export { type ErrorBody } from './errors'
export { type JwtOptions } from './auth'

/** The PostgREST version whose behaviour the engine follows: what the CLI 1.187 local stack runs. */
export const POSTGREST_VERSION = '12.2'
