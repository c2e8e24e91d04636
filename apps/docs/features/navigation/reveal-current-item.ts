/**
 * Scrolls a navigation panel (never the page) so that its current item (aria-current="page") is
 * whole in view, centred in the part of the panel the reader can see: the panel's box cut to the
 * window, below the sticky site header. An item already whole in view stays where it is.
 *
 * Self-contained on purpose: `revealCurrentItemScript` inlines its source after the sidebar, so a
 * page opened on a guide far down the list paints with the item in view, before any bundle runs.
 */
export function revealCurrentItem(panel: HTMLElement | null): void {
  if (!panel || panel.clientHeight === 0) return
  const item = panel.querySelector('[aria-current="page"]')
  if (!item) return
  const header = document.querySelector('body > header')
  const box = panel.getBoundingClientRect()
  const itemBox = item.getBoundingClientRect()
  const top = Math.max(box.top, header ? header.getBoundingClientRect().bottom : 0)
  const bottom = Math.min(box.bottom, window.innerHeight)
  if (bottom - top < itemBox.height) return
  if (itemBox.top >= top && itemBox.bottom <= bottom) return
  panel.scrollTop = Math.max(0, panel.scrollTop + itemBox.top - top - (bottom - top - itemBox.height) / 2)
}

/** The selector of the guides' sidebar panel, as DocsShell renders it. */
export const SIDEBAR_PANEL = 'aside.docs-sidebar > .scroll-menu'

/** Runs right after the sidebar's HTML is parsed (stylesheets are in by then: it waits for them). */
export const revealCurrentItemScript = `try{(${revealCurrentItem.toString()})(document.querySelector(${JSON.stringify(SIDEBAR_PANEL)}))}catch(e){}`
