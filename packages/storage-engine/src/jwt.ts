/**
 * HS256 JWTs with Web Crypto, so the engine runs in a page as well as in Node. The refusals carry
 * the messages of `jsonwebtoken`, which storage-api v1.0.6 verifies with (`src/auth/jwt.ts`), since
 * they reach the client as the error's message.
 */

export type JwtPayload = Record<string, unknown> & { exp?: number; iat?: number; nbf?: number }

export class JwtError extends Error {}

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

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new JwtError('invalid token')
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function decodeJson(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(fromBase64url(part)))
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {
    // Reported below as jsonwebtoken reports it.
  }
  throw new JwtError('invalid token')
}

const now = () => Math.floor(Date.now() / 1000)

/** Signs `payload` with `iat`, and `exp` when `expiresIn` (seconds) is given. */
export async function signJwt(
  payload: Record<string, unknown>,
  secret: string,
  expiresIn?: number,
): Promise<string> {
  const iat = now()
  const claims = { ...payload, iat, ...(expiresIn ? { exp: iat + expiresIn } : {}) }
  const head = base64url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))
  const body = base64url(encoder.encode(JSON.stringify(claims)))
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${head}.${body}`))
  return `${head}.${body}.${base64url(new Uint8Array(signature))}`
}

/** Verifies an HS256 token and returns its payload, or throws a `JwtError`. */
export async function verifyJwt(token: string, secret: string): Promise<JwtPayload> {
  if (!token) throw new JwtError('jwt must be provided')
  const parts = token.split('.')
  if (parts.length !== 3) throw new JwtError('jwt malformed')
  const [head = '', body = '', signature = ''] = parts
  const header = decodeJson(head)
  const payload = decodeJson(body) as JwtPayload
  if (!signature) throw new JwtError('jwt signature is required')
  if (header.alg !== 'HS256') throw new JwtError('invalid algorithm')
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    fromBase64url(signature) as Uint8Array<ArrayBuffer>,
    encoder.encode(`${head}.${body}`),
  )
  if (!valid) throw new JwtError('invalid signature')
  if (typeof payload.nbf === 'number' && payload.nbf > now()) throw new JwtError('jwt not active')
  if (typeof payload.exp === 'number' && now() >= payload.exp) throw new JwtError('jwt expired')
  return payload
}
