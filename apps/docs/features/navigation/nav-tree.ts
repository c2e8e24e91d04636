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
