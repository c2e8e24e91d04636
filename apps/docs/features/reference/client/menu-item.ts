/**
 * Scrolls the section menu, never the page, so that one of its items is in view: `center` when the
 * menu opens or the page lands on a section, `nearest` (a margin from the edge) while the reader
 * scrolls through the page. The menu's visible box is its own box cut to the window, so an item is
 * never left under the window's bottom edge.
 */
const EDGE_MARGIN_PX = 16

export function showMenuItem(menu: HTMLElement, item: HTMLElement | null, mode: 'center' | 'nearest'): void {
  // A closed menu (the phone's "Contents" panel) has no box to scroll.
  if (!item || menu.offsetParent === null) return
  const box = menu.getBoundingClientRect()
  const top = Math.max(box.top, 0)
  const bottom = Math.min(box.bottom, window.innerHeight)
  const link = item.getBoundingClientRect()
  if (mode === 'center') {
    menu.scrollTop += link.top - top - (bottom - top - link.height) / 2
  } else if (link.top < top + EDGE_MARGIN_PX) {
    menu.scrollTop -= top + EDGE_MARGIN_PX - link.top
  } else if (link.bottom > bottom - EDGE_MARGIN_PX) {
    menu.scrollTop += link.bottom - (bottom - EDGE_MARGIN_PX)
  }
}

/** The menu's item for the section the page is at, if one is marked. */
export function currentMenuItem(menu: HTMLElement): HTMLAnchorElement | null {
  return menu.querySelector<HTMLAnchorElement>('a[aria-current]')
}
