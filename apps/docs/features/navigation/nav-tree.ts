import { guidesNav, type NavItem, type NavSection } from './guides-nav'

export function flattenNav(sections: readonly NavSection[] = guidesNav): NavItem[] {
  return sections.flatMap((section) => section.items)
}

/** Every product's landing page is "Overview" in the sidebar: the one word for it across products. */
export const LANDING_TITLE = 'Overview'

/**
 * A sidebar item's title where it stands without its group (a 404's suggestions): "Auth overview",
 * not a bare "Overview".
 */
export function standaloneTitle(section: NavSection, item: NavItem): string {
  return item.title === LANDING_TITLE ? `${section.title} overview` : item.title
}

export interface NavPosition {
  section: NavSection
  item: NavItem
  previous?: NavItem
  next?: NavItem
}

/**
 * The product a guide belongs to: the first folder under /guides (`/guides/auth/mfa` and
 * `/guides/auth/social-login/zoom` are both "auth"), whichever sidebar group holds it.
 */
export function productOf(href: string): string {
  return href.split('/')[2] ?? ''
}

/**
 * Where a page sits in the sidebar: its section, and its neighbours in reading order. "Previous"
 * never leaves the product: before a product's first page comes the end of another product,
 * which is not where a reader who pressed "Previous" meant to go.
 */
export function locateInNav(
  href: string,
  sections: readonly NavSection[] = guidesNav,
): NavPosition | undefined {
  const flat = flattenNav(sections)
  const index = flat.findIndex((item) => item.href === href)
  if (index === -1) return undefined
  const item = flat[index]!
  const section = sections.find((candidate) => candidate.items.includes(item))!
  const before = flat[index - 1]
  const previous = before && productOf(before.href) === productOf(href) ? before : undefined
  return { section, item, previous, next: flat[index + 1] }
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
