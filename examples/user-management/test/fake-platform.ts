/**
 * A stand-in for the platform's HTTP API, plugged in as the client's `fetch`. The client above
 * it is the real supabase-js: it builds the real requests and parses the answers, so the tests
 * cover the app's calls and its handling of the real answer formats, errors included.
 */

export interface RecordedRequest {
  method: string
  url: URL
  headers: Headers
  /** A string for JSON calls, a FormData for file uploads. */
  body: BodyInit | null
}

export type Answer = (request: RecordedRequest) => Response | Promise<Response>

interface Route {
  method: string
  /** An exact path, or a prefix when it ends with `*`. */
  path: string
  answer: Answer
}

export interface FakePlatform {
  readonly url: string
  /** supabase-js's `global.fetch` option. */
  readonly fetch: typeof fetch
  /** Every request, in order. */
  readonly requests: RecordedRequest[]
  /** Requests no route answered (they got a 501); a test should end with none. */
  readonly unanswered: string[]
  /** Adds a route; later routes win over earlier ones for the same request. */
  on(method: string, path: string, answer: Answer): FakePlatform
  /** The requests that went to one route. */
  requestsTo(method: string, path: string): RecordedRequest[]
}

function matches(route: Pick<Route, 'method' | 'path'>, method: string, pathname: string) {
  if (route.method !== method) return false
  return route.path.endsWith('*') ? pathname.startsWith(route.path.slice(0, -1)) : pathname === route.path
}

export function createFakePlatform(url: string): FakePlatform {
  const routes: Route[] = []
  const requests: RecordedRequest[] = []
  const unanswered: string[] = []

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const target = new URL(input instanceof Request ? input.url : String(input))
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const request: RecordedRequest = {
      method,
      url: target,
      headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
      body: init?.body ?? null,
    }
    requests.push(request)

    if (target.origin !== new URL(url).origin) {
      unanswered.push(`${method} ${target.href}`)
      throw new TypeError(`fetch failed: ${target.origin} is not the fake platform`)
    }
    const route = routes.findLast((candidate) => matches(candidate, method, target.pathname))
    if (route === undefined) {
      unanswered.push(`${method} ${target.pathname}${target.search}`)
      return json(501, { message: `no fake answer for ${method} ${target.pathname}` })
    }
    return route.answer(request)
  }

  const platform: FakePlatform = {
    url,
    fetch: fakeFetch,
    requests,
    unanswered,
    on(method, path, answer) {
      routes.push({ method: method.toUpperCase(), path, answer })
      return platform
    },
    requestsTo(method, path) {
      return requests.filter((request) =>
        matches({ method: method.toUpperCase(), path }, request.method, request.url.pathname),
      )
    },
  }
  return platform
}

/** A JSON answer. */
export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** An answer with no body (204 and friends). */
export function empty(status: number): Response {
  return new Response(null, { status })
}

/** What a dropped connection looks like to the client. */
export function networkFailure(): never {
  throw new TypeError('Failed to fetch')
}

/** The JSON a client sent, parsed. */
export function jsonBody(request: RecordedRequest | undefined): unknown {
  if (request === undefined) throw new Error('no such request was made')
  if (typeof request.body !== 'string') throw new Error('the request body is not JSON text')
  return JSON.parse(request.body)
}
