/**
 * The keys and the user the documented examples run with: real tokens of the local stack, signed
 * with the CLI's default JWT secret. The anon and service_role keys are the ones `supabase status`
 * prints (CLI v1.187.14 `pkg/config/config.go`: `{ iss: 'supabase-demo', role, exp: 1983812996 }`);
 * the user's access token carries the claims a session's token would. They are written out, not
 * signed at load, so no Node and no await is needed: the guides' Run worker, the reference's runner
 * and the build all import it. `example-keys.test.ts` checks each signature.
 */

/** The CLI's default `[auth] jwt_secret`, which every local project has unless it sets its own. */
export const CLI_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

/** The user whose access token `$USER_ACCESS_TOKEN` holds; pages that need a user create this id. */
export const EXAMPLE_USER_ID = '5b5c1f5e-8f3a-4c59-9d4e-3f1c2a7b9e01'

/** The three keys the examples use. */
export const exampleEnv = {
  SUPABASE_ANON_KEY:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  SUPABASE_SERVICE_ROLE_KEY:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
  USER_ACCESS_TOKEN:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhdWQiOiJhdXRoZW50aWNhdGVkIiwicm9sZSI6ImF1dGhlbnRpY2F0ZWQiLCJzdWIiOiI1YjVjMWY1ZS04ZjNhLTRjNTktOWQ0ZS0zZjFjMmE3YjllMDEifQ.sn1WG_GdNSHeQKBxGExHx3XNM9sdtZClN-EDtmP9MGg',
}

/** The example user's e-mail address: a guide's `runnable signed-in` example signs in as this user. */
export const EXAMPLE_USER_EMAIL = 'reader@example.com'

/** The example user's account, as every user with a token has one. */
export const EXAMPLE_USER_SQL = `insert into auth.users (id, email) values ('${EXAMPLE_USER_ID}', '${EXAMPLE_USER_EMAIL}');`

/**
 * How the local stack's PostgREST reads these keys, as REST engine options: the token is checked
 * with the JWT secret, a request runs as the role its `role` claim names (`anon` without a token:
 * `db-anon-role`), with the CLI's `[api] extra_search_path`.
 */
export const EXAMPLE_API_AUTH = {
  anonRole: 'anon',
  jwt: { secret: CLI_JWT_SECRET },
  extraSearchPath: ['public', 'extensions'],
}
