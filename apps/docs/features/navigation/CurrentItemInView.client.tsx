'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef, type ReactNode } from 'react'
import { revealCurrentItem } from './reveal-current-item'

/**
 * A scrolling navigation panel that brings its current item into view after each navigation in
 * the app, and when the small-screen "Contents" disclosure opens it (a panel that is not
 * shown has no box to scroll before then). The first page load is the inline script's
 * (`revealCurrentItemScript`); this only checks it again once the page has settled.
 */
export function CurrentItemInView({ children, className }: { children: ReactNode; className?: string }) {
  const panel = useRef<HTMLDivElement>(null)
  const pathname = usePathname()

  useEffect(() => {
    revealCurrentItem(panel.current)
  }, [pathname])

  useEffect(() => {
    // `toggle` does not bubble: listen in the capture phase for the disclosure around the panel.
    const onToggle = (event: Event) => {
      const details = event.target
      if (details instanceof HTMLDetailsElement && details.open && details.matches('.mobile-menu'))
        revealCurrentItem(panel.current)
    }
    document.addEventListener('toggle', onToggle, true)
    return () => document.removeEventListener('toggle', onToggle, true)
  }, [])

  return (
    <div ref={panel} className={className}>
      {children}
    </div>
  )
}
