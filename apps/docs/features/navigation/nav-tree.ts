import { guidesNav, type NavItem, type NavSection } from './guides-nav'

export function flattenNav(sections: readonly NavSection[] = guidesNav): NavItem[] {
  return sections.flatMap((section) => section.items)
}

export interface NavPosition {
  section: NavSection
  item: NavItem
  previous?: NavItem
  next?: NavItem
}

/** Where a page sits in the sidebar: its section, and its neighbours in reading order. */
export function locateInNav(
  href: string,
  sections: readonly NavSection[] = guidesNav,
): NavPosition | undefined {
  const flat = flattenNav(sections)
  const index = flat.findIndex((item) => item.href === href)
  if (index === -1) return undefined
  const item = flat[index]!
  const section = sections.find((candidate) => candidate.items.includes(item))!
  return { section, item, previous: flat[index - 1], next: flat[index + 1] }
}

export interface Crumb {
  title: string
  href?: string
}

/**
 * The breadcrumb of a guide, in the sidebar's words: Guides, the sidebar group, the sidebar item.
 * A level that says the same as the one before it is dropped, so "Getting started / Getting
 * started" never shows. The group links to its first page unless that page is the current one.
 */
export function breadcrumbTrail(
  href: string,
  fallbackTitle: string,
  sections: readonly NavSection[] = guidesNav,
): Crumb[] {
  const position = locateInNav(href, sections)
  const first = position?.section.items[0]
  const levels: Crumb[] = [
    { title: 'Guides', href: '/guides' },
    ...(position
      ? [{ title: position.section.title, href: first && first.href !== href ? first.href : undefined }]
      : []),
    { title: position?.item.title ?? fallbackTitle },
  ]
  return levels.filter(
    (crumb, index) => index === 0 || normalise(crumb.title) !== normalise(levels[index - 1]!.title),
  )
}

function normalise(title: string): string {
  return title.trim().toLowerCase()
}
