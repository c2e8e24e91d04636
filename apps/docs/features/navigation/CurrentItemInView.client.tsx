'use client'

import { useEffect } from 'react'
import { SIDEBAR_PANEL, revealCurrentItem } from './reveal-current-item'

/**
 * Brings the guides' sidebar's current item into view when the small-screen "Contents" disclosure
 * opens (a panel that is not shown has no box to scroll before then). The first page load is the
 * inline script's (`revealCurrentItemScript`); this checks it again once the page has settled. It
 * renders nothing: the sidebar is server HTML.
 */
export function CurrentItemInView() {
  useEffect(() => {
    const panel = () => document.querySelector<HTMLElement>(SIDEBAR_PANEL)
    revealCurrentItem(panel())
    // `toggle` does not bubble: listen in the capture phase for the disclosure around the panel.
    const onToggle = (event: Event) => {
      const details = event.target
      if (details instanceof HTMLDetailsElement && details.open && details.matches('.mobile-menu'))
        revealCurrentItem(panel())
    }
    document.addEventListener('toggle', onToggle, true)
    return () => document.removeEventListener('toggle', onToggle, true)
  }, [])
  return null
}
