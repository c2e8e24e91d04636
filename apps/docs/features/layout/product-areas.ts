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
    title: 'SQL to REST',
    href: '/guides/api/sql-to-rest',
    summary: 'Type a SQL query, get the REST request that does the same: curl, raw HTTP or supabase-js.',
  },
]
