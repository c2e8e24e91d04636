import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { base64UrlDecode, decodeJwtSegment, hs256SignatureValid, signHs256 } from '../src/jwt'

const secret = 'super-secret-jwt-token-with-at-least-32-characters-long'

describe('the platform tokens', () => {
  it('signs HS256 as any JWT library does (checked with Node crypto)', async () => {
    const token = await signHs256({ role: 'anon', iss: 'supabase-demo' }, secret)
    const [header, payload, signature] = token.split('.') as [string, string, string]
    expect(decodeJwtSegment(header)).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(decodeJwtSegment(payload)).toEqual({ role: 'anon', iss: 'supabase-demo' })
    expect(signature).toBe(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'))
  })

  it('accepts its signature and refuses another secret, a changed payload or bad base64url', async () => {
    const token = await signHs256({ sub: 'a' }, secret)
    const [header, payload, signature] = token.split('.') as [string, string, string]
    expect(await hs256SignatureValid(`${header}.${payload}`, signature, secret)).toBe(true)
    expect(await hs256SignatureValid(`${header}.${payload}`, signature, `${secret}!`)).toBe(false)
    expect(await hs256SignatureValid(`${header}.${payload}x`, signature, secret)).toBe(false)
    expect(await hs256SignatureValid(`${header}.${payload}`, 'not base64url!', secret)).toBe(false)
  })

  it('reads base64url with or without padding, and nothing else', () => {
    expect(Array.from(base64UrlDecode('-_8')!)).toEqual([251, 255])
    expect(Array.from(base64UrlDecode('-_8=')!)).toEqual([251, 255])
    expect(base64UrlDecode('+/8=')).toBeUndefined()
    expect(decodeJwtSegment('bm90IGpzb24')).toBeUndefined()
  })
})
