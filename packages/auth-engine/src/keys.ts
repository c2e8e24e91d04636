/**
 * The project's API keys, made as the CLI makes them (`pkg/config/config.go` at v1.187.14,
 * `CustomClaims.NewToken`): `{ iss: 'supabase-demo', role, exp: 1983812996 }` signed with HS256 and
 * the JWT secret. With the CLI's default secret they are the keys `supabase status` prints.
 */
import { CLI_JWT_SECRET } from './config'
import { signJwt } from './jwt'

/** The CLI's `defaultJwtExpiry`: the keys' `exp`, in 2032. */
export const CLI_KEY_EXPIRY = 1_983_812_996

/** An `anon` or `service_role` key signed with `secret`. */
export function apiKey(role: 'anon' | 'service_role', secret = CLI_JWT_SECRET): Promise<string> {
  return signJwt({ iss: 'supabase-demo', role, exp: CLI_KEY_EXPIRY }, secret)
}
