/** The HTTP request of an operation: method, path, ordered query parameters, headers and body. */
import { embedPathText, fieldName, filterParam, orderText, quoted, selectText } from './postgrest-text'
import type {
  FilterNode,
  HttpHeader,
  JsonValue,
  Operation,
  OrderTerm,
  QueryParam,
  ReadShape,
  RequestModel,
} from './model'

export function buildRequest(operation: Operation): RequestModel {
  const query: QueryParam[] = []
  const headers: HttpHeader[] = []
  const prefer: string[] = []
  let body: JsonValue | undefined
  let method: RequestModel['method']
  let path = `/${encodeURIComponent(operation.relation.name)}`

  switch (operation.kind) {
    case 'select':
      method = operation.countOnly ? 'HEAD' : 'GET'
      query.push(['select', selectText(operation.select)])
      pushShape(query, operation)
      if (operation.count) prefer.push(`count=${operation.count}`)
      break
    case 'rpc':
      method = operation.method ?? 'POST'
      path = `/rpc/${encodeURIComponent(operation.relation.name)}`
      if (method === 'POST') {
        body = operation.args
        if (operation.columns) query.push(['columns', operation.columns.map(quoted).join(',')])
      } else query.push(...argumentParams(operation.args))
      if (operation.select) query.push(['select', selectText(operation.select)])
      pushShape(query, operation)
      if (operation.count) prefer.push(`count=${operation.count}`)
      break
    case 'insert': {
      method = operation.put ? 'PUT' : 'POST'
      body = operation.singleRow ? operation.rows[0]! : operation.rows
      if (operation.onConflict) {
        prefer.push(`resolution=${operation.onConflict.resolution}`)
        if (operation.onConflict.columns.length > 0) {
          query.push(['on_conflict', operation.onConflict.columns.map(fieldName).join(',')])
        }
      }
      if (operation.missingAsDefault) prefer.push('missing=default')
      // Several rows name their columns, so that rows may leave some out (the translator's
      // requests); a parsed request sends `columns=` only when it was sent.
      const columns =
        operation.columns ??
        (operation.singleRow ? [] : [...new Set(operation.rows.flatMap((row) => Object.keys(row)))])
      if (columns.length > 0) query.push(['columns', columns.map(quoted).join(',')])
      pushFilters(query, operation.filters ?? [])
      break
    }
    case 'update':
      method = 'PATCH'
      body = operation.values
      if (operation.columns) query.push(['columns', operation.columns.map(quoted).join(',')])
      pushFilters(query, operation.filters)
      pushLimits(query, operation)
      if (operation.missingAsDefault) prefer.push('missing=default')
      break
    case 'delete':
      method = 'DELETE'
      pushFilters(query, operation.filters)
      pushLimits(query, operation)
      break
  }

  if (
    (operation.kind === 'insert' || operation.kind === 'update' || operation.kind === 'delete') &&
    operation.returning
  ) {
    query.push(['select', selectText(operation.returning)])
    prefer.push('return=representation')
  }

  const schema = operation.relation.schema
  if (schema !== undefined) {
    headers.push({
      name: method === 'GET' || method === 'HEAD' ? 'Accept-Profile' : 'Content-Profile',
      value: schema,
    })
  }
  if (body !== undefined) headers.push({ name: 'Content-Type', value: 'application/json' })
  if (prefer.length > 0) headers.push({ name: 'Prefer', value: prefer.join(',') })

  const request: RequestModel = { method, path, query, headers, operation }
  if (body !== undefined) request.body = body
  return request
}

/** The arguments of a GET or HEAD call: one parameter per value, a list repeats its name. */
export function argumentParams(args: JsonValue): QueryParam[] {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return []
  return Object.entries(args).flatMap(([name, value]): QueryParam[] =>
    Array.isArray(value)
      ? value.map((item): QueryParam => [name, argumentText(item)])
      : [[name, argumentText(value)]],
  )
}

function argumentText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function pushFilters(query: QueryParam[], filters: FilterNode[]): void {
  for (const filter of filters) query.push(filterParam(filter))
}

function pushLimits(
  query: QueryParam[],
  shape: { order?: OrderTerm[]; limit?: number; offset?: number },
  prefix = '',
): void {
  if (shape.order && shape.order.length > 0) query.push([`${prefix}order`, orderText(shape.order)])
  if (shape.offset !== undefined) query.push([`${prefix}offset`, String(shape.offset)])
  if (shape.limit !== undefined) query.push([`${prefix}limit`, String(shape.limit)])
}

function pushShape(query: QueryParam[], shape: ReadShape): void {
  pushFilters(query, shape.filters)
  pushLimits(query, shape)
  for (const embedded of shape.embedded ?? [])
    pushLimits(query, embedded, `${embedPathText(embedded.embedPath)}.`)
}
