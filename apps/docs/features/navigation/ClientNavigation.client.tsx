'use client'

import { useRouter } from 'next/navigation'
import { useEffect } from 'react'
import { clientNavigationTarget } from './client-navigation'
import { anchorOf, clickInfo, isPlainClick } from './plain-click'

/**
 * Follows the site's own links inside the app and prefetches a page once the reader shows intent
 * (pointer over the link, touch, keyboard focus); never on load, and never a long reference page.
 * Listens on the window, after every other handler, so a page that handles its own links (the
 * reference pages' section links) has already called preventDefault.
 */
export function ClientNavigation() {
  const router = useRouter()

  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    const prefetched = new Set<string>()

    const onIntent = (event: Event) => {
      const anchor = anchorOf(event)
      if (!anchor) return
      const target = clientNavigationTarget(anchor.href, window.location.href)
      if (target === null) return
      const page = target.split('#')[0] ?? target
      if (prefetched.has(page)) return
      prefetched.add(page)
      router.prefetch(page)
    }

    window.addEventListener(
      'click',
      (event) => {
        const anchor = anchorOf(event)
        if (!anchor || !isPlainClick(clickInfo(event, anchor))) return
        const target = clientNavigationTarget(anchor.href, window.location.href)
        if (target === null) return
        event.preventDefault()
        router.push(target)
      },
      { signal },
    )
    for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
      document.addEventListener(type, onIntent, { passive: true, signal })
    }
    return () => controller.abort()
  }, [router])

  return null
}
