/**
 * What a run of a reference example returns and how it is held against the documented Response.
 * A query returns `{ data, error, count, status, statusText }`; an auth or storage call returns
 * `{ data, error }`. A field the Response leaves out is `null`, and a field the example declares
 * as varying (`data.0.id`) is compared by type only. No DOM and no Node: the tests and the page's
 * worker share it.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export interface ExampleResult {
  data: Json
  error: Json
  /** A query's only: an auth or storage call has no count and no status. */
  count?: number | null
  status?: number
  statusText?: string
}

/** The fields of a query's result. */
export const RESULT_FIELDS = ['data', 'error', 'count', 'status', 'statusText'] as const
/** The fields of an auth or storage call's result. */
export const CALL_RESULT_FIELDS = ['data', 'error'] as const

/** The documented Response as a full result: fields it leaves out are `null`. */
export function documentedResult(
  response: Record<string, Json>,
  fields: readonly string[] = RESULT_FIELDS,
): ExampleResult {
  const unknown = Object.keys(response).filter((key) => !fields.includes(key))
  if (unknown.length > 0) throw new Error(`A response has no field ${unknown.join(', ')}`)
  if (fields === CALL_RESULT_FIELDS) return { data: response.data ?? null, error: response.error ?? null }
  return {
    data: response.data ?? null,
    error: response.error ?? null,
    count: (response.count as number | undefined) ?? null,
    status: response.status as number,
    statusText: response.statusText as string,
  }
}

/**
 * The client's result as plain JSON. A PostgREST error is the JSON body the client parsed; an
 * error the client made itself (a thrown `PostgrestError`, a failed fetch) keeps the same four
 * fields. An auth or storage error is what supabase-js gives as its JSON (`name`, `message`,
 * `status`, and `code` or `statusCode`); any other error its name and message.
 */
export function resultOf(
  returned:
    | {
        data?: unknown
        error?: unknown
        count?: number | null
        status?: number
        statusText?: string
      }
    | undefined,
): ExampleResult {
  // A call that resolves to nothing (`startAutoRefresh()`) has no data and no error.
  if (returned === undefined) return { data: null, error: null }
  if (!('status' in returned)) {
    return {
      data: toJson(returned.data),
      error: returned.error == null ? null : callErrorJson(returned.error),
    }
  }
  return {
    data: toJson(returned.data),
    error: returned.error == null ? null : errorJson(returned.error),
    count: returned.count ?? null,
    status: returned.status as number,
    statusText: returned.statusText as string,
  }
}

function errorJson(error: unknown): Json {
  if (error instanceof Error) {
    const fields = error as Error & Record<string, unknown>
    return toJson({ code: fields.code, details: fields.details, hint: fields.hint, message: error.message })
  }
  return toJson(error)
}

function callErrorJson(error: unknown): Json {
  if (error instanceof Error && typeof (error as { toJSON?: unknown }).toJSON !== 'function') {
    return { name: error.name, message: error.message }
  }
  return toJson(error)
}

function toJson(value: unknown): Json {
  if (value === undefined) return null
  // A downloaded file is a Blob, whose JSON would be `{}`: it is shown as its size and type. Bytes
  // (a token's signature) are shown as the list of numbers they are.
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => {
      if (item instanceof Blob) return { size: item.size, type: item.type }
      if (item instanceof Uint8Array) return Array.from(item)
      return item
    }),
  ) as Json
}

export interface Difference {
  /** `data.2.name`; the empty string is the whole result. */
  path: string
  documented: Json | undefined
  returned: Json | undefined
}

/** Every place where the returned result is not the documented one. */
export function compareResults(
  documented: ExampleResult,
  returned: ExampleResult,
  varies: readonly string[] = [],
): Difference[] {
  const differences: Difference[] = []
  const varying = varies.map((pattern) => pattern.split('.'))
  const isVarying = (path: string[]) =>
    varying.some(
      (pattern) =>
        pattern.length === path.length &&
        pattern.every((part, index) => part === '*' || part === path[index]),
    )

  const walk = (expected: Json | undefined, actual: Json | undefined, path: string[]) => {
    if (isVarying(path)) {
      if (kindOf(expected) !== kindOf(actual))
        differences.push({ path: path.join('.'), documented: expected, returned: actual })
      return
    }
    if (isObject(expected) && isObject(actual)) {
      for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
        walk(expected[key], actual[key], [...path, key])
      }
      return
    }
    if (Array.isArray(expected) && Array.isArray(actual)) {
      for (let index = 0; index < Math.max(expected.length, actual.length); index++) {
        walk(expected[index], actual[index], [...path, String(index)])
      }
      return
    }
    if (!Object.is(expected, actual))
      differences.push({ path: path.join('.'), documented: expected, returned: actual })
  }

  const fields = new Set([...Object.keys(documented), ...Object.keys(returned)]) as Set<keyof ExampleResult>
  for (const field of fields) walk(documented[field], returned[field], [field])
  return differences
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function kindOf(value: Json | undefined): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** One line per difference, for test failures and the page. */
export function describeDifference({ path, documented, returned }: Difference): string {
  const show = (value: Json | undefined) => (value === undefined ? 'nothing' : JSON.stringify(value))
  return `${path}: documented ${show(documented)}, returned ${show(returned)}`
}
