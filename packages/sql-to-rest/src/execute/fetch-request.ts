/** A request model as the `Request` a client would send, to hand to a fetch-compatible handler. */
import type { RequestModel } from '@docs/postgrest-request'
import { bodyText, DEFAULT_BASE_URL, requestTarget } from '../render/shared'

export function fetchRequest(request: RequestModel, baseUrl: string = DEFAULT_BASE_URL): Request {
  const base = new URL(baseUrl)
  const headers = new Headers()
  for (const header of request.headers) headers.append(header.name, header.value)
  const body = bodyText(request)
  return new Request(`${base.origin}${requestTarget(base, request)}`, {
    method: request.method,
    headers,
    ...(body === undefined ? {} : { body }),
  })
}
