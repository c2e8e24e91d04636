import type { MouseEvent } from 'react'

/** `focusVisible` is in the HTML standard and Chromium, not yet in TypeScript's DOM types. */
interface FocusOptionsWithRing extends FocusOptions {
  focusVisible?: boolean
}

const WITHOUT_RING: FocusOptionsWithRing = { focusVisible: false }

/**
 * `onMouseDown` for a tab: selects on press, as desktop tab controls do, and focuses the tab
 * without the keyboard ring (Safari does not focus a clicked button at all, and focus moved from
 * script would otherwise show the ring). Arrow keys and Tab still focus with the ring.
 */
export function selectTabOnPress(event: MouseEvent<HTMLElement>, select: () => void): void {
  if (event.button !== 0 || event.ctrlKey) return
  event.preventDefault()
  event.currentTarget.focus(WITHOUT_RING)
  select()
}
