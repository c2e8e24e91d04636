/** The HTTP request of an operation: method, path, ordered query parameters, headers and body. */
import { fieldName, filterParam, orderText, quoted, selectText } from './grammar/postgrest-text'
import type { HttpHeader, JsonValue, Operation, QueryParam, ReadShape, RequestModel } from './model'

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
      if (operation.countOnly) prefer.push('count=exact')
      break
    case 'rpc':
      method = 'POST'
      path = `/rpc/${encodeURIComponent(operation.relation.name)}`
      body = operation.args
      if (operation.select) query.push(['select', selectText(operation.select)])
      pushShape(query, operation)
      break
    case 'insert': {
      method = 'POST'
      body = operation.singleRow ? operation.rows[0]! : operation.rows
      if (operation.onConflict) {
        prefer.push(`resolution=${operation.onConflict.resolution}`)
        if (operation.onConflict.columns.length > 0) {
          query.push(['on_conflict', operation.onConflict.columns.map(fieldName).join(',')])
        }
      }
      if (operation.missingAsDefault) prefer.push('missing=default')
      if (!operation.singleRow) {
        const columns = [...new Set(operation.rows.flatMap((row) => Object.keys(row)))]
        if (columns.length > 0) query.push(['columns', columns.map(quoted).join(',')])
      }
      break
    }
    case 'update':
      method = 'PATCH'
      body = operation.values
      for (const filter of operation.filters) query.push(filterParam(filter))
      break
    case 'delete':
      method = 'DELETE'
      for (const filter of operation.filters) query.push(filterParam(filter))
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

function pushShape(query: QueryParam[], shape: ReadShape): void {
  for (const filter of shape.filters) query.push(filterParam(filter))
  if (shape.order.length > 0) query.push(['order', orderText(shape.order)])
  if (shape.offset !== undefined) query.push(['offset', String(shape.offset)])
  if (shape.limit !== undefined) query.push(['limit', String(shape.limit)])
}
