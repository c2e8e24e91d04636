import { describe, expect, it, vi } from 'vitest'
import {
  PlatformRequestError,
  branchesRequest,
  organizationsRequest,
  platformUrl,
  projectApiRequest,
  runPlatformRequest,
} from './platform-requests'
import { parseProjectApi, parseProjects } from './platform-responses'

const API = 'http://localhost:3001'

describe('requests that need a project', () => {
  it('throw "projectRef is required" without one', () => {
    expect(() => branchesRequest(undefined)).toThrow('projectRef is required')
    expect(() => branchesRequest('')).toThrow('projectRef is required')
    expect(() => projectApiRequest(undefined)).toThrow('projectRef is required')
  })

  it('encode the ref into the path', () => {
    expect(branchesRequest('abc').path).toBe('/v1/projects/abc/branches')
    expect(projectApiRequest('a/../b').path).toBe('/platform/props/project/a%2F..%2Fb/api')
  })
})

describe('platformUrl', () => {
  it('resolves paths on the platform API, keeping a base path', () => {
    expect(platformUrl(API, '/platform/projects').href).toBe(`${API}/platform/projects`)
    expect(platformUrl('https://api.example.com/base/', '/platform/projects').href).toBe(
      'https://api.example.com/base/platform/projects',
    )
  })

  it('refuses paths that would leave the platform API origin', () => {
    expect(() => platformUrl(API, '//evil.example/steal')).toThrow(PlatformRequestError)
    expect(() => platformUrl(API, 'https://evil.example/')).toThrow(PlatformRequestError)
  })
})

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

describe('runPlatformRequest', () => {
  it('sends the token as a bearer header to the platform API only, without cookies', async () => {
    const fetch = vi.fn(async () => jsonResponse([{ id: 1, name: 'Acme' }]))
    const result = await runPlatformRequest(organizationsRequest, {
      apiBaseUrl: API,
      token: 'tok.en.value',
      signal: new AbortController().signal,
      fetch,
    })
    expect(result).toEqual([{ id: 1, name: 'Acme' }])
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit]
    expect(url.origin).toBe(API)
    expect(init.headers).toEqual({ Authorization: 'Bearer tok.en.value', Accept: 'application/json' })
    expect(init.credentials).toBe('omit')
  })

  it('fails on an error status, naming it', async () => {
    const fetch = vi.fn(async () => jsonResponse({ message: 'nope' }, 500))
    const run = runPlatformRequest(organizationsRequest, {
      apiBaseUrl: API,
      token: 't',
      signal: new AbortController().signal,
      fetch,
    })
    await expect(run).rejects.toThrow('/platform/organizations answered 500')
  })

  it('fails on a body that is not JSON', async () => {
    const fetch = vi.fn(async () => new Response('{"broken', { status: 200 }))
    const run = runPlatformRequest(organizationsRequest, {
      apiBaseUrl: API,
      token: 't',
      signal: new AbortController().signal,
      fetch,
    })
    await expect(run).rejects.toThrow('did not answer with JSON')
  })

  it('fails on JSON of the wrong shape', async () => {
    const fetch = vi.fn(async () => jsonResponse({ organizations: [] }))
    const run = runPlatformRequest(organizationsRequest, {
      apiBaseUrl: API,
      token: 't',
      signal: new AbortController().signal,
      fetch,
    })
    await expect(run).rejects.toThrow('Unexpected organizations response: expected a list')
  })

  it('passes an abort signal that follows the caller', async () => {
    const controller = new AbortController()
    let seen: AbortSignal | undefined
    const fetch = vi.fn(async (_url: URL | RequestInfo, init?: RequestInit) => {
      seen = init?.signal ?? undefined
      return jsonResponse([])
    })
    await runPlatformRequest(organizationsRequest, {
      apiBaseUrl: API,
      token: 't',
      signal: controller.signal,
      fetch,
    })
    expect(seen?.aborted).toBe(false)
    controller.abort()
    expect(seen?.aborted).toBe(true)
  })
})

describe('response parsing', () => {
  it('keeps the anon key and drops the service_role key', () => {
    const parsed = parseProjectApi({
      autoApiService: {
        endpoint: 'abc.basebox.co',
        protocol: 'https',
        defaultApiKey: 'anon.key.value',
        serviceApiKey: 'service.role.key',
      },
    })
    expect(parsed).toEqual({ endpoint: 'abc.basebox.co', protocol: 'https', anonKey: 'anon.key.value' })
    expect(JSON.stringify(parsed)).not.toContain('service.role.key')
  })

  it('defaults the protocol to https and treats an empty endpoint as missing', () => {
    expect(parseProjectApi({ autoApiService: { endpoint: '', defaultApiKey: 'k' } })).toEqual({
      endpoint: undefined,
      protocol: 'https',
      anonKey: 'k',
    })
  })

  it('rejects settings without an anon key', () => {
    expect(() => parseProjectApi({ autoApiService: { endpoint: 'x' } })).toThrow('no defaultApiKey')
    expect(() => parseProjectApi(null)).toThrow('no autoApiService')
  })

  it('names the bad entry of a list', () => {
    expect(() =>
      parseProjects([
        { ref: 'a', organization_id: 1, name: 'A', is_branch_enabled: false },
        { ref: 'b', organization_id: '1', name: 'B', is_branch_enabled: false },
      ]),
    ).toThrow('bad entry at index 1')
  })
})
