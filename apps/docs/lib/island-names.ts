/**
 * The client components a page without the framework's runtime hydrates one by one. A name is
 * what the page's HTML carries (`components/ui/Island.tsx`); features/hydration-islands maps it
 * to the component and hydrates it.
 */
export const ISLAND_NAMES = [
  'CopyButton',
  'CopyLinkButton',
  'ProductAreaLinks',
  'ReferenceNavigation',
  'SearchButton',
  'SiteMenu',
  'ThemeSwitch',
] as const

export type IslandName = (typeof ISLAND_NAMES)[number]

/** The attribute naming an island's component, on the element that holds its HTML. */
export const ISLAND_NAME_ATTRIBUTE = 'data-island'
/** The attribute holding the island's props, as JSON. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props'
