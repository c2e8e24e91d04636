/**
 * The client components a page without the framework's runtime hydrates one by one. A name is
 * what the page's HTML carries (`components/ui/Island.tsx`); features/hydration-islands maps it
 * to the component and hydrates it.
 */
export const ISLAND_NAMES = [
  'AssistantMenu',
  'ContentsBar',
  'CopyButton',
  'CopyLinkButton',
  'CopyMarkdownButton',
  'CurrentItemInView',
  'EnvSample',
  'ErrorCodeFilter',
  'NotFoundSuggestions',
  'PageFeedback',
  'ProductAreaLinks',
  'ProjectConfigVariables',
  'ReferenceNavigation',
  'RunButton',
  'SearchButton',
  'SiteMenu',
  'SmsProviderPicker',
  'SqlToRestTool',
  'Tabs',
  'ThemeSwitch',
  'TocScrollSpy',
  'TryApp',
] as const

export type IslandName = (typeof ISLAND_NAMES)[number]

/** The attribute naming an island's component, on the element that holds its HTML. */
export const ISLAND_NAME_ATTRIBUTE = 'data-island'
/** The attribute holding the island's props, as JSON. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props'
/**
 * The attribute on the box of server content an island was given (a tab panel's text, a table to
 * filter): its value is the prop it fills, `children` or `panels.2`.
 */
export const ISLAND_SLOT_ATTRIBUTE = 'data-island-slot'
