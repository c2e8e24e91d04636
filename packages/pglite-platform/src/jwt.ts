/**
 * The platform's tokens: HS256 JSON Web Tokens signed with the project's JWT secret, on Web Crypto
 * so the services run in a page as well as in Node. The auth, REST and storage engines sign and
 * check with these; each words its own refusals, as GoTrue (golang-jwt), PostgREST (jose) and
 * storage-api (jsonwebtoken) word theirs differently.
 */

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

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The bytes of unpadded (or padded) base64url text; `undefined` when it is not base64url. */
export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return undefined
  const bare = text.replace(/=+$/, '')
  try {
    return Uint8Array.from(atob(bare.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}

/** A segment's JSON value; `undefined` when it is not base64url JSON. */
export function decodeJwtSegment(segment: string): unknown {
  const bytes = base64UrlDecode(segment)
  if (!bytes) return undefined
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown
  } catch {
    return undefined
  }
}

/** Signs `claims` as they are (add `iat` and `exp` first when the token needs them). */
export async function signHs256(claims: Record<string, unknown>, secret: string): Promise<string> {
  const header = base64UrlEncode(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))
  const payload = base64UrlEncode(encoder.encode(JSON.stringify(claims)))
  const signature = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    encoder.encode(`${header}.${payload}`),
  )
  return `${header}.${payload}.${base64UrlEncode(new Uint8Array(signature))}`
}

/**
 * Whether `signature` (base64url) is the HS256 signature of `signingInput` (`header.payload`)
 * with `secret`; false when it is not base64url.
 */
export async function hs256SignatureValid(
  signingInput: string,
  signature: string,
  secret: string,
): Promise<boolean> {
  const bytes = base64UrlDecode(signature)
  if (!bytes) return false
  return crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, encoder.encode(signingInput))
}
