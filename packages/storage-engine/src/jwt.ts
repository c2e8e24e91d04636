/**
 * The service's tokens (HS256, `@docs/pglite-platform/jwt`), with the refusals worded as
 * `jsonwebtoken` words them, which storage-api v1.0.6 verifies with (`src/auth/jwt.ts`), since they
 * reach the client as the error's message.
 */
import { decodeJwtSegment, hs256SignatureValid, signHs256 } from '@docs/pglite-platform/jwt'

export type JwtPayload = Record<string, unknown> & { exp?: number; iat?: number; nbf?: number }

export class JwtError extends Error {}

const now = () => Math.floor(Date.now() / 1000)

function decodeJson(part: string): Record<string, unknown> {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new JwtError('invalid token')
  const value = decodeJwtSegment(part)
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  throw new JwtError('invalid token')
}

/** Signs `payload` with `iat`, and `exp` when `expiresIn` (seconds) is given. */
export function signJwt(
  payload: Record<string, unknown>,
  secret: string,
  expiresIn?: number,
): Promise<string> {
  const iat = now()
  return signHs256({ ...payload, iat, ...(expiresIn ? { exp: iat + expiresIn } : {}) }, secret)
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
  if (!/^[A-Za-z0-9_-]*$/.test(signature)) throw new JwtError('invalid token')
  if (!(await hs256SignatureValid(`${head}.${body}`, signature, secret)))
    throw new JwtError('invalid signature')
  if (typeof payload.nbf === 'number' && payload.nbf > now()) throw new JwtError('jwt not active')
  if (typeof payload.exp === 'number' && now() >= payload.exp) throw new JwtError('jwt expired')
  return payload
}
