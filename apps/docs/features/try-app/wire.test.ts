import { describe, expect, it } from 'vitest'
import { requestToWire, responseToWire, transferablesOf, wireToRequest, wireToResponse } from './wire'

const text = (buffer: ArrayBuffer | null) => (buffer ? new TextDecoder().decode(buffer) : null)

describe('requests on the wire', () => {
  it('keeps method, URL, headers and a JSON body', async () => {
    const wire = await requestToWire('http://127.0.0.1:54321/rest/v1/profiles?id=eq.1', {
      method: 'PATCH',
      headers: { apikey: 'key', 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({ username: 'ada' }),
    })
    expect(wire.method).toBe('PATCH')
    expect(text(wire.body)).toBe('{"username":"ada"}')
    const request = wireToRequest(structuredClone(wire))
    expect(request.url).toBe('http://127.0.0.1:54321/rest/v1/profiles?id=eq.1')
    expect(request.headers.get('prefer')).toBe('return=minimal')
    expect(request.headers.get('apikey')).toBe('key')
    expect(await request.json()).toEqual({ username: 'ada' })
  })

  it('sends no body for GET, even from a Request object', async () => {
    const wire = await requestToWire(new Request('http://127.0.0.1:54321/auth/v1/user'))
    expect(wire.body).toBeNull()
    expect(transferablesOf(wire)).toEqual([])
    expect(wireToRequest(wire).method).toBe('GET')
  })

  it('carries a multipart upload byte for byte, with the boundary the browser chose', async () => {
    const form = new FormData()
    form.append('cacheControl', '3600')
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255])
    form.append('', new Blob([png], { type: 'image/png' }), 'a.png')
    const wire = await requestToWire('http://127.0.0.1:54321/storage/v1/object/avatars/u/a.png', {
      method: 'POST',
      body: form,
    })
    expect(wire.headers.find(([name]) => name === 'content-type')?.[1]).toMatch(/^multipart\/form-data; boundary=/)
    expect(transferablesOf(wire)).toEqual([wire.body])
    const received = await wireToRequest(wire).formData()
    expect(received.get('cacheControl')).toBe('3600')
    const file = received.get('') as File
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png)
  })

  it('does not follow redirects: the 303 of an e-mail link reaches the caller', () => {
    const request = wireToRequest({ url: 'http://127.0.0.1:54321/auth/v1/verify', method: 'GET', headers: [], body: null })
    expect(request.redirect).toBe('manual')
  })
})

describe('responses on the wire', () => {
  it('keeps status, headers and body', async () => {
    const original = Response.json({ msg: 'Email rate limit exceeded' }, {
      status: 429,
      statusText: 'Too Many Requests',
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    })
    const rebuilt = wireToResponse(structuredClone(await responseToWire(original)))
    expect(rebuilt.status).toBe(429)
    expect(rebuilt.statusText).toBe('Too Many Requests')
    expect(rebuilt.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await rebuilt.json()).toEqual({ msg: 'Email rate limit exceeded' })
  })

  it('rebuilds bodiless answers (204, a redirect) without throwing', async () => {
    const noContent = await responseToWire(new Response(null, { status: 204 }))
    expect(noContent.body).toBeNull()
    expect(wireToResponse(noContent).status).toBe(204)
    // A 204 that somehow came with bytes is still rebuilt: the bytes are dropped, as a browser does.
    expect(wireToResponse({ ...noContent, body: new ArrayBuffer(2) }).status).toBe(204)

    const redirect = await responseToWire(
      new Response(null, { status: 303, headers: { Location: 'http://localhost/#access_token=x' } }),
    )
    const rebuilt = wireToResponse(redirect)
    expect(rebuilt.status).toBe(303)
    expect(rebuilt.headers.get('location')).toBe('http://localhost/#access_token=x')
  })

  it('keeps binary bodies (a downloaded avatar) intact', async () => {
    const bytes = new Uint8Array([0, 1, 2, 253, 254, 255])
    const wire = await responseToWire(new Response(bytes, { headers: { 'Content-Type': 'image/png' } }))
    const rebuilt = wireToResponse(wire)
    expect(new Uint8Array(await (await rebuilt.blob()).arrayBuffer())).toEqual(bytes)
    expect(rebuilt.headers.get('content-type')).toBe('image/png')
  })
})
