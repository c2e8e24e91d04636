import { useEffect, type RefObject } from 'react'

/**
 * Closing behaviour shared by the header's site menu and the guides' Contents bar, whose panels
 * are native <details> (they open without script): Escape closes the open one and gives focus back
 * to its button; a press outside `scope` closes it; so does a jump to a #heading from inside, so
 * the panel does not cover the heading.
 */
export function dismissDisclosures(scope: HTMLElement, signal: AbortSignal): void {
  const openDisclosure = () =>
    scope instanceof HTMLDetailsElement
      ? scope.open
        ? scope
        : null
      : // The bar's own panels only: the sidebar's groups inside it are disclosures too.
        scope.querySelector<HTMLDetailsElement>(':scope > details[open]')

  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      const open = openDisclosure()
      if (!open) return
      open.open = false
      open.querySelector('summary')?.focus()
    },
    { signal },
  )
  document.addEventListener(
    'pointerdown',
    (event) => {
      const open = openDisclosure()
      if (open && event.target instanceof Node && !scope.contains(event.target)) open.open = false
    },
    { signal },
  )
  scope.addEventListener(
    'click',
    (event) => {
      const open = openDisclosure()
      if (open && event.target instanceof Element && event.target.closest('a[href^="#"]')) open.open = false
    },
    { signal },
  )
}

/** `dismissDisclosures` on the element a client component holds in `scope`, while it is mounted. */
export function useDismissDisclosures(scope: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!scope.current) return
    const controller = new AbortController()
    dismissDisclosures(scope.current, controller.signal)
    return () => controller.abort()
  }, [scope])
}
