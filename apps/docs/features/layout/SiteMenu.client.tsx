'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef } from 'react'
import { ThemeSwitch } from '@/features/theme/ThemeSwitch.client'
import { useDismissDisclosures } from './dismiss-disclosures'
import { ProductAreaLinks } from './ProductAreaLinks.client'

/**
 * The header's menu on narrow screens: every product area and the theme switch, which the header
 * bar has no room for. A native <details>, so it opens without script; it closes after a
 * navigation, on Escape (focus back on its button) and on a click outside it.
 */
export function SiteMenu() {
  const menu = useRef<HTMLDetailsElement>(null)
  const pathname = usePathname()

  // Close after a navigation, not on mount: a menu opened before hydration stays open.
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    if (menu.current) menu.current.open = false
  }, [pathname])

  useDismissDisclosures(menu)

  return (
    <details ref={menu} className="site-menu relative lg:hidden">
      <summary
        aria-label="Site menu"
        className="flex cursor-pointer items-center rounded-md border border-[var(--border)] px-2 py-1 text-sm"
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
          <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-[var(--border)] bg-[var(--bg)] p-3 shadow-lg">
        <nav aria-label="Product areas">
          <ProductAreaLinks layout="menu" />
        </nav>
        <div className="mt-3 border-t border-[var(--border)] pt-3">
          <p className="mb-2 text-xs font-semibold text-[var(--muted)]">Theme</p>
          <ThemeSwitch />
        </div>
      </div>
    </details>
  )
}
