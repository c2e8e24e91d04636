/**
 * The keys and the user the documented examples run with, as the local stack's JWTs would carry
 * them. The signature part is a placeholder: the REST engine takes their claims unverified
 * (`EXAMPLE_API_AUTH`). No Node and no DOM, so the guides' Run worker, the reference's runner and
 * the build all import it.
 */

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: object) => base64url(JSON.stringify(value))
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature-not-checked`
}

/** The user whose access token `$USER_ACCESS_TOKEN` holds; pages that need a user create this id. */
export const EXAMPLE_USER_ID = '5b5c1f5e-8f3a-4c59-9d4e-3f1c2a7b9e01'

/** The three keys the examples use. */
export const exampleEnv = {
  SUPABASE_ANON_KEY: fakeJwt({ iss: 'supabase-demo', role: 'anon' }),
  SUPABASE_SERVICE_ROLE_KEY: fakeJwt({ iss: 'supabase-demo', role: 'service_role' }),
  USER_ACCESS_TOKEN: fakeJwt({ aud: 'authenticated', role: 'authenticated', sub: EXAMPLE_USER_ID }),
}

/** The example user's account, as every user with a token has one. */
export const EXAMPLE_USER_SQL = `insert into auth.users (id, email) values ('${EXAMPLE_USER_ID}', 'reader@example.com');`

/**
 * How the platform's PostgREST reads these keys, as REST engine options: `anon` without a token,
 * the role of the token's `role` claim otherwise (`db-anon-role` and the CLI's `[api]`
 * `extra_search_path`). The examples' keys carry no real signature, so their claims are taken
 * as they are, as from a gateway that verified them.
 */
export const EXAMPLE_API_AUTH = {
  anonRole: 'anon',
  jwt: { unverified: true },
  extraSearchPath: ['public', 'extensions'],
}
