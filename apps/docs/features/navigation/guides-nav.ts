/**
 * The guides' sidebar, in reading order. Every guide must appear here exactly once
 * (a unit test checks both directions), so a page is never orphaned.
 */
export interface NavItem {
  title: string
  href: string
}

export interface NavSection {
  title: string
  items: NavItem[]
}

export const guidesNav: NavSection[] = [
  {
    title: 'Getting started',
    items: [
      { title: 'Introduction', href: '/guides/getting-started' },
      { title: 'Project URL and API keys', href: '/guides/getting-started/api-keys' },
      { title: 'Quickstart: user management', href: '/guides/getting-started/quickstarts/user-management' },
      { title: 'Upgrade supabase-js v1 to v2', href: '/guides/getting-started/upgrade-supabase-js-v1-to-v2' },
      { title: 'Use the docs from your AI assistant', href: '/guides/getting-started/ai-assistants' },
    ],
  },
  {
    title: 'Database',
    items: [
      { title: 'Overview', href: '/guides/database' },
      { title: 'Tables and data', href: '/guides/database/tables' },
      { title: 'Connecting', href: '/guides/database/connecting' },
      { title: 'Row-level security', href: '/guides/database/row-level-security' },
      { title: 'Functions and RPC', href: '/guides/database/functions' },
      { title: 'Triggers', href: '/guides/database/triggers' },
      { title: 'Full-text search', href: '/guides/database/full-text-search' },
      { title: 'JSON columns', href: '/guides/database/json' },
      { title: 'Views', href: '/guides/database/views' },
      { title: 'Indexes and inspection', href: '/guides/database/indexes' },
      { title: 'Advisors and query performance', href: '/guides/database/query-performance' },
      { title: 'Extensions', href: '/guides/database/extensions' },
      { title: 'Webhooks, pg_net and queues', href: '/guides/database/webhooks' },
      { title: 'Scheduled jobs (pg_cron)', href: '/guides/database/cron' },
      { title: 'Vault for secrets', href: '/guides/database/vault' },
      { title: 'Custom claims and roles', href: '/guides/database/custom-claims' },
      { title: 'Backups and restore', href: '/guides/database/backups' },
      { title: 'Testing with pgTAP', href: '/guides/database/testing' },
    ],
  },
  {
    title: 'REST API',
    items: [
      { title: 'Overview', href: '/guides/api' },
      { title: 'Filtering and operators', href: '/guides/api/filtering' },
      { title: 'Embedding related tables', href: '/guides/api/embedding' },
      { title: 'Pagination and counting', href: '/guides/api/pagination' },
      { title: 'Calling functions (RPC)', href: '/guides/api/rpc' },
      { title: 'Typed client', href: '/guides/api/typescript' },
      { title: 'Exposed schemas and hardening', href: '/guides/api/hardening' },
      { title: 'SQL to REST', href: '/guides/api/sql-to-rest' },
    ],
  },
  {
    title: 'Auth',
    items: [
      { title: 'Overview', href: '/guides/auth' },
      { title: 'Email and password', href: '/guides/auth/passwords' },
      { title: 'Magic links and email codes', href: '/guides/auth/magic-links' },
      { title: 'Social login', href: '/guides/auth/social-login' },
      { title: 'Phone login', href: '/guides/auth/phone-login' },
      { title: 'Anonymous sign-ins', href: '/guides/auth/anonymous-sign-ins' },
      { title: 'Server-side auth with cookies', href: '/guides/auth/server-side' },
      { title: 'The auth callback route', href: '/guides/auth/callback-route' },
      { title: 'Redirect URLs', href: '/guides/auth/redirect-urls' },
      { title: 'Multi-factor authentication', href: '/guides/auth/mfa' },
      { title: 'Password rules', href: '/guides/auth/password-rules' },
      { title: 'Sessions and JWT settings', href: '/guides/auth/sessions' },
      { title: 'Managing users', href: '/guides/auth/managing-users' },
      { title: 'Auth hooks', href: '/guides/auth/auth-hooks' },
      { title: 'SMTP, email templates and rate limits', href: '/guides/auth/smtp-and-rate-limits' },
      { title: 'Captcha', href: '/guides/auth/captcha' },
      { title: 'Error codes', href: '/guides/auth/error-codes' },
    ],
  },
  {
    title: 'Social login providers',
    items: [
      { title: 'Apple', href: '/guides/auth/social-login/apple' },
      { title: 'Azure (Microsoft)', href: '/guides/auth/social-login/azure' },
      { title: 'Bitbucket', href: '/guides/auth/social-login/bitbucket' },
      { title: 'Discord', href: '/guides/auth/social-login/discord' },
      { title: 'Facebook', href: '/guides/auth/social-login/facebook' },
      { title: 'Figma', href: '/guides/auth/social-login/figma' },
      { title: 'GitHub', href: '/guides/auth/social-login/github' },
      { title: 'GitLab', href: '/guides/auth/social-login/gitlab' },
      { title: 'Google', href: '/guides/auth/social-login/google' },
      { title: 'Kakao', href: '/guides/auth/social-login/kakao' },
      { title: 'Keycloak', href: '/guides/auth/social-login/keycloak' },
      { title: 'LinkedIn', href: '/guides/auth/social-login/linkedin' },
      { title: 'Notion', href: '/guides/auth/social-login/notion' },
      { title: 'Slack', href: '/guides/auth/social-login/slack' },
      { title: 'Spotify', href: '/guides/auth/social-login/spotify' },
      { title: 'Twitter (X)', href: '/guides/auth/social-login/twitter' },
      { title: 'Twitch', href: '/guides/auth/social-login/twitch' },
      { title: 'WorkOS', href: '/guides/auth/social-login/workos' },
      { title: 'Zoom', href: '/guides/auth/social-login/zoom' },
    ],
  },
  {
    title: 'Storage',
    items: [
      { title: 'Overview', href: '/guides/storage' },
      { title: 'Buckets', href: '/guides/storage/buckets' },
      { title: 'Uploading files', href: '/guides/storage/uploads' },
      { title: 'Downloading files', href: '/guides/storage/downloads' },
      { title: 'Signed URLs', href: '/guides/storage/signed-urls' },
      { title: 'Image transformations', href: '/guides/storage/image-transformations' },
      { title: 'Access control', href: '/guides/storage/access-control' },
      { title: 'CDN and caching', href: '/guides/storage/cdn-and-caching' },
      { title: 'Deleting files', href: '/guides/storage/deleting' },
      { title: 'S3 compatibility', href: '/guides/storage/s3' },
      { title: 'Limits by plan', href: '/guides/storage/limits' },
    ],
  },
  {
    title: 'Realtime',
    items: [
      { title: 'Overview', href: '/guides/realtime' },
      { title: 'Postgres changes', href: '/guides/realtime/postgres-changes' },
      { title: 'Broadcast', href: '/guides/realtime/broadcast' },
      { title: 'Presence', href: '/guides/realtime/presence' },
      { title: 'Authorization for private channels', href: '/guides/realtime/authorization' },
      { title: 'Settings and limits by version', href: '/guides/realtime/settings-and-limits' },
      { title: 'Limits and troubleshooting', href: '/guides/realtime/limits-and-troubleshooting' },
    ],
  },
  {
    title: 'Edge Functions',
    items: [
      { title: 'Overview', href: '/guides/functions' },
      { title: 'Quickstart', href: '/guides/functions/quickstart' },
      { title: 'Secrets and environment variables', href: '/guides/functions/secrets' },
      { title: 'Calling functions from your app', href: '/guides/functions/invoking' },
      { title: 'CORS', href: '/guides/functions/cors' },
      { title: 'Auth and JWT verification', href: '/guides/functions/auth' },
      { title: 'Connecting to the database', href: '/guides/functions/database' },
      { title: 'Dependencies and import maps', href: '/guides/functions/dependencies' },
      { title: 'Routing', href: '/guides/functions/routing' },
      { title: 'Background tasks', href: '/guides/functions/background-tasks' },
      { title: 'Testing', href: '/guides/functions/testing' },
      { title: 'Debugging with the inspector', href: '/guides/functions/debugging' },
      { title: 'Status codes and troubleshooting', href: '/guides/functions/troubleshooting' },
      { title: 'Limits', href: '/guides/functions/limits' },
    ],
  },
  {
    title: 'Local development',
    items: [
      { title: 'Overview', href: '/guides/local-development' },
      { title: 'Migrations', href: '/guides/local-development/migrations' },
      { title: 'Seeding data', href: '/guides/local-development/seeding' },
      { title: 'Generating types', href: '/guides/local-development/generating-types' },
      { title: 'Linking and deploying', href: '/guides/local-development/deploying' },
      { title: 'CLI output and network options', href: '/guides/local-development/cli-options' },
    ],
  },
  {
    title: 'Platform',
    items: [
      { title: 'Overview', href: '/guides/platform' },
      { title: 'Access tokens and the Management API', href: '/guides/platform/access-tokens' },
      { title: 'Regions', href: '/guides/platform/regions' },
      { title: 'Preview branches', href: '/guides/platform/branching' },
      { title: 'Custom domains', href: '/guides/platform/custom-domains' },
      { title: 'Vanity subdomains', href: '/guides/platform/vanity-subdomains' },
      { title: 'Single sign-on with SAML', href: '/guides/platform/sso' },
      { title: 'Network restrictions and bans', href: '/guides/platform/network-restrictions' },
      { title: 'SSL enforcement', href: '/guides/platform/ssl-enforcement' },
      { title: 'Postgres configuration', href: '/guides/platform/postgres-config' },
      { title: 'Postgres upgrades', href: '/guides/platform/postgres-upgrades' },
      { title: 'Read replicas', href: '/guides/platform/read-replicas' },
      { title: 'Logs and log drains', href: '/guides/platform/logs' },
      { title: 'Access control', href: '/guides/platform/access-control' },
      { title: 'Billing and the spend cap', href: '/guides/platform/billing' },
    ],
  },
  {
    title: 'Production',
    items: [
      { title: 'Overview', href: '/guides/production' },
      { title: 'Compute add-ons', href: '/guides/production/compute-add-ons' },
    ],
  },
  {
    title: 'AI',
    items: [{ title: 'Open models from the model hub', href: '/guides/ai/model-hub' }],
  },
]
