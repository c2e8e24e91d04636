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
    ],
  },
  {
    title: 'REST API',
    items: [{ title: 'SQL to REST', href: '/guides/api/sql-to-rest' }],
  },
  {
    title: 'Auth',
    items: [
      { title: 'How auth works', href: '/guides/auth' },
      { title: 'Social login', href: '/guides/auth/social-login' },
      { title: 'Phone login', href: '/guides/auth/phone-login' },
      { title: 'The auth callback route', href: '/guides/auth/callback-route' },
      { title: 'Redirect URLs', href: '/guides/auth/redirect-urls' },
      { title: 'Captcha', href: '/guides/auth/captcha' },
      { title: 'Error codes', href: '/guides/auth/error-codes' },
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
    ],
  },
  {
    title: 'Realtime',
    items: [
      { title: 'Concepts', href: '/guides/realtime' },
      { title: 'Postgres changes', href: '/guides/realtime/postgres-changes' },
      { title: 'Broadcast', href: '/guides/realtime/broadcast' },
      { title: 'Presence', href: '/guides/realtime/presence' },
      { title: 'Limits and troubleshooting', href: '/guides/realtime/limits-and-troubleshooting' },
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
    title: 'Production',
    items: [
      { title: 'Going into production', href: '/guides/production' },
      { title: 'Compute add-ons', href: '/guides/production/compute-add-ons' },
    ],
  },
  {
    title: 'AI',
    items: [{ title: 'Open models from the model hub', href: '/guides/ai/model-hub' }],
  },
]
