/**
 * Requests as comparable values: one captured from the real @supabase/postgrest-js running our
 * supabase-js rendering, one read back from our raw HTTP rendering.
 */
import { PostgrestClient } from '@supabase/postgrest-js'

export interface ComparableRequest {
  method: string
  path: string
  query: [string, string][]
  headers: Record<string, string>
  body: unknown
}

const BASE_URL = 'http://localhost:54321/rest/v1'

// Headers that change what PostgREST does. `return=representation` is dropped on reads and RPC
// calls: supabase-js adds it whenever .select() is called, and PostgREST ignores it there.
function relevantHeaders(
  method: string,
  path: string,
  headers: Headers,
  hasBody: boolean,
): Record<string, string> {
  const result: Record<string, string> = {}
  for (const name of ['accept-profile', 'content-profile']) {
    const value = headers.get(name)
    if (value !== null) result[name] = value
  }
  if (hasBody) result['content-type'] = headers.get('content-type') ?? ''
  const isRead = method === 'GET' || method === 'HEAD' || path.startsWith('/rpc/')
  const prefer = (headers.get('prefer') ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '' && !(isRead && token === 'return=representation'))
  if (prefer.length > 0) result.prefer = prefer.join(',')
  return result
}

function fromUrl(method: string, url: URL, headers: Headers, body: unknown): ComparableRequest {
  const basePath = new URL(BASE_URL).pathname
  const path = decodeURIComponent(url.pathname.slice(basePath.length))
  return {
    method,
    path,
    query: [...url.searchParams.entries()],
    headers: relevantHeaders(method, path, headers, body !== undefined),
    body,
  }
}

type Capture = { input: string; init: RequestInit }

/** Runs a supabase-js rendering against postgrest-js and returns the request it sent. */
export async function captureSupabaseJs(code: string): Promise<ComparableRequest> {
  const captured: Capture[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    captured.push({ input: String(input), init: init ?? {} })
    return new Response('[]', {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Content-Range': '0-0/0' },
    })
  }
  const supabase = new PostgrestClient(BASE_URL, { fetch })
  // The rendering is a statement that awaits the client; run it as the body of an async function.
  const run = new Function('supabase', `return (async () => {\n${code}\n})()`) as (
    client: unknown,
  ) => Promise<void>
  await run(supabase)
  if (captured.length !== 1) throw new Error(`expected one request, saw ${captured.length}`)
  const [{ input, init }] = captured as [Capture]
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
  return fromUrl(init.method ?? 'GET', new URL(input), new Headers(init.headers), body)
}

/** Reads our raw HTTP rendering back into a request. */
export function parseRawHttp(text: string): ComparableRequest {
  const [head = '', ...rest] = text.split('\n\n')
  const [requestLine = '', ...headerLines] = head.split('\n')
  const match = /^([A-Z]+) (\S+) HTTP\/1\.1$/.exec(requestLine)
  if (!match) throw new Error(`bad request line: ${requestLine}`)
  const headers = new Headers()
  let host = ''
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon)
    const value = line.slice(colon + 1).trim()
    if (name.toLowerCase() === 'host') host = value
    else headers.append(name, value)
  }
  const bodyText = rest.join('\n\n')
  const body = bodyText === '' ? undefined : (JSON.parse(bodyText) as unknown)
  return fromUrl(match[1]!, new URL(`http://${host}${match[2]}`), headers, body)
}
