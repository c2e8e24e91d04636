/**
 * Queries a developer types, with the pages that count as a right answer. Written from what a
 * reader would type, before the ranking was tuned; `bench/search-relevance` prints the top-1 and
 * top-3 hit rates of the whole set over a built export, and `e2e/search.spec.ts` runs the
 * `inBrowser` subset through the dialog. When a page moves, update its entry; when a query stops
 * finding its page, fix the content or the ranking, not the expectation.
 */
export interface RelevanceQuery {
  query: string
  /**
   * Site paths that answer the query (no `#section`). An entry ending in `/` accepts any page
   * under it: guides that are being written (`/guides/storage/`) count as well as the reference.
   */
  expected: readonly string[]
  /** Also checked in the browser test of the dialog. */
  inBrowser?: boolean
}

/** True when `path` (no hash) is one of the accepted answers of `entry`. */
export function answers(entry: RelevanceQuery, path: string): boolean {
  return entry.expected.some((expected) =>
    expected.endsWith('/') ? path.startsWith(expected) : path === expected,
  )
}

function q(query: string, expected: string | readonly string[], inBrowser = false): RelevanceQuery {
  return {
    query,
    expected: typeof expected === 'string' ? [expected] : expected,
    ...(inBrowser ? { inBrowser } : {}),
  }
}

const JS = '/reference/javascript/'
const CLI = '/reference/cli/'
const API = '/reference/api/'

