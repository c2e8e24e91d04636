/** Signs test tokens as the platform's auth server does: HS256 over the claims, with `secret`. */
import { createHmac } from 'node:crypto'

export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const signed = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`
}
