/**
 * HS256 JSON Web Tokens on Web Crypto: GoTrue signs its access tokens with the project's JWT
 * secret, and checks the bearer tokens it receives with it.
 */
import { base64Url, base64UrlDecode } from './crypto'

const encoder = new TextEncoder()
const keys = new Map<string, Promise<CryptoKey>>()

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
    keys.set(secret, key)
  }
  return key
}

export async function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
  const header = base64Url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))
  const payload = base64Url(encoder.encode(JSON.stringify(claims)))
  const signature = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    encoder.encode(`${header}.${payload}`),
  )
  return `${header}.${payload}.${base64Url(new Uint8Array(signature))}`
}

/** Why a token was refused, in the words of golang-jwt v5 (which GoTrue puts in its message). */
export class JwtError extends Error {}

/**
 * The claims of a token signed with `secret` by HS256 that has not expired (nor is used before
 * its `nbf`), or a JwtError.
 */
export async function verifyJwt(
  token: string,
  secret: string,
  now = Date.now(),
): Promise<Record<string, unknown>> {
  const parts = token.split('.')
  if (parts.length !== 3)
    throw new JwtError('token is malformed: token contains an invalid number of segments')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  let header: unknown
  let claims: unknown
  try {
    header = JSON.parse(new TextDecoder().decode(base64UrlDecode(headerPart)))
    claims = JSON.parse(new TextDecoder().decode(base64UrlDecode(payloadPart)))
  } catch {
    throw new JwtError('token is malformed: could not JSON decode header or claims')
  }
  if (!isRecord(header) || !isRecord(claims))
    throw new JwtError('token is malformed: could not JSON decode claims')
  if (header['alg'] !== 'HS256')
    throw new JwtError('token is unverifiable: signing method (alg) is unavailable')
  let signature: Uint8Array<ArrayBuffer>
  try {
    signature = base64UrlDecode(signaturePart)
  } catch {
    throw new JwtError('token signature is invalid: signature is invalid')
  }
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signature,
    encoder.encode(`${headerPart}.${payloadPart}`),
  )
  if (!valid) throw new JwtError('token signature is invalid: signature is invalid')
  const seconds = now / 1000
  if (typeof claims['exp'] === 'number' && seconds >= claims['exp']) {
    throw new JwtError('token has invalid claims: token is expired')
  }
  if (typeof claims['nbf'] === 'number' && seconds < claims['nbf']) {
    throw new JwtError('token has invalid claims: token is not valid yet')
  }
  return claims
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
