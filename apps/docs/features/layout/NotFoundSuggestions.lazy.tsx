'use client'

import { useEffect, useState, type ComponentType } from 'react'
import type { PageLink } from './suggest-pages'
import { SuggestedPages } from './SuggestedPages'

type Suggestions = ComponentType<{ pages: PageLink[] }>

/**
 * The 404 page sits in the layout of every page (it is the answer to an unknown address inside
 * the app), so whatever it imports is fetched by every page. The matching code loads only when
 * the 404 page is really shown; until then the first pages of the list stand in.
 */
export function NotFoundSuggestions({ pages }: { pages: PageLink[] }) {
  const [Loaded, setLoaded] = useState<Suggestions | null>(null)
  useEffect(() => {
    void import('./NotFoundSuggestions.client').then((module) => setLoaded(() => module.NotFoundSuggestions))
  }, [])
  return Loaded ? <Loaded pages={pages} /> : <SuggestedPages pages={pages.slice(0, 3)} />
}
