/**
 * Requests and responses as they cross `postMessage` (iframe -> guide page -> worker and back):
 * plain objects with the body as bytes, which structured cloning copies and which rebuild into a
 * `Request` or `Response` equal to the original for every engine and for supabase-js.
 */

export interface WireRequest {
  url: string
  method: string
  headers: [string, string][]
  /** Null for GET and HEAD, which cannot carry a body. */
  body: ArrayBuffer | null
}

export interface WireResponse {
  status: number
  statusText: string
  headers: [string, string][]
  body: ArrayBuffer | null
}

/** What travels back on a request's port: the answer, or why there is none. */
export type WireReply = { response: WireResponse } | { error: string }

/** Statuses whose response must have no body (`new Response(body, { status: 204 })` throws). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/** Reads a request, as `fetch` takes it, into its wire form. */
export async function requestToWire(input: RequestInfo | URL, init?: RequestInit): Promise<WireRequest> {
  // `new Request` sets what the caller left to the browser, such as a multipart boundary.
  const request = new Request(input, init)
  const bodyless = request.method === 'GET' || request.method === 'HEAD'
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    body: bodyless ? null : await request.arrayBuffer(),
  }
}

export function wireToRequest(wire: WireRequest): Request {
  return new Request(wire.url, {
    method: wire.method,
    headers: wire.headers,
    body: wire.body,
    // The platform answers redirects itself (the e-mail link's 303); nothing follows them.
    redirect: 'manual',
  })
}

export async function responseToWire(response: Response): Promise<WireResponse> {
  const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer()
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: body !== null && body.byteLength === 0 ? null : body,
  }
}

export function wireToResponse(wire: WireResponse): Response {
  return new Response(NULL_BODY_STATUSES.has(wire.status) ? null : wire.body, {
    status: wire.status,
    statusText: wire.statusText,
    headers: wire.headers,
  })
}

/** The transferable buffers of a message, so large uploads are moved rather than copied. */
export function transferablesOf(wire: WireRequest | WireResponse): Transferable[] {
  return wire.body ? [wire.body] : []
}
