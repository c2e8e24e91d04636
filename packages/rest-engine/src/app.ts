/**
 * The request handler (PostgREST 12.2's `src/PostgREST/App.hs`): read the request, plan it, run
 * its one statement in a transaction, and answer. Requests run one after another: an embedded
 * Postgres has one connection. The plans live in `plan-read.ts`, `plan-write.ts` and
 * `plan-call.ts`; the answer's parts in `response.ts`.
 */
import { readApiRequest, type ApiRequest } from './api-request'
import { fromDatabaseError, pgrstError, RestError, type ErrorBody } from './errors'
import { prepareCall } from './plan-call'
import { prepareRead } from './plan-read'
import { prepareMutation } from './plan-write'
import type { ReadRequest } from './read-plan'
import { isPlan, type MediaType } from './media-types'
import {
  contentTypeHeaders,
  errorResponse,
  reasonPhrase,
  type Outcome,
  type Prepared,
  type StatementRow,
} from './response'
import { key, readSchemaCache, type SchemaCache, type SqlClient } from './schema-cache'

export interface RestEngineOptions {
  /** `db-schemas`: the schemas the API exposes; the first is the default. Default `['public']`. */
  schemas?: string[]
  /** `db-aggregates-enabled`. Default false, as in PostgREST. */
  aggregatesEnabled?: boolean
  /** `db-max-rows`: a cap on the rows of every read. */
  maxRows?: number
  /** `db-plan-enabled`: answer `Accept: application/vnd.pgrst.plan` with the statement's EXPLAIN. Default false. */
  planEnabled?: boolean
  /** `db-tx-end`. Default `commit`. */
  transactionEnd?: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override'
  /**
   * Runs inside the request's transaction after its statement, before the transaction ends:
   * lets a caller read what a write changed even when the transaction is rolled back.
   */
  inspect?: (db: SqlClient, request: Request) => Promise<void>
  /** Called with each statement the engine runs for a request (to show it, or to debug). */
  onStatement?: (sql: string, params: unknown[]) => void
  /**
   * The schema cache, read earlier with `readSchemaCache` from a database whose tables, views,
   * functions and keys are the same (made by the same SQL). Without it the handler reads its own
   * on the first request.
   */
  schemaCache?: SchemaCache
}

export type RestHandler = (request: Request) => Promise<Response>

export function createRestHandler(db: SqlClient, options: RestEngineOptions = {}): RestHandler {
  const schemas = options.schemas ?? ['public']
  const transactionEnd = options.transactionEnd ?? 'commit'
  let cache: Promise<SchemaCache> | undefined
  let timezones: Promise<Set<string>> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const handle = async (request: Request): Promise<Response> => {
    try {
      // SchemaCache.hs reads the time zones with the schema: `Prefer: timezone` must be one.
      timezones ??= readTimezones(db).catch((error: unknown) => {
        timezones = undefined
        throw error
      })
      const apiRequest = await readApiRequest(request, {
        schemas,
        allowTransactionOverride: transactionEnd.endsWith('allow-override'),
        timezones: await timezones,
      })
      cache ??= (options.schemaCache ? Promise.resolve(options.schemaCache) : readSchemaCache(db)).catch(
        (error: unknown) => {
          cache = undefined
          throw error
        },
      )
      const schemaCache = await cache
      const outcome = await runInTransaction(db, request, apiRequest, schemaCache, options, transactionEnd)
      const body = typeof outcome.body === 'string' ? outcome.body : new Uint8Array(outcome.body)
      return new Response(body === '' || body.length === 0 ? null : body, {
        status: outcome.status,
        statusText: reasonPhrase(outcome.status),
        headers: outcome.headers,
      })
    } catch (error) {
      if (error instanceof RestError) return errorResponse(error)
      throw error
    }
  }

  return (request) => {
    const next = queue.then(() => handle(request))
    queue = next.catch(() => undefined)
    return next
  }
}

/**
 * The statement the engine would run for a request, without running it: from a schema cache
 * read earlier (`readSchemaCache`), so a page can show it before any database has loaded.
 */
export async function statementFor(
  cache: SchemaCache,
  request: Request,
  options: Omit<RestEngineOptions, 'inspect' | 'onStatement'> = {},
): Promise<{ ok: true; sql: string; params: unknown[] } | { ok: false; status: number; error: ErrorBody }> {
  const schemas = options.schemas ?? ['public']
  try {
    const apiRequest = await readApiRequest(request, {
      schemas,
      allowTransactionOverride: (options.transactionEnd ?? 'commit').endsWith('allow-override'),
    })
    const prepared = prepare(apiRequest, cache, options)
    const explain = prepared.media && isPlan(prepared.media) ? explainPrefix(prepared.media) : ''
    return { ok: true, sql: `${explain}${prepared.sql}`, params: prepared.params }
  } catch (error) {
    if (error instanceof RestError) return { ok: false, status: error.status, error: error.body }
    throw error
  }
}

