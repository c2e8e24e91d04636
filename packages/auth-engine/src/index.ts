/**
 * A GoTrue v2.157.1 server in a function: give it the platform database (PGlite with
 * `@docs/pglite-platform`'s schema) and it answers `/auth/v1/...` as the CLI 1.187 stack's auth
 * service does, with the e-mails it would send kept in `handle.inbox`.
 *
 *   const handle = createAuthHandler(db, { enableAnonymousSignIns: true })
 *   createClient(url, anonKey, { global: { fetch: (input, init) => handle(new Request(input, init)) } })
 *   handle.inbox.latest('reader@example.com')?.token   // the code of the last e-mail to the reader
 */
export { createAuthHandler, GOTRUE_VERSION, type AuthHandler } from './app'
export { CLI_JWT_SECRET, type AuthEngineOptions, type AuthConfig } from './config'
export type { Inbox, InboxMessage, EmailActionType } from './mail'
export type { SqlClient, SqlRunner } from './db'
export { signJwt, verifyJwt } from './jwt'
export { totpCode } from './mfa'
export { apiKey } from './keys'
