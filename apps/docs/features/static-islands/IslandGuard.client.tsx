'use client'

import { useEffect } from 'react'
import { ISLAND_ATTRIBUTE } from './island-attribute'

/** A second reload this soon after the first means the page file itself lacks the HTML: stop. */
const RELOAD_WINDOW_MS = 10_000
const RELOADED_KEY = 'static-islands-reloaded'

/**
 * The page's static islands are in its HTML file, not in its route data (see static-islands.ts).
 * When the router renders the page from that data (Back to it after leaving through the router)
 * they are empty: the page then loads itself in full.
 */
export function IslandGuard() {
  useEffect(() => {
    if (!document.querySelector(`[${ISLAND_ATTRIBUTE}]:empty`)) return
    const here = window.location.pathname + window.location.search
    try {
      const last = JSON.parse(window.sessionStorage.getItem(RELOADED_KEY) ?? 'null') as {
        page?: string
        at?: number
      } | null
      if (last?.page === here && Date.now() - (last.at ?? 0) < RELOAD_WINDOW_MS) return
      window.sessionStorage.setItem(RELOADED_KEY, JSON.stringify({ page: here, at: Date.now() }))
    } catch {
      // Without storage, a reload loop cannot be told apart: reload once all the same.
    }
    window.location.reload()
  }, [])
  return null
}