export const RELEVANCE_QUERIES: readonly RelevanceQuery[] = [
  // Getting started, keys, client setup
  q('anon key', '/guides/getting-started/api-keys', true),
  q('service_role key', '/guides/getting-started/api-keys'),
  q('api keys', ['/guides/getting-started/api-keys', `${API}v1-get-project-api-keys`]),
  q('createClient', `${JS}initializing`, true),
  q('install supabase-js', `${JS}installing`),
  q('typescript types', [`${JS}typescript-support`, `${CLI}supabase-gen-types`]),
  q('quickstart', '/guides/getting-started/quickstarts/user-management'),
  q('user management app', '/guides/getting-started/quickstarts/user-management'),
  q('upgrade v1 to v2', '/guides/getting-started/upgrade-supabase-js-v1-to-v2'),
  q('migrate supabase-js v2', '/guides/getting-started/upgrade-supabase-js-v1-to-v2'),
  // Auth guides
  q('captcha', '/guides/auth/captcha', true),
  q('hcaptcha', '/guides/auth/captcha'),
  q('turnstile', '/guides/auth/captcha'),
  q('magic link', [`${JS}auth-sign-in-with-otp`, '/guides/auth/'], true),
  q('passwordless email login', [`${JS}auth-sign-in-with-otp`, '/guides/auth/']),
  q('google sign in', '/guides/auth/social-login/google'),
  q('login with google', '/guides/auth/social-login/google'),
  q('github oauth app', '/guides/auth/social-login/github'),
  q('sign in with apple', '/guides/auth/social-login/apple'),
  q('azure entra id', '/guides/auth/social-login/azure'),
  q('discord login', '/guides/auth/social-login/discord'),
  q('keycloak', '/guides/auth/social-login/keycloak'),
  q('social login providers', '/guides/auth/social-login'),
  q('twilio', '/guides/auth/phone-login'),
  q('sms otp', ['/guides/auth/phone-login', `${JS}auth-sign-in-with-otp`]),
  q('phone auth', '/guides/auth/phone-login'),
  q('redirect urls', '/guides/auth/redirect-urls'),
  q('redirectTo not allowed', '/guides/auth/redirect-urls'),
  q('callback route', '/guides/auth/callback-route'),
  q('exchange code for session nextjs', [
    '/guides/auth/callback-route',
    `${JS}auth-exchange-code-for-session`,
  ]),
  q('auth overview', ['/guides/auth', `${JS}auth-overview`]),
  // Auth error codes
  q('error codes', ['/guides/auth/error-codes', `${JS}auth-error-codes`]),
  q('bad_jwt', ['/guides/auth/error-codes', `${JS}auth-error-codes`], true),
  q('weak_password', ['/guides/auth/error-codes', `${JS}auth-error-codes`]),
  q('otp_expired', ['/guides/auth/error-codes', `${JS}auth-error-codes`], true),
  q('email_not_confirmed', ['/guides/auth/error-codes', `${JS}auth-error-codes`]),
  q('over_email_send_rate_limit', ['/guides/auth/error-codes', `${JS}auth-error-codes`]),
  // Auth reference
  q('pkce', [`${JS}auth-exchange-code-for-session`, '/guides/auth/callback-route']),
  q('signInWithOAuth', `${JS}auth-sign-in-with-oauth`, true),
  q('signInWithOtp', `${JS}auth-sign-in-with-otp`),
  q('sign up with email and password', `${JS}auth-sign-up`),
  q('sign in with password', `${JS}auth-sign-in-with-password`),
  q('sign out', `${JS}auth-sign-out`),
  q('get current user', `${JS}auth-get-user`),
  q('getSession', `${JS}auth-get-session`),
  q('onAuthStateChange', `${JS}auth-on-auth-state-change`),
  q('listen to auth events', `${JS}auth-on-auth-state-change`),
  q('refresh session', `${JS}auth-refresh-session`),
  q('verify otp', `${JS}auth-verify-otp`),
  q('update user email', `${JS}auth-update-user`),
  q('reset password', `${JS}auth-reset-password-for-email`, true),
  q('anonymous sign in', `${JS}auth-sign-in-anonymously`),
  q('mfa enroll totp', `${JS}mfa-enroll`),
  q('two factor authentication', [`${JS}auth-mfa`, `${JS}mfa-enroll`]),
  q('jwt claims', `${JS}auth-get-claims`),
  q('sso saml', [`${JS}auth-sign-in-with-sso`, `${CLI}supabase-sso`, `${CLI}supabase-sso-add`]),
  q('delete user', `${JS}admin-delete-user`),
  q('invite user by email', `${JS}admin-invite-user-by-email`),
  q('list all users admin', `${JS}admin-list-users`),
  q('generate link', `${JS}admin-generate-link`),
  // Database: queries and filters
  q('select', `${JS}select`),
  q('insert rows', `${JS}insert`),
  q('update rows', `${JS}update`),
  q('upsert', `${JS}upsert`, true),
  q('delete rows', `${JS}delete`),
  q('call postgres function', `${JS}rpc`),
  q('rpc', `${JS}rpc`),
  q('pagination', `${JS}range`, true),
  q('range', `${JS}range`),
  q('limit rows', `${JS}limit`),
  q('order results', `${JS}order`),
  q('sort descending', `${JS}order`),
  q('filter equal', `${JS}eq`),
  q('not equal', `${JS}neq`),
  q('greater than', `${JS}gt`),
  q('ilike case insensitive', `${JS}ilike`),
  q('in list of values', `${JS}in`),
  q('is null', `${JS}is`),
  q('or filter', `${JS}or`),
  q('full text search', `${JS}text-search`),
  q('single row', [`${JS}single`, `${JS}maybe-single`]),
  q('maybeSingle', `${JS}maybe-single`),
  q('count rows', [`${JS}select`, '/guides/database/']),
  q('csv export', `${JS}csv`),
  q('explain query plan', `${JS}explain`),
  q('abort request', `${JS}abort-signal`),
  q('join foreign table', [`${JS}select`, '/guides/database/']),
  // Database: security, migrations, local
  q('row level security', ['/guides/production', '/guides/database/']),
  q('rls', ['/guides/production', '/guides/database/']),
  q('enable rls policies', ['/guides/production', '/guides/database/']),
  q('foreign key', [
    '/guides/database/',
    `${JS}select`,
    '/guides/getting-started/quickstarts/user-management',
  ]),
  q('db diff', `${CLI}supabase-db-diff`, true),
  q('db push', `${CLI}supabase-db-push`),
  q('db reset', `${CLI}supabase-db-reset`),
  q('db pull', `${CLI}supabase-db-pull`),
  q('db dump', `${CLI}supabase-db-dump`),
  q('backup database', [`${CLI}supabase-db-dump`, `${API}v1-list-all-backups`, '/guides/platform/']),
  q('migration new', `${CLI}supabase-migration-new`),
  q('create a migration', [`${CLI}supabase-migration-new`, '/guides/local-development/']),
  q('squash migrations', `${CLI}supabase-migration-squash`),
  q('repair migration history', `${CLI}supabase-migration-repair`),
  q('seed data', [`${CLI}supabase-db-reset`, `${CLI}supabase-seed`, '/guides/local-development/']),
  q('sql to rest', '/guides/api/sql-to-rest'),
  q('translate sql to postgrest', '/guides/api/sql-to-rest'),
  q('lint database', `${CLI}supabase-db-lint`),
  q('unused indexes', `${CLI}supabase-inspect-db-unused-indexes`),
  q('slow queries', [`${CLI}supabase-inspect-db-outliers`, `${CLI}supabase-inspect-db-long-running-queries`]),
  q('table bloat', `${CLI}supabase-inspect-db-bloat`),
  // CLI and local development
  q('supabase start', `${CLI}supabase-start`),
  q('start local stack', [`${CLI}supabase-start`, '/guides/local-development/']),
  q('supabase stop', `${CLI}supabase-stop`),
  q('supabase init', `${CLI}supabase-init`),
  q('link project', `${CLI}supabase-link`),
  q('supabase login access token', `${CLI}supabase-login`),
  q('gen types typescript', `${CLI}supabase-gen-types`, true),
  q('generate types', [`${CLI}supabase-gen-types`, `${API}v1-generate-typescript-types`]),
  q('secrets set', `${CLI}supabase-secrets-set`, true),
  q('environment variables edge functions', [`${CLI}supabase-secrets-set`, '/guides/functions/']),
  q('install cli', `${CLI}install-and-upgrade`),
  q('global flags', `${CLI}flags-and-environment`),
  q('create project cli', `${CLI}supabase-projects-create`),
  q('branches create', `${CLI}supabase-branches-create`),
  q('custom domain', [
    `${CLI}supabase-domains`,
    `${CLI}supabase-domains-create`,
    `${API}v1-update-hostname-config`,
  ]),
  q('network restrictions', [
    `${CLI}supabase-network-restrictions`,
    `${CLI}supabase-network-restrictions-update`,
    `${API}v1-get-network-restrictions`,
  ]),
  q('ssl enforcement', [
    `${CLI}supabase-ssl-enforcement`,
    `${CLI}supabase-ssl-enforcement-update`,
    `${CLI}supabase-ssl-enforcement-get`,
  ]),
  q('postgres config', [
    `${CLI}supabase-postgres-config`,
    `${CLI}supabase-postgres-config-update`,
    `${API}v1-get-postgres-config`,
  ]),
  q('pgtap tests', [`${CLI}supabase-test-db`, `${CLI}supabase-test-new`]),
  q('shell completion zsh', `${CLI}supabase-completion-zsh`),
  // Edge functions
  q('edge function deploy', [`${CLI}supabase-functions-deploy`, '/guides/functions/'], true),
  q('deploy function', [
    `${CLI}supabase-functions-deploy`,
    `${API}v1-deploy-a-function`,
    '/guides/functions/',
  ]),
  q('serve functions locally', [`${CLI}supabase-functions-serve`, '/guides/functions/']),
  q('new edge function', [`${CLI}supabase-functions-new`, '/guides/functions/']),
  q('invoke edge function', `${JS}functions-invoke`),
  q('functions.invoke', `${JS}functions-invoke`),
  // Storage
  q('upload file storage', `${JS}storage-from-upload`),
  q('upload file', [`${JS}storage-from-upload`, '/guides/storage/']),
  q('create bucket', [`${JS}storage-create-bucket`, '/guides/storage/'], true),
  q('delete bucket', `${JS}storage-delete-bucket`),
  q('list buckets', [`${JS}storage-list-buckets`, `${API}v1-list-all-buckets`]),
  q('signed url', [`${JS}storage-from-create-signed-url`, '/guides/storage/']),
  q('public url image', [`${JS}storage-from-get-public-url`, '/guides/storage/']),
  q('download file', `${JS}storage-from-download`),
  q('list files in folder', [`${JS}storage-from-list`, `${JS}storage-from-list-v2`]),
  q('move file', [`${JS}storage-from-move`, `${CLI}supabase-storage-mv`]),
  q('storage cp', `${CLI}supabase-storage-cp`),
  // Realtime
  q('realtime subscribe', `${JS}realtime-subscribe`, true),
  q('listen to database changes', [`${JS}realtime-on-postgres-changes`, '/guides/realtime/']),
  q('postgres_changes', `${JS}realtime-on-postgres-changes`),
  q('broadcast messages', [`${JS}realtime-on-broadcast`, `${JS}realtime-send`, '/guides/realtime/']),
  q('presence online users', [`${JS}realtime-on-presence`, `${JS}realtime-track`, '/guides/realtime/']),
  q('remove channel', `${JS}realtime-remove-channel`),
  q('unsubscribe channel', [`${JS}realtime-unsubscribe`, `${JS}realtime-remove-channel`]),
  // Platform, production, AI
  q('rate limit', ['/guides/production', `${API}errors-and-rate-limits`]),
  q('production checklist', '/guides/production'),
  q('compute size', '/guides/production/compute-add-ons'),
  q('upgrade compute', '/guides/production/compute-add-ons'),
  q('embeddings', '/guides/ai/model-hub'),
  q('vector ai model', '/guides/ai/model-hub'),
  q('pitr point in time recovery', `${API}v1-restore-pitr-backup`),
  q('read replica', `${API}v1-setup-a-read-replica`),
  q('pause project', `${API}v1-pause-a-project`),
  q('connection pooler supavisor', [`${API}v1-get-supavisor-config`, `${API}v1-update-supavisor-config`]),
  // Management API
  q('management api authentication', `${API}authentication`),
  q('personal access token', [`${API}authentication`, `${CLI}supabase-login`]),
  q('branch', [`${API}v1-create-a-branch`, `${CLI}supabase-branches`, `${CLI}supabase-branches-create`]),
  q('vanity subdomain', [`${API}v1-activate-vanity-subdomain-config`, `${CLI}supabase-vanity-subdomains`]),
  q('run sql query api', `${API}v1-run-a-query`),
  q('list projects', [`${API}v1-list-all-projects`, `${CLI}supabase-projects-list`]),
  q('create project api', `${API}v1-create-a-project`),
  q('auth config api', [`${API}v1-get-auth-service-config`, `${API}v1-update-auth-service-config`]),
  q('upgrade postgres version', `${API}v1-upgrade-postgres-version`),
]
