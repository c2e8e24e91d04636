import type { MouseEvent } from 'react'

/** `focusVisible` is in the HTML standard and Chromium, not yet in TypeScript's DOM types. */
interface FocusOptionsWithRing extends FocusOptions {
  focusVisible?: boolean
}

const WITHOUT_RING: FocusOptionsWithRing = { focusVisible: false }

/**
 * `onMouseDown` for a Radix tab trigger. Radix focuses the tab from script on mouse down, and a
 * browser shows the keyboard ring for focus moved by script, so every click left a heavy box.
 * This focuses it without the ring, selects it, and stops Radix's own handler (the call to
 * `preventDefault`). Arrow keys and Tab still focus with the ring.
 */
export function selectTabOnPress(event: MouseEvent<HTMLElement>, select: () => void): void {
  if (event.button !== 0 || event.ctrlKey) return
  event.preventDefault()
  event.currentTarget.focus(WITHOUT_RING)
  select()
}
