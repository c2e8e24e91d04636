/**
 * Reads: PostgREST 12.2's `GET` and `HEAD` on a table or view (`src/PostgREST/Plan.hs`,
 * `readPlan`; `Query/QueryBuilder.hs`, `readPlanToQuery` and `readPlanToCountQuery`; `Response.hs`).
 */
import type { ApiRequest } from './api-request'
import type { RestEngineOptions } from './app'
import {
  NO_BODY,
  readPlanToCountQuery,
  readPlanToQuery,
  readStatement,
  type BodyHandler,
} from './query-builder'
import { buildReadPlan, type ReadRequest } from './read-plan'
import {
  canonicalQuery,
  contentTypeHeaders,
  failNotSingular,
  negotiate,
  outOfBounds,
  preferenceApplied,
  rangeStatus,
  responseBody,
  tableTotal,
  type PlanOptions,
  type Prepared,
} from './response'
import type { SchemaCache } from './schema-cache'

export function prepareRead(
  request: ApiRequest,
  cache: SchemaCache,
  planOptions: PlanOptions,
  readRequest: ReadRequest,
  options: RestEngineOptions,
): Prepared {
  const action = request.action
  if (action.kind !== 'read') throw new Error('not a read')
  const target = { schema: request.schema, name: request.name }
  const plan = buildReadPlan(cache, target, readRequest, planOptions)
  const media = negotiate(request, cache, target, planOptions)
  const handler: BodyHandler = action.headersOnly ? NO_BODY : media.handler
  const counted = request.preferences.count === 'exact' || request.preferences.count === 'estimated'
  const countQuery = readPlanToCountQuery(plan)
  // count=estimated counts at most max-rows + 1 rows (Query.hs, limitedQuery).
  const statementCount =
    request.preferences.count === 'estimated' && options.maxRows !== undefined
      ? `${countQuery} LIMIT ${options.maxRows + 1}`
      : countQuery
  const sql = readStatement(readPlanToQuery(plan), counted ? statementCount : undefined, handler)
  return {
    readOnly: true,
    media: media.type,
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
          tx: request.preferences.tx,
          handling: request.preferences.handling,
          timezone: request.preferences.timezone,
        }),
      ]
      const body =
        status === 416
          ? JSON.stringify(outOfBounds(request, total).body)
          : action.headersOnly
            ? ''
            : responseBody(row, handler)
      return { status, headers, body }
    },
  }
}