async function runInTransaction(
  db: SqlClient,
  httpRequest: Request,
  request: ApiRequest,
  cache: SchemaCache,
  options: RestEngineOptions,
  transactionEnd: NonNullable<RestEngineOptions['transactionEnd']>,
): Promise<Outcome> {
  // Planning errors come before the transaction, as in PostgREST.
  const prepared = prepare(request, cache, options)
  if (prepared.info) return prepared.info
  // Reads, and calls of functions that are not volatile or come by GET, run read-only (planTxMode).
  await db.exec(prepared.readOnly ? 'begin read only' : 'begin')
  let ended = false
  try {
    await db.query(`select set_config('search_path', $1, true)`, [`"${request.schema.replace(/"/g, '""')}"`])
    if (request.preferences.timezone !== undefined)
      await db.query(`select set_config('timezone', $1, true)`, [request.preferences.timezone])
    let outcome: Outcome
    if (prepared.media && isPlan(prepared.media)) {
      // Statements.hs mtSnippet: the plan of the statement is the answer (one line per row).
      const sql = `${explainPrefix(prepared.media)}${prepared.sql}`
      options.onStatement?.(sql, prepared.params)
      const rows = (await db.query<{ 'QUERY PLAN': unknown }>(sql, prepared.params)).rows
      const lines = rows.map(({ 'QUERY PLAN': line }) =>
        typeof line === 'string' ? line : JSON.stringify(line, null, 2),
      )
      outcome = {
        status: 200,
        headers: contentTypeHeaders(prepared.media, request),
        body: lines.map((line) => `${line}\n`).join(''),
      }
    } else {
      options.onStatement?.(prepared.sql, prepared.params)
      const row = (await db.query<StatementRow>(prepared.sql, prepared.params)).rows[0] ?? prepared.noRow!
      outcome = await prepared.respond(row, db)
    }
    if (options.inspect) await options.inspect(db, httpRequest)
    const preference = request.preferences.tx
    const rollback =
      preference === 'rollback' || (transactionEnd.startsWith('rollback') && preference !== 'commit')
    if (rollback) await db.exec('set constraints all immediate')
    await db.exec(rollback ? 'rollback' : 'commit')
    ended = true
    return outcome
  } catch (error) {
    if (!ended) await db.exec('rollback')
    if (error instanceof RestError) throw error
    throw fromDatabaseError(error)
  }
}

/** explainF: the EXPLAIN options of `application/vnd.pgrst.plan`. */
function explainPrefix(media: Extract<MediaType, { plan: MediaType }>): string {
  const options = [`FORMAT ${media.format.toUpperCase()}`, ...media.options.map((o) => o.toUpperCase())]
  return `EXPLAIN (${options.join(', ')}) `
}

async function readTimezones(db: SqlClient): Promise<Set<string>> {
  const rows = (await db.query<{ name: string }>('select name from pg_timezone_names')).rows
  return new Set(rows.map((row) => row.name))
}

function prepare(request: ApiRequest, cache: SchemaCache, options: RestEngineOptions): Prepared {
  const planOptions = {
    aggregatesEnabled: options.aggregatesEnabled ?? false,
    planEnabled: options.planEnabled ?? false,
    schemas: options.schemas ?? ['public'],
    ...(options.maxRows === undefined ? {} : { maxRows: options.maxRows }),
  }
  const readRequest = (source: ReadRequest['source']): ReadRequest => ({
    select: request.select,
    filters: request.filters,
    orders: request.orders,
    ranges: request.ranges,
    source,
    rootFiltersApply: source !== 'mutation',
  })
  const action = request.action
  const invalid = request.preferences.invalid
  if (invalid.length > 0 && request.preferences.handling === 'strict') {
    throw pgrstError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    )
  }

  if (action.kind === 'info')
    return {
      info: allowed(request, cache),
      sql: '',
      params: [],
      respond: async () => allowed(request, cache),
    }

  if (action.kind === 'read')
    return prepareRead(request, cache, planOptions, readRequest('relation'), options)
  if (action.kind === 'mutate') return prepareMutation(request, cache, planOptions, readRequest('mutation'))
  return prepareCall(request, cache, planOptions, readRequest('routine'))
}

/** OPTIONS: the methods a table, a function or the root allows (Response.hs, RelInfoPlan / RoutineInfoPlan). */
function allowed(request: ApiRequest, cache: SchemaCache): Outcome {
  let allow: string
  if (request.name === '') allow = 'OPTIONS,GET,HEAD'
  else if (request.method === 'OPTIONS' && request.isRoutine) {
    const routines = cache.routines.get(key(request.schema, request.name)) ?? []
    if (routines.length === 0) throw new RestError(404, {} as never)
    allow = routines[0]!.volatility === 'volatile' ? 'OPTIONS,POST' : 'OPTIONS,GET,HEAD,POST'
  } else {
    const table = cache.tables.get(key(request.schema, request.name))
    if (!table) throw new RestError(404, {} as never)
    const hasKey = table.primaryKey.length > 0
    allow = ['OPTIONS,GET,HEAD', 'POST', ...(hasKey ? ['PUT'] : []), 'PATCH', 'DELETE'].join(',')
  }
  return {
    status: 200,
    headers: [
      ['Access-Control-Allow-Origin', '*'],
      ['Allow', allow],
    ],
    body: '',
  }
}
