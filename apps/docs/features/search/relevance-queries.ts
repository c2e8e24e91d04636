/**
 * Queries a reader types, with the page that must come back among the first three results.
 * `e2e/search.spec.ts` runs them through the search dialog of the built site and prints the hit
 * rate. When a page moves, update its entry here; when a query stops finding its page, fix the
 * content or the indexing, not the expectation.
 */
export interface RelevanceQuery {
  query: string
  /** Site path of the page (no `#section`). */
  expected: string
}

export const RELEVANCE_QUERIES: readonly RelevanceQuery[] = [
  // Getting started and keys
  { query: 'anon key', expected: '/guides/getting-started/api-keys' },
  { query: 'service_role key', expected: '/guides/getting-started/api-keys' },
  { query: 'createClient', expected: '/reference/javascript/initializing' },
  { query: 'typescript types', expected: '/reference/javascript/typescript-support' },
  // Auth guides
  { query: 'captcha', expected: '/guides/auth/captcha' },
  { query: 'magic link', expected: '/reference/javascript/auth-sign-in-with-otp' },
  { query: 'google sign in', expected: '/guides/auth/social-login/google' },
  { query: 'github oauth app', expected: '/guides/auth/social-login/github' },
  { query: 'sign in with apple', expected: '/guides/auth/social-login/apple' },
  { query: 'twilio', expected: '/guides/auth/phone-login' },
  { query: 'redirect urls', expected: '/guides/auth/redirect-urls' },
  { query: 'callback route', expected: '/guides/auth/callback-route' },
  { query: 'error codes', expected: '/guides/auth/error-codes' },
  { query: 'bad_jwt', expected: '/guides/auth/error-codes' },
  { query: 'weak_password', expected: '/reference/javascript/auth-error-codes' },
  { query: 'pkce', expected: '/reference/javascript/auth-exchange-code-for-session' },
  // Other guides
  { query: 'rate limit', expected: '/guides/production' },
  { query: 'compute size', expected: '/guides/production/compute-add-ons' },
  { query: 'sql to rest', expected: '/guides/api/sql-to-rest' },
  { query: 'embeddings', expected: '/guides/ai/model-hub' },
  // CLI reference
  { query: 'db diff', expected: '/reference/cli/supabase-db-diff' },
  { query: 'db push', expected: '/reference/cli/supabase-db-push' },
  { query: 'db reset', expected: '/reference/cli/supabase-db-reset' },
  { query: 'migration new', expected: '/reference/cli/supabase-migration-new' },
  { query: 'supabase start', expected: '/reference/cli/supabase-start' },
  { query: 'gen types typescript', expected: '/reference/cli/supabase-gen-types' },
  { query: 'secrets set', expected: '/reference/cli/supabase-secrets-set' },
  { query: 'install cli', expected: '/reference/cli/install-and-upgrade' },
  // JavaScript reference
  { query: 'upsert', expected: '/reference/javascript/upsert' },
  { query: 'signInWithOAuth', expected: '/reference/javascript/auth-sign-in-with-oauth' },
  { query: 'order results', expected: '/reference/javascript/order' },
  { query: 'upload file storage', expected: '/reference/javascript/storage-from-upload' },
  { query: 'realtime subscribe', expected: '/reference/javascript/realtime-subscribe' },
  { query: 'delete user', expected: '/reference/javascript/admin-delete-user' },
  { query: 'reset password', expected: '/reference/javascript/auth-reset-password-for-email' },
  // Management API reference
  { query: 'branch', expected: '/reference/api/v1-create-a-branch' },
  { query: 'vanity subdomain', expected: '/reference/api/v1-activate-vanity-subdomain-config' },
]
