/**
 * The request handler: read the request, plan it, run its one statement in a transaction, and
 * answer with PostgREST 12.2's status, headers and body (`src/PostgREST/App.hs`, `Query.hs`,
 * `Response.hs`). Requests run one after another: an embedded Postgres has one connection.
 */
import { readApiRequest, type ApiRequest, type MediaType, type Preferences } from './api-request'
import { fromDatabaseError, pgrstError, RestError, type ErrorBody } from './errors'
import {
  callQuery,
  callStatement,
  deleteQuery,
  insertQuery,
  readPlanToCountQuery,
  readPlanToQuery,
  readStatement,
  returnsScalar,
  updateQuery,
  writeColumns,
  writeStatement,
  type BodyHandler,
  type CallParams,
} from './query-builder'
import { buildReadPlan, type LogicTree, type ReadPlan, type ReadRequest } from './read-plan'
import {
  key,
  readSchemaCache,
  type Routine,
  type SchemaCache,
  type SqlClient,
  type Table,
} from './schema-cache'

export interface RestEngineOptions {
  /** `db-schemas`: the schemas the API exposes; the first is the default. Default `['public']`. */
  schemas?: string[]
  /** `db-aggregates-enabled`. Default false, as in PostgREST. */
  aggregatesEnabled?: boolean
  /** `db-max-rows`: a cap on the rows of every read. */
  maxRows?: number
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

interface StatementRow {
  total_result_set: string | number | null
  page_total: string | number
  body: string
  header?: string[] | null
  response_inserted?: number | null
}

interface Outcome {
  status: number
  headers: [string, string][]
  body: string
}

export function createRestHandler(db: SqlClient, options: RestEngineOptions = {}): RestHandler {
  const schemas = options.schemas ?? ['public']
  const transactionEnd = options.transactionEnd ?? 'commit'
  let cache: Promise<SchemaCache> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const handle = async (request: Request): Promise<Response> => {
    try {
      const apiRequest = await readApiRequest(request, {
        schemas,
        allowTransactionOverride: transactionEnd.endsWith('allow-override'),
      })
      cache ??= (options.schemaCache ? Promise.resolve(options.schemaCache) : readSchemaCache(db)).catch(
        (error: unknown) => {
          cache = undefined
          throw error
        },
      )
      const schemaCache = await cache
      const outcome = await runInTransaction(db, request, apiRequest, schemaCache, options, transactionEnd)
      return new Response(outcome.body === '' ? null : outcome.body, {
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
    return { ok: true, sql: prepared.sql, params: prepared.params }
  } catch (error) {
    if (error instanceof RestError) return { ok: false, status: error.status, error: error.body }
    throw error
  }
}

function errorResponse(error: RestError): Response {
  const body =
    error.status === 404 && Object.keys(error.body).length === 0 ? '{}' : JSON.stringify(error.body)
  return new Response(body, {
    status: error.status,
    statusText: reasonPhrase(error.status),
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
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
    options.onStatement?.(prepared.sql, prepared.params)
    const row = (await db.query<StatementRow>(prepared.sql, prepared.params)).rows[0]!
    const outcome = await prepared.respond(row, db)
    if (options.inspect) await options.inspect(db, httpRequest)
    const preference = request.preferences.transaction
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

interface Prepared {
  /** OPTIONS: answered from the schema cache alone. */
  info?: Outcome
  readOnly?: boolean
  sql: string
  params: unknown[]
  /** Turns the statement's row into the answer; may throw a RestError (the transaction then rolls back). */
  respond: (row: StatementRow, db: SqlClient) => Promise<Outcome>
}

function prepare(request: ApiRequest, cache: SchemaCache, options: RestEngineOptions): Prepared {
  const planOptions = {
    aggregatesEnabled: options.aggregatesEnabled ?? false,
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

  if (action.kind === 'read') {
    const target = { schema: request.schema, name: request.name }
    const plan = buildReadPlan(cache, target, readRequest('relation'), planOptions)
    const media = negotiate(request)
    const handler: BodyHandler = action.headersOnly ? 'none' : media.handler
    const counted = request.preferences.count === 'exact' || request.preferences.count === 'estimated'
    const countQuery = readPlanToCountQuery(plan)
    const sql = readStatement(readPlanToQuery(plan), counted ? countQuery : undefined, handler)
    return {
      readOnly: true,
      sql,
      params: [],
      respond: async (row, db) => {
        failNotSingular(media.type, row)
        const total = await tableTotal(db, request, row, countQuery, options.maxRows)
        const { status, contentRange } = rangeStatus(request, Number(row.page_total), total)
        const headers: [string, string][] = [
          ['Content-Range', contentRange],
          ['Content-Location', `/${request.name}${canonicalQuery(request)}`],
          ...contentTypeHeaders(media.type, request),
          ...preferenceApplied({
            count: request.preferences.count,
            transaction: request.preferences.transaction,
            handling: request.preferences.handling,
          }),
        ]
        const body =
          status === 416
            ? JSON.stringify(outOfBounds(request, total).body)
            : action.headersOnly
              ? ''
              : row.body
        return { status, headers, body }
      },
    }
  }

  if (action.kind === 'mutate') return prepareMutation(request, cache, planOptions, readRequest('mutation'))
  return prepareCall(request, cache, planOptions, readRequest('routine'), options)
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

// ---- writes ------------------------------------------------------------------------------------

function prepareMutation(
  request: ApiRequest,
  cache: SchemaCache,
  planOptions: { aggregatesEnabled: boolean; maxRows?: number },
  readRequest: ReadRequest,
): Prepared {
  if (request.action.kind !== 'mutate') throw new Error('not a mutation')
  const mutation = request.action.mutation
  const qi = { schema: request.schema, name: request.name }
  const plan = buildReadPlan(cache, qi, readRequest, planOptions)
  const table = cache.tables.get(key(qi.schema, qi.name))
  const primaryKey = table?.primaryKey ?? []
  const preferences = request.preferences
  const returnings =
    preferences.representation === undefined || preferences.representation === 'minimal'
      ? []
      : columnsEmbedsNeed(plan, primaryKey)
  const columns = () => resolveColumns(table, request.columns)
  const rootFilters = rootLogic(request, cache, qi)
  let mutate: string
  switch (mutation) {
    case 'create':
      mutate = insertQuery({
        table: qi,
        columns: columns(),
        bodyIsObject: request.payload?.isObject ?? false,
        ...(preferences.resolution === undefined
          ? {}
          : {
              onConflict: { resolution: preferences.resolution, columns: request.onConflict ?? primaryKey },
            }),
        putConditions: [],
        returnings,
        applyDefaults: preferences.missing === 'default',
      })
      break
    case 'upsert': {
      const filterColumns = new Set(rootFilterColumns(request))
      const onlyPrimaryKeyEq =
        !request.filters.some((node) => node.kind === 'group' && node.embedPath.length === 0) &&
        primaryKey.length > 0 &&
        filterColumns.size === primaryKey.length &&
        primaryKey.every((column) => filterColumns.has(column)) &&
        request.filters
          .filter((node) => node.embedPath.length === 0)
          .every(
            (node) =>
              node.kind === 'condition' &&
              !node.negated &&
              node.operator === 'eq' &&
              node.quantifier === undefined,
          )
      if (!onlyPrimaryKeyEq) {
        throw pgrstError(
          405,
          'PGRST105',
          "Filters must include all and only primary key columns with 'eq' operators",
        )
      }
      mutate = insertQuery({
        table: qi,
        columns: columns(),
        bodyIsObject: request.payload?.isObject ?? false,
        onConflict: { resolution: 'merge-duplicates', columns: primaryKey },
        putConditions: rootFilters,
        returnings,
        applyDefaults: false,
      })
      break
    }
    case 'update':
      mutate = updateQuery({
        table: qi,
        columns: columns(),
        bodyIsObject: request.payload?.isObject ?? false,
        where: rootFilters,
        returnings,
        applyDefaults: preferences.missing === 'default',
        ...limitedTo(request, cache, qi),
      })
      break
    case 'delete':
      mutate = deleteQuery(qi, rootFilters, returnings, limitedTo(request, cache, qi).limited)
      break
  }
  const full = preferences.representation === 'representation'
  const media = negotiate(request)
  const handler: BodyHandler = full ? media.handler : 'none'
  const isInsert = mutation === 'create' || mutation === 'upsert'
  const sql = writeStatement(readPlanToQuery(plan), mutate, handler, {
    ...(mutation === 'create' && preferences.representation === 'headers-only'
      ? { location: primaryKey }
      : {}),
    countInserted: isInsert && (mutation === 'upsert' || preferences.resolution === 'merge-duplicates'),
  })
  const params = request.payload === undefined || !sql.includes('$1') ? [] : [request.payload.raw]

  return {
    sql,
    params,
    respond: async (row) => {
      const pageTotal = Number(row.page_total)
      if (mutation !== 'upsert') failNotSingular(media.type, row)
      const limit = request.topLevelRange.limit
      if ((mutation === 'update' || mutation === 'delete') && limit !== undefined && pageTotal > limit) {
        throw pgrstError(
          400,
          'PGRST110',
          'The maximum number of rows allowed to change was surpassed',
          `Results contain ${pageTotal} rows changed but the maximum number allowed is ${limit}`,
        )
      }
      if (mutation === 'upsert' && pageTotal !== 1) {
        throw pgrstError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)')
      }
      const counted = preferences.count === 'exact' || preferences.count === 'estimated'
      const countPart = counted ? String(pageTotal) : '*'
      const headers: [string, string][] = []
      let status: number
      if (mutation === 'create') {
        const location = row.header ?? []
        if (location.length > 0) {
          const query = location
            .map((entry) => {
              const equals = entry.indexOf('=')
              return `${encodeQueryComponent(entry.slice(0, equals))}=${encodeQueryComponent(entry.slice(equals + 1))}`
            })
            .join('&')
          headers.push(['Location', `/${request.name}?${query}`])
        }
        headers.push(['Content-Range', `*/${countPart}`])
        const resolution =
          primaryKey.length === 0 && request.onConflict === undefined ? undefined : preferences.resolution
        headers.push(
          ...preferenceApplied({
            resolution,
            missing: preferences.missing,
            representation: preferences.representation,
            count: preferences.count,
            transaction: preferences.transaction,
            handling: preferences.handling,
          }),
        )
        // The inserted-rows counter runs only for upserts: unset (no row at all) or zero is 200.
        const counting = preferences.resolution === 'merge-duplicates'
        const inserted = row.response_inserted ?? null
        status = counting && (inserted === null || inserted <= 0) ? 200 : 201
        if (!full) return { status, headers, body: '' }
        return { status, headers: [...headers, ...contentTypeHeaders(media.type, request)], body: row.body }
      }
      if (mutation === 'upsert') {
        const applied = preferenceApplied({
          representation: preferences.representation,
          count: preferences.count,
          transaction: preferences.transaction,
          handling: preferences.handling,
        })
        if (!full) return { status: 204, headers: applied, body: '' }
        status = (row.response_inserted ?? 0) > 0 ? 201 : 200
        return { status, headers: [...contentTypeHeaders(media.type, request), ...applied], body: row.body }
      }
      const range =
        mutation === 'update'
          ? `${pageTotal >= 1 ? `0-${pageTotal - 1}` : '*'}/${countPart}`
          : `*/${countPart}`
      headers.push(['Content-Range', range])
      headers.push(
        ...preferenceApplied({
          ...(mutation === 'update' ? { missing: preferences.missing } : {}),
          representation: preferences.representation,
          count: preferences.count,
          transaction: preferences.transaction,
          handling: preferences.handling,
        }),
      )
      if (!full) return { status: 204, headers, body: '' }
      return {
        status: 200,
        headers: [...headers, ...contentTypeHeaders(media.type, request)],
        body: row.body,
      }
    },
  }
}

/** A PATCH or DELETE with `limit`/`offset` changes only the first rows in its order. */
function limitedTo(request: ApiRequest, cache: SchemaCache, qi: { schema: string; name: string }) {
  const range = request.topLevelRange
  if (range.offset === 0 && range.limit === undefined) return {}
  const terms = request.orders.find((order) => order.embedPath.length === 0)?.terms ?? []
  const plan = buildReadPlan(
    cache,
    qi,
    {
      select: [],
      filters: [],
      orders: [{ embedPath: [], terms }],
      ranges: [],
      source: 'relation',
      rootFiltersApply: true,
    },
    { aggregatesEnabled: true },
  )
  return { limited: { order: plan.order, range } }
}

/** The columns a write sets, each of which the table must have (PGRST204). */
function resolveColumns(table: Table | undefined, names: string[]) {
  if (names.length === 0) return []
  if (!table) throw new RestError(404, {} as never)
  for (const name of names) {
    if (!table.columns.some((column) => column.name === name)) {
      throw pgrstError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${table.name}' in the schema cache`,
      )
    }
  }
  return writeColumns(table.columns, names)
}

function rootFilterColumns(request: ApiRequest): string[] {
  return request.filters.flatMap((node) =>
    node.embedPath.length === 0 && node.kind === 'condition' ? [node.field.column] : [],
  )
}

function rootLogic(
  request: ApiRequest,
  cache: SchemaCache,
  qi: { schema: string; name: string },
): LogicTree[] {
  const plan = buildReadPlan(
    cache,
    qi,
    {
      select: [],
      filters: request.filters.filter((node) => node.embedPath.length === 0),
      orders: [],
      ranges: [],
      source: 'relation',
      rootFiltersApply: true,
    },
    { aggregatesEnabled: true },
  )
  return plan.where
}

/** inferColsEmbedNeeds: what the write must return for the select and its embeds to work. */
function columnsEmbedsNeed(plan: ReadPlan, primaryKey: string[]): string[] {
  const names = plan.select.map((field) => field.field.name)
  if (names.includes('*')) return ['*']
  const foreignKeyColumns = plan.children.flatMap((child) => {
    const cardinality = child.relToParent?.cardinality
    if (!cardinality) return []
    if (cardinality.kind === 'M2M') return cardinality.sourceColumns.map(([, origin]) => origin)
    return cardinality.columns.map(([own]) => own)
  })
  return [...new Set([...names, ...foreignKeyColumns, ...primaryKey])].sort()
}

// ---- function calls ----------------------------------------------------------------------------

function prepareCall(
  request: ApiRequest,
  cache: SchemaCache,
  planOptions: { aggregatesEnabled: boolean; maxRows?: number },
  readRequest: ReadRequest,
  options: RestEngineOptions,
): Prepared {
  if (request.action.kind !== 'call') throw new Error('not a call')
  const action = request.action
  const singleObject = request.preferences.parameters === 'single-object'
  const argumentKeys = action.read
    ? [...new Set(request.queryArguments.map(([name]) => name))]
    : request.columns
  const routine = findRoutine(cache, request.schema, request.name, argumentKeys, singleObject, !action.read)
  const target = {
    schema: routine.schema,
    name: routine.returnType.composite ? routine.returnType.name : routine.name,
  }
  const plan = buildReadPlan(cache, target, readRequest, planOptions)
  const media = negotiate(request)
  const handler: BodyHandler = action.headersOnly ? 'none' : media.handler

  let args: string
  if (action.read) {
    const variadic = new Set(routine.params.filter((param) => param.variadic).map((param) => param.name))
    const object: Record<string, string | string[]> = {}
    for (const [name, value] of request.queryArguments) {
      if (variadic.has(name)) object[name] = [...((object[name] as string[] | undefined) ?? []), value]
      else object[name] = value
    }
    args = JSON.stringify(object)
  } else args = request.payload?.raw ?? '{}'

  const keys = new Set(argumentKeys)
  let params: CallParams
  const only = routine.params.length === 1 ? routine.params[0]! : undefined
  if (only && (singleObject || only.name === '')) params = { kind: 'one-positional', type: only.type }
  else {
    params = {
      kind: 'named',
      params: routine.params
        .filter((param) => keys.has(param.name))
        .map((param) => ({ name: param.name, type: param.type, variadic: param.variadic })),
    }
  }
  const counted = request.preferences.count === 'exact' || request.preferences.count === 'estimated'
  const countQuery = readPlanToCountQuery(plan)
  const returnings = columnsEmbedsNeed(plan, [])
  const bodyIsObject = action.read || (request.payload?.isObject ?? true)
  const sql = callStatement(
    callQuery(routine, params, returnsScalar(routine) ? [] : returnings, bodyIsObject),
    readPlanToQuery(plan),
    counted ? countQuery : undefined,
    handler,
    routine,
  )
  const callParams = params.kind === 'named' && params.params.length === 0 ? [] : [args]
  return {
    readOnly: action.read || routine.volatility !== 'volatile',
    sql,
    params: callParams,
    respond: async (row, db) => {
      failNotSingular(media.type, row)
      const total = await tableTotal(db, request, row, countQuery, options.maxRows)
      const { status, contentRange } = rangeStatus(request, Number(row.page_total), total)
      const applied = preferenceApplied({
        parameters: request.preferences.parameters,
        count: request.preferences.count,
        transaction: request.preferences.transaction,
        handling: request.preferences.handling,
      })
      const headers: [string, string][] = [['Content-Range', contentRange], ...applied]
      if (routine.returnType.composite === false && routine.returnType.type === 'void') {
        return { status: 204, headers, body: '' }
      }
      const body =
        status === 416 ? JSON.stringify(outOfBounds(request, total).body) : action.headersOnly ? '' : row.body
      return { status, headers: [...headers, ...contentTypeHeaders(media.type, request)], body }
    },
  }
}

/** findProc: the function whose parameters the argument names fit (or the one taking the whole JSON body). */
function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  argumentKeys: string[],
  singleObject: boolean,
  isPost: boolean,
): Routine {
  const candidates = cache.routines.get(key(schema, name)) ?? []
  const keys = new Set(argumentKeys)
  const sameSet = (a: Set<string>, b: string[]) =>
    a.size === new Set(b).size && b.every((item) => a.has(item))
  const matches = (routine: Routine) => {
    const params = routine.params
    if (singleObject)
      return params.length === 1 && (params[0]!.type === 'json' || params[0]!.type === 'jsonb')
    if (params.length === 0) return keys.size === 0
    const required = params.filter((param) => param.required).map((param) => param.name)
    const optional = new Set(params.filter((param) => !param.required).map((param) => param.name))
    if (optional.size === 0) return sameSet(keys, required)
    if (required.length === 0) return [...keys].every((k) => optional.has(k))
    return sameSet(new Set([...keys].filter((k) => !optional.has(k))), required)
  }
  const singleUnnamed = (routine: Routine) =>
    isPost &&
    routine.params.length === 1 &&
    (routine.params[0]!.type === 'json' || routine.params[0]!.type === 'jsonb') &&
    routine.params[0]!.name === ''
  const named = candidates.filter(matches)
  const fallback = candidates.filter((routine) => !matches(routine) && singleUnnamed(routine))
  if (named.length === 1) return named[0]!
  if (named.length === 0 && fallback.length === 1) return fallback[0]!
  if (named.length > 1 || fallback.length > 1) {
    const list = named.length > 1 ? named : fallback
    throw pgrstError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${list.map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  const sorted = [...argumentKeys].sort()
  const list = sorted.join(', ')
  const withParams =
    sorted.length === 0 ? ' without parameters' : ` with parameter${sorted.length > 1 ? 's' : ''} ${list}`
  throw pgrstError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${singleObject ? '' : sorted.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`,
    `Searched for the function ${schema}.${name}${singleObject ? ' with a single json/jsonb parameter' : isPost ? `${withParams} or with a single unnamed json/jsonb parameter` : withParams}, but no matches were found in the schema cache.`,
    routineSuggestion(cache, schema, name, candidates),
  )
}

function routineSuggestion(
  cache: SchemaCache,
  schema: string,
  name: string,
  candidates: Routine[],
): string | null {
  if (candidates.length > 0) {
    const best = candidates[0]!
    return `Perhaps you meant to call the function ${schema}.${name}(${best.params
      .map((p) => p.name)
      .sort()
      .join(', ')})`
  }
  const names = [...cache.routines.keys()]
    .filter((k) => k.startsWith(`${schema}.`))
    .map((k) => k.slice(schema.length + 1))
  const near = names.find((candidate) => candidate.includes(name) || name.includes(candidate))
  return near === undefined ? null : `Perhaps you meant to call the function ${schema}.${near}`
}

// ---- shared response pieces --------------------------------------------------------------------

function negotiate(request: ApiRequest): { type: MediaType; handler: BodyHandler } {
  for (const media of request.accept) {
    if (media === 'json' || media === 'any') return { type: 'json', handler: 'json' }
    if (media === 'array-stripped') return { type: media, handler: 'json-stripped' }
    if (media === 'single') return { type: media, handler: 'single' }
    if (media === 'single-stripped') return { type: media, handler: 'single-stripped' }
    if (media === 'csv') return { type: 'csv', handler: 'csv' }
  }
  const mimes = request.accept.map((media) => (typeof media === 'string' ? mimeOf(media) : media.other))
  throw pgrstError(406, 'PGRST107', `None of these media types are available: ${mimes.join(', ')}`)
}

function mimeOf(media: Exclude<MediaType, { other: string }>): string {
  const mimes: Record<string, string> = {
    json: 'application/json',
    single: 'application/vnd.pgrst.object+json',
    'single-stripped': 'application/vnd.pgrst.object+json;nulls=stripped',
    'array-stripped': 'application/vnd.pgrst.array+json;nulls=stripped',
    csv: 'text/csv',
    any: '*/*',
  }
  return mimes[media]!
}

function contentTypeHeaders(media: MediaType, request: ApiRequest): [string, string][] {
  const type = typeof media === 'string' ? mimeOf(media === 'any' ? 'json' : media) : media.other
  const headers: [string, string][] = [['Content-Type', `${type}; charset=utf-8`]]
  if (request.negotiatedByProfile) headers.push(['Content-Profile', request.schema])
  return headers
}

/** failNotSingular: one object asked for, and not exactly one row (PGRST116, 406). */
function failNotSingular(media: MediaType, row: StatementRow): void {
  const total = Number(row.page_total)
  if ((media === 'single' || media === 'single-stripped') && total !== 1) {
    throw pgrstError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${total} rows`,
    )
  }
}

async function tableTotal(
  db: SqlClient,
  request: ApiRequest,
  row: StatementRow,
  countQuery: string,
  maxRows: number | undefined,
): Promise<number | undefined> {
  const counted =
    row.total_result_set === null || row.total_result_set === '' ? undefined : Number(row.total_result_set)
  const preference = request.preferences.count
  const planned = async () => {
    const plan = (await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${countQuery}`)).rows[0]![
      'QUERY PLAN'
    ]
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[]
    return parsed[0]?.Plan['Plan Rows']
  }
  if (preference === 'planned') return planned()
  if (preference === 'estimated' && counted !== undefined && maxRows !== undefined && counted > maxRows) {
    return Math.max(counted, (await planned()) ?? 0)
  }
  return counted
}

/** rangeStatusHeader */
function rangeStatus(
  request: ApiRequest,
  pageTotal: number,
  total: number | undefined,
): { status: number; contentRange: string } {
  const lower = request.topLevelRange.offset
  const upper = lower + pageTotal - 1
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*'
  const contentRange = `${range}/${total === undefined ? '*' : total}`
  let status = 200
  if (total !== undefined) {
    if (lower > total) status = 416
    else if (1 + upper - lower < total) status = 206
  }
  return { status, contentRange }
}

function outOfBounds(request: ApiRequest, total: number | undefined): RestError {
  return pgrstError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${request.topLevelRange.offset} was requested, but there are only ${total ?? 0} rows.`,
  )
}

function preferenceApplied(values: Partial<Omit<Preferences, 'invalid'>>): [string, string][] {
  const order: [keyof Omit<Preferences, 'invalid'>, string][] = [
    ['resolution', 'resolution'],
    ['missing', 'missing'],
    ['representation', 'return'],
    ['parameters', 'params'],
    ['count', 'count'],
    ['transaction', 'tx'],
    ['handling', 'handling'],
  ]
  const applied = order.flatMap(([name, prefix]) =>
    values[name] === undefined ? [] : [`${prefix}=${values[name]}`],
  )
  return applied.length === 0 ? [] : [['Preference-Applied', applied.join(', ')]]
}

function canonicalQuery(request: ApiRequest): string {
  return request.canonicalQuery === '' ? '' : `?${request.canonicalQuery}`
}

function encodeQueryComponent(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+')
}

/**
 * The reason phrase of the status line. PostgREST answers through Warp, which takes it from the
 * `http-types` package; clients show it (supabase-js returns it as `statusText`).
 */
const REASON_PHRASES: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  206: 'Partial Content',
  300: 'Multiple Choices',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  414: 'Request-URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Requested Range Not Satisfiable',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  504: 'Gateway Time-out',
}

function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? ''
}
