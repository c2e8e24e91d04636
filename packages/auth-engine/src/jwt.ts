/**
 * HS256 JSON Web Tokens on Web Crypto: GoTrue signs its access tokens with the project's JWT
 * secret, and checks the bearer tokens it receives with it.
 */
import { decodeJwtSegment, hs256SignatureValid, signHs256 } from '@docs/pglite-platform/jwt'

export function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
  return signHs256(claims, secret)
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
  const header = decodeJwtSegment(headerPart)
  const claims = decodeJwtSegment(payloadPart)
  if (header === undefined || claims === undefined)
    throw new JwtError('token is malformed: could not JSON decode header or claims')
  if (!isRecord(header) || !isRecord(claims))
    throw new JwtError('token is malformed: could not JSON decode claims')
  if (header['alg'] !== 'HS256')
    throw new JwtError('token is unverifiable: signing method (alg) is unavailable')
  if (!(await hs256SignatureValid(`${headerPart}.${payloadPart}`, signaturePart, secret)))
    throw new JwtError('token signature is invalid: signature is invalid')
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
