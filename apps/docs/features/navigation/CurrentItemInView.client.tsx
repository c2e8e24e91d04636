'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A scrolling navigation panel that brings its current item (aria-current="page") into view on
 * load and after each navigation. Only the panel's own scroll position changes: scrollIntoView
 * would also scroll the page, which must stay where the reader (or the URL's #anchor) put it.
 */
export function CurrentItemInView({ children, className }: { children: ReactNode; className?: string }) {
  const panel = useRef<HTMLDivElement>(null)
  const pathname = usePathname()

  useEffect(() => {
    const container = panel.current
    const item = container?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!container || !item || container.clientHeight === 0) return
    const box = container.getBoundingClientRect()
    const itemBox = item.getBoundingClientRect()
    const fullyVisible = itemBox.top >= box.top && itemBox.bottom <= box.bottom
    if (fullyVisible) return
    // Centre the item in the panel.
    const offset = itemBox.top - box.top + container.scrollTop
    container.scrollTop = Math.max(0, offset - (container.clientHeight - itemBox.height) / 2)
  }, [pathname])

  return (
    <div ref={panel} className={className}>
      {children}
    </div>
  )
}
