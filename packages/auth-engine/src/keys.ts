/** The project's API keys: long-lived JWTs with a role, signed with the JWT secret, as the CLI makes them. */
import { CLI_JWT_SECRET } from './config'
import { signJwt } from './jwt'

/** An `anon` or `service_role` key for `secret`, valid for ten years from `issuedAt` (seconds). */
export function apiKey(
  role: 'anon' | 'service_role',
  secret = CLI_JWT_SECRET,
  issuedAt = 1_700_000_000,
): Promise<string> {
  return signJwt({ iss: 'supabase-demo', role, exp: issuedAt + 10 * 365 * 24 * 3600 }, secret)
}
