/**
 * The data attributes that the server-rendered reference markup and the page script agree on.
 * Both sides read the names from here, so a rename cannot leave one side behind.
 */
export const REF_ATTR = {
  /** The page root; `data-ref-ready` is set on it once the script has attached. */
  page: 'data-ref-page',
  ready: 'data-ref-ready',
  section: 'data-ref-section',
  menu: 'data-ref-menu',
  menuToggle: 'data-ref-menu-toggle',
  announcer: 'data-ref-announcer',
  /** A link to another version of the library; the value is that version's key. */
  versionLink: 'data-ref-version-link',
  tabs: 'data-ref-tabs',
  copyLink: 'data-copy-link',
  copyCode: 'data-copy-code',
  /** A placeholder on the long page for content it leaves out; the value is the part's id. */
  defer: 'data-ref-defer',
  /** On a placeholder: load it when it nears the viewport. */
  lazy: 'data-ref-lazy',
  /** The same content rendered in place on the section's crawler page. */
  part: 'data-ref-part',
  /** The notice shown when the URL names a section that does not exist. */
  notice: 'data-ref-notice',
  /** On an example's code: the example runs (`features/reference/run`); the value is its key. */
  run: 'data-ref-run',
  /** The Run button the page script adds to such an example. */
  runButton: 'data-ref-run-button',
} as const

export type RefAttr = (typeof REF_ATTR)[keyof typeof REF_ATTR]

/** Spreads one data attribute onto an element: `<div {...dataAttr(REF_ATTR.page)}>`. */
export function dataAttr(name: RefAttr, value = ''): Record<string, string> {
  return { [name]: value }
}

/** A CSS selector for elements carrying the attribute (with a value, when given). */
export function attrSelector(name: RefAttr, value?: string): string {
  return value === undefined ? `[${name}]` : `[${name}="${value.replace(/["\\]/g, '\\$&')}"]`
}

/**
 * Dispatched on `window` when the page itself scrolled to keep the reader's view still while
 * content above it changed (`detail` is the distance); a pinned deep link moves along with it.
 */
export const VIEW_KEPT_EVENT = 'ref:view-kept'
