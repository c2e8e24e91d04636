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
    items: [{ title: 'Introduction', href: '/guides/getting-started' }],
  },
]
