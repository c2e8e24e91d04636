/**
 * Writes: PostgREST 12.2's plan for `POST`, `PUT`, `PATCH` and `DELETE` on a table or view
 * (`src/PostgREST/Plan.hs`, `mutateReadPlan`), its statement (`Query/QueryBuilder.hs`,
 * `mutatePlanToQuery`) and its answer (`Response.hs`, `actionResponse` for writes).
 */
import { ALL_RANGE, rangeLimit, sameRange } from '@docs/postgrest-request'
import type { ApiRequest } from './api-request'
import { pgrstError, RestError } from './errors'
import {
  deleteQuery,
  insertQuery,
  NO_BODY,
  readPlanToQuery,
  updateQuery,
  writeColumns,
  writeStatement,
  type BodyHandler,
  type WriteColumn,
} from './query-builder'
import { buildReadPlan, type LogicTree, type ReadPlan, type ReadRequest } from './read-plan'
import {
  contentTypeHeaders,
  encodeQueryComponent,
  failExceedsMaxAffected,
  failNotSingular,
  negotiate,
  preferenceApplied,
  responseBody,
  type PlanOptions,
  type Prepared,
} from './response'
import { key, type SchemaCache, type Table } from './schema-cache'

export function prepareMutation(
  request: ApiRequest,
  cache: SchemaCache,
  planOptions: PlanOptions,
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
    preferences.return === undefined || preferences.return === 'minimal'
      ? []
      : columnsEmbedsNeed(plan, primaryKey)
  const columns = () => withJsonParse(cache, resolveColumns(table, request.columns))
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
  const full = preferences.return === 'representation'
  const media = negotiate(request, cache, qi, planOptions)
  const handler: BodyHandler = full ? media.handler : NO_BODY
  const isInsert = mutation === 'create' || mutation === 'upsert'
  const sql = writeStatement(readPlanToQuery(plan), mutate, handler, {
    ...(mutation === 'create' && preferences.return === 'headers-only' ? { location: primaryKey } : {}),
    countInserted: isInsert && (mutation === 'upsert' || preferences.resolution === 'merge-duplicates'),
  })
  const params = request.payload === undefined || !sql.includes('$1') ? [] : [request.payload.raw]

  return {
    media: media.type,
    sql,
    params,
    respond: async (row) => {
      const pageTotal = Number(row.page_total)
      if (mutation !== 'upsert') failNotSingular(media.type, row)
      if (mutation === 'update' || mutation === 'delete') failExceedsMaxAffected(request, pageTotal)
      const limit = rangeLimit(request.topLevelRange)
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
            return: preferences.return,
            count: preferences.count,
            tx: preferences.tx,
            handling: preferences.handling,
            timezone: preferences.timezone,
          }),
        )
        // The inserted-rows counter runs only for upserts: unset (no row at all) or zero is 200.
        const counting = preferences.resolution === 'merge-duplicates'
        const inserted = row.response_inserted ?? null
        status = counting && (inserted === null || inserted <= 0) ? 200 : 201
        if (!full) return { status, headers, body: '' }
        return {
          status,
          headers: [...headers, ...contentTypeHeaders(media.type, request)],
          body: responseBody(row, handler),
        }
      }
      if (mutation === 'upsert') {
        const applied = preferenceApplied({
          return: preferences.return,
          count: preferences.count,
          tx: preferences.tx,
          handling: preferences.handling,
          timezone: preferences.timezone,
        })
        if (!full) return { status: 204, headers: applied, body: '' }
        status = (row.response_inserted ?? 0) > 0 ? 201 : 200
        return {
          status,
          headers: [...contentTypeHeaders(media.type, request), ...applied],
          body: responseBody(row, handler),
        }
      }
      const range =
        mutation === 'update'
          ? `${pageTotal >= 1 ? `0-${pageTotal - 1}` : '*'}/${countPart}`
          : `*/${countPart}`
      headers.push(['Content-Range', range])
      headers.push(
        ...preferenceApplied({
          ...(mutation === 'update' ? { missing: preferences.missing } : {}),
          return: preferences.return,
          count: preferences.count,
          tx: preferences.tx,
          handling: preferences.handling,
          timezone: preferences.timezone,
          maxAffected: preferences.maxAffected,
        }),
      )
      if (!full) return { status: 204, headers, body: '' }
      return {
        status: 200,
        headers: [...headers, ...contentTypeHeaders(media.type, request)],
        body: responseBody(row, handler),
      }
    },
  }
}

/** A PATCH or DELETE with `limit`/`offset` changes only the first rows in its order. */
function limitedTo(request: ApiRequest, cache: SchemaCache, qi: { schema: string; name: string }) {
  const range = request.topLevelRange
  if (sameRange(range, ALL_RANGE)) return {}
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

/** withJsonParse: a column whose type has a representation from json reads the body's value as json. */
function withJsonParse(cache: SchemaCache, columns: WriteColumn[]): WriteColumn[] {
  return columns.map((column) => {
    const found = cache.representations.find((rep) => rep.source === 'json' && rep.target === column.type)
    return found === undefined ? column : { ...column, type: 'json', transform: found.function }
  })
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
export function columnsEmbedsNeed(plan: ReadPlan, primaryKey: string[]): string[] {
  const names = plan.select.map((field) => field.field.name)
  if (names.includes('*')) return ['*']
  // What a computed relationship's function reads of the row is unknown: the whole row is returned.
  if (plan.children.some((child) => child.relToParent?.cardinality.kind === 'computed')) return ['*']
  const foreignKeyColumns = plan.children.flatMap((child) => {
    const cardinality = child.relToParent?.cardinality
    if (!cardinality || cardinality.kind === 'computed') return []
    if (cardinality.kind === 'M2M') return cardinality.sourceColumns.map(([, origin]) => origin)
    return cardinality.columns.map(([own]) => own)
  })
  return [...new Set([...names, ...foreignKeyColumns, ...primaryKey])].sort()
}
