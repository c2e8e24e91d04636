/**
 * Function calls: PostgREST 12.2's plan for `/rpc/name` by `GET`, `HEAD` and `POST`
 * (`src/PostgREST/Plan.hs`, `callReadPlan`, and `findProc` choosing among overloads), its
 * statement (`Query/QueryBuilder.hs`, `callPlanToQuery`) and its answer (`Response.hs`).
 */
import type { ApiRequest } from './api-request'
import { pgrstError } from './errors'
import type { MediaType } from './media-types'
import { columnsEmbedsNeed } from './plan-write'
import {
  callQuery,
  callStatement,
  NO_BODY,
  readPlanToCountQuery,
  readPlanToQuery,
  returnsScalar,
  type BodyHandler,
  type CallParams,
} from './query-builder'
import { buildReadPlan, type ReadRequest } from './read-plan'
import {
  contentTypeHeaders,
  failNotSingular,
  negotiate,
  outOfBounds,
  preferenceApplied,
  rangeStatus,
  responseBody,
  countedTotal,
  failExceedsMaxAffected,
  type PlanOptions,
  type Prepared,
} from './response'
import { key, type Routine, type SchemaCache } from './schema-cache'

export function prepareCall(
  request: ApiRequest,
  cache: SchemaCache,
  planOptions: PlanOptions,
  readRequest: ReadRequest,
): Prepared {
  if (request.action.kind !== 'call') throw new Error('not a call')
  const action = request.action
  const singleObject = request.preferences.params === 'single-object'
  const argumentKeys = action.read
    ? [...new Set(request.queryArguments.map(([name]) => name))]
    : request.columns
  const routine = findRoutine(
    cache,
    request.schema,
    request.name,
    argumentKeys,
    singleObject,
    action.read ? undefined : request.contentMediaType,
  )
  // A function returning rows of a table reads (and embeds) as that table.
  const target = {
    schema: routine.schema,
    name: routine.returnType.composite ? routine.returnType.name : routine.name,
  }
  const plan = buildReadPlan(cache, target, readRequest, planOptions)
  const media = negotiate(request, cache, target, planOptions)
  const handler: BodyHandler = action.headersOnly ? NO_BODY : media.handler

  // The arguments: the query string's or a form's (repeated names fill a variadic parameter),
  // or the body as sent.
  let args: string | Uint8Array
  if (action.read) args = rpcArguments(routine, request.queryArguments)
  else if (request.formFields) args = rpcArguments(routine, request.formFields)
  else args = request.rawBody ?? request.payload?.raw ?? '{}'

  const keys = new Set(argumentKeys)
  let params: CallParams
  const only = routine.params.length === 1 ? routine.params[0]! : undefined
  if (only && (singleObject || only.name === '')) params = { kind: 'one-positional', type: only.type }
  else {
    params = {
      kind: 'named',
      params: routine.params
        .filter((param) => keys.has(param.name))
        .map((param) => ({ name: param.name, type: anyLength(param.type), variadic: param.variadic })),
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
    media: media.type,
    sql,
    params: callParams,
    // A filter can leave a single value's call without its one row (rowMaybe in prepareCall).
    noRow: { total_result_set: 0, page_total: 0, body: '' },
    respond: async (row) => {
      failNotSingular(media.type, row)
      failExceedsMaxAffected(request, Number(row.page_total))
      // Calls take the statement's count as it is: no planner estimate (Query.hs, DbCall).
      const total = countedTotal(row)
      const { status, contentRange } = rangeStatus(request, Number(row.page_total), total)
      const applied = preferenceApplied({
        params: request.preferences.params,
        count: request.preferences.count,
        tx: request.preferences.tx,
        handling: request.preferences.handling,
        timezone: request.preferences.timezone,
        maxAffected: request.preferences.maxAffected,
      })
      const headers: [string, string][] = [['Content-Range', contentRange], ...applied]
      if (routine.returnType.composite === false && routine.returnType.type === 'void') {
        return { status: 204, headers, body: '' }
      }
      const body =
        status === 416
          ? JSON.stringify(outOfBounds(request, total).body)
          : action.headersOnly
            ? ''
            : responseBody(row, handler)
      return { status, headers: [...headers, ...contentTypeHeaders(media.type, request)], body }
    },
  }
}

/**
 * jsonRpcParams: the arguments as one JSON object. A repeated name keeps its last value, or
 * gathers all of them in order when it names a variadic parameter.
 */
function rpcArguments(routine: Routine, fields: [name: string, value: string][]): string {
  const variadic = new Set(routine.params.filter((param) => param.variadic).map((param) => param.name))
  const object: Record<string, string | string[]> = {}
  for (const [name, value] of fields) {
    if (variadic.has(name)) object[name] = [...((object[name] as string[] | undefined) ?? []), value]
    else object[name] = value
  }
  return JSON.stringify(object)
}

/**
 * ppTypeMaxLength: `character` and `bit` arguments are read as their varying forms, so a longer
 * value reaches the function (which then truncates or rejects it) instead of being cut first.
 */
function anyLength(type: string): string {
  const varying: Record<string, string> = {
    bit: 'bit varying',
    'bit[]': 'bit varying[]',
    character: 'character varying',
    'character[]': 'character varying[]',
  }
  return varying[type] ?? type
}

/** The Ord instance of Routine: overloads with fewer parameters first, then by their parameters. */
function byParameters(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length
  const text = (routine: Routine) =>
    routine.params.map((p) => [p.name, p.type, anyLength(p.type), p.required ? 1 : 0, p.variadic ? 1 : 0])
  const left = text(a)
  const right = text(b)
  for (let i = 0; i < left.length; i += 1) {
    for (let j = 0; j < left[i]!.length; j += 1) {
      const x = left[i]![j]!
      const y = right[i]![j]!
      if (x !== y) return x < y ? -1 : 1
    }
  }
  return 0
}

/** The type a single unnamed parameter has for each body that fills it (hasSingleUnnamedParam). */
const UNNAMED_PARAMETER_TYPES: [MediaType, string][] = [
  ['json', 'json'],
  ['json', 'jsonb'],
  ['text', 'text'],
  ['xml', 'xml'],
  ['octet', 'bytea'],
]

/**
 * findProc: the function whose parameters the argument names fit, or else, for a POST, the one
 * whose single unnamed parameter takes the whole body of that Content-Type. Several fits are
 * PGRST203 (300); none is PGRST202 (404). `content` is the body's media type (POST only).
 */
function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  argumentKeys: string[],
  singleObject: boolean,
  content: MediaType | undefined,
): Routine {
  const candidates = [...(cache.routines.get(key(schema, name)) ?? [])].sort(byParameters)
  const isPost = content !== undefined
  const rawBody = content === 'text' || content === 'xml' || content === 'octet'
  const keys = new Set(argumentKeys)
  const sameSet = (a: Set<string>, b: string[]) =>
    a.size === new Set(b).size && b.every((item) => a.has(item))
  const matches = (routine: Routine) => {
    const params = routine.params
    if (singleObject)
      return params.length === 1 && (params[0]!.type === 'json' || params[0]!.type === 'jsonb')
    // A body taken whole is not "no arguments".
    if (params.length === 0) return keys.size === 0 && !rawBody
    const required = params.filter((param) => param.required).map((param) => param.name)
    const optional = new Set(params.filter((param) => !param.required).map((param) => param.name))
    if (optional.size === 0) return sameSet(keys, required)
    if (required.length === 0) return [...keys].every((k) => optional.has(k))
    return sameSet(new Set([...keys].filter((k) => !optional.has(k))), required)
  }
  const singleUnnamed = (routine: Routine) =>
    isPost &&
    routine.params.length === 1 &&
    UNNAMED_PARAMETER_TYPES.some(([media, type]) => media === content && routine.params[0]!.type === type)
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
  // Error.hs, NoRpc: the message and details name what was searched for.
  const onlySingle = singleObject || (isPost && rawBody)
  const searched = singleObject
    ? ' with a single json/jsonb parameter'
    : isPost && content === 'text'
      ? ' with a single unnamed text parameter'
      : isPost && content === 'xml'
        ? ' with a single unnamed xml parameter'
        : isPost && content === 'octet'
          ? ' with a single unnamed bytea parameter'
          : isPost && content === 'json'
            ? `${withParams} or with a single unnamed json/jsonb parameter`
            : withParams
  throw pgrstError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${onlySingle ? '' : sorted.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`,
    `Searched for the function ${schema}.${name}${searched}, but no matches were found in the schema cache.`,
    onlySingle ? null : routineSuggestion(cache, schema, name, candidates),
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
