/**
 * The platform in the page: one `fetch` that answers a project's API the way the CLI 1.187 stack's
 * gateway routes it (`internal/start/templates/kong.yml`: `/auth/v1/` to GoTrue, `/rest/v1/` to
 * PostgREST, `/storage/v1/` to storage-api), with the auth, REST and storage engines over one
 * PGlite database. The keys are real JWTs signed with the project's secret, so each engine reads
 * the caller's role and claims from them, and row-level security sees `auth.uid()`.
 *
 * Requests run one after another: the engines share one connection, and a transaction of one
 * must not interleave with another's.
 */
import {
  apiKey,
  CLI_JWT_SECRET,
  createAuthHandler,
  type AuthEngineOptions,
  type AuthHandler,
  type Inbox,
  type SqlClient,
} from '@docs/auth-engine'
import { createRestHandler, type RestEngineOptions, type RestHandler } from '@docs/rest-engine'
import { createStorageHandler, type StorageHandlerOptions } from '@docs/storage-engine'
import type { PGliteInterface } from '@electric-sql/pglite'

/** The local stack's API URL (`[api] port = 54321`), what `supabase status` prints. */
export const LOCAL_API_URL = 'http://127.0.0.1:54321'

export interface PagePlatformOptions {
  /** The project URL clients are made with; requests to other origins are refused. */
  url?: string
  /** The project's JWT secret: signs the keys and the sessions. Default: the CLI's. */
  jwtSecret?: string
  /** The `[auth]` settings of `config.toml` (see `@docs/auth-engine`). */
  auth?: Omit<AuthEngineOptions, 'jwtSecret' | 'apiUrl'>
  /** The storage settings (see `@docs/storage-engine`). */
  storage?: Omit<StorageHandlerOptions, 'jwtSecret' | 'basePath'>
  /** PostgREST's settings; its roles always come from the JWT, as on the platform. */
  rest?: Omit<RestEngineOptions, 'anonRole' | 'jwt'>
  /**
   * The largest request body taken, in bytes: past it the gateway answers 413 before any engine
   * reads it, so one request cannot fill the page's memory. Default: storage's file size limit
   * plus room for a multipart envelope.
   */
  maxBodyBytes?: number
}

export interface PagePlatform {
  url: string
  /** The `anon` and `service_role` keys, as `supabase status` prints them for this secret. */
  anonKey: string
  serviceRoleKey: string
  /** Answers one request to the project, as `fetch` would. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>
  /** The e-mails the auth service sent (confirmations, magic links, codes, recovery). */
  inbox: Inbox
  /**
   * Runs `work` with the database between two requests (a migration, a seed), then lets the REST
   * engine read the schema again, as `NOTIFY pgrst, 'reload schema'` does.
   */
  withDatabase<T>(work: (db: PGliteInterface) => Promise<T>): Promise<T>
}

/** Kong's answer when no route matches. */
function noRoute(): Response {
  return Response.json({ message: 'no Route matched with those values' }, { status: 404 })
}

function tooLarge(limit: number): Response {
  return Response.json(
    { message: `Request size limit exceeded: the body is over ${limit} bytes` },
    { status: 413 },
  )
}

/** The body's size in bytes: from `Content-Length`, else read (and kept for the engine). */
async function sizedRequest(request: Request, limit: number): Promise<Request | undefined> {
  if (request.body === null) return request
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limit) return undefined
  const body = await request.arrayBuffer()
  if (body.byteLength > limit) return undefined
  return new Request(request, { body })
}

const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024

export async function createPagePlatform(
  db: PGliteInterface,
  options: PagePlatformOptions = {},
): Promise<PagePlatform> {
  const url = (options.url ?? LOCAL_API_URL).replace(/\/$/, '')
  const origin = new URL(url).origin
  const jwtSecret = options.jwtSecret ?? CLI_JWT_SECRET
  const maxBodyBytes =
    options.maxBodyBytes ?? (options.storage?.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT) + 64 * 1024
  const [anonKey, serviceRoleKey] = await Promise.all([
    apiKey('anon', jwtSecret),
    apiKey('service_role', jwtSecret),
  ])

  const auth: AuthHandler = createAuthHandler(db as unknown as SqlClient, {
    ...options.auth,
    jwtSecret,
    apiUrl: url,
  })
  const storage = createStorageHandler(db, { ...options.storage, jwtSecret })
  // PostgREST as the stack starts it: `anon` for requests without a role, the CLI's extra search path.
  const makeRest = (): RestHandler =>
    createRestHandler(db, {
      extraSearchPath: ['public', 'extensions'],
      ...options.rest,
      anonRole: 'anon',
      jwt: { secret: jwtSecret },
    })
  let rest = makeRest()

  let queue: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work)
    queue = next.catch(() => undefined)
    return next
  }

  const route = async (request: Request): Promise<Response> => {
    const target = new URL(request.url)
    if (target.origin !== origin) return noRoute()
    const path = target.pathname
    const sized = await sizedRequest(request, maxBodyBytes)
    if (!sized) return tooLarge(maxBodyBytes)
    if (path === '/auth/v1' || path.startsWith('/auth/v1/')) return auth(sized)
    if (path.startsWith('/rest/v1/')) return rest(sized)
    if (path.startsWith('/storage/v1/')) return storage(sized)
    return noRoute()
  }

  return {
    url,
    anonKey,
    serviceRoleKey,
    inbox: auth.inbox,
    fetch: (input, init) => {
      const request = new Request(input, init)
      return inTurn(() => route(request))
    },
    withDatabase: (work) =>
      inTurn(async () => {
        try {
          return await work(db)
        } finally {
          rest = makeRest()
        }
      }),
  }
}
