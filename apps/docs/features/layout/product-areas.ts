/** The top-level areas of the site, shown in the header and on the home page. */
export interface ProductArea {
  title: string
  href: string
  summary: string
}

export const productAreas: ProductArea[] = [
  {
    title: 'Guides',
    href: '/guides',
    summary: 'Step-by-step pages for building on the platform, from the first project to production.',
  },
  {
    title: 'CLI',
    href: '/reference/cli',
    summary:
      'Every command and flag of the supabase CLI 1.187: local development, migrations and project management.',
  },
  {
    title: 'JavaScript',
    href: '/reference/javascript',
    summary:
      'The supabase-js v2 client: database queries, auth, storage, realtime and edge functions, with examples.',
  },
  {
    title: 'Management API',
    href: '/reference/api',
    summary:
      'The HTTP API behind the dashboard: create and configure projects, branches, functions and secrets.',
  },
  {
    title: 'SQL to REST',
    href: '/guides/api/sql-to-rest',
    summary: 'Type a SQL query, get the REST request that does the same: curl, raw HTTP or supabase-js.',
  },
]

/**
 * The area a path belongs to: the area whose link is the longest prefix of the path, so the SQL
 * to REST page (under /guides) marks "SQL to REST", not "Guides".
 */
export function currentArea(
  pathname: string,
  areas: readonly ProductArea[] = productAreas,
): ProductArea | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  let best: ProductArea | undefined
  for (const area of areas) {
    const inside = path === area.href || path.startsWith(`${area.href}/`)
    if (inside && (!best || area.href.length > best.href.length)) best = area
  }
  return best
}
