'use client'

import { useEffect, useState } from 'react'
import { suggestPages, type PageLink } from './suggest-pages'
import { SuggestedPages } from './SuggestedPages'

/** The 404 page is one static file, so the suggestions are computed from the URL in the browser. */
export function NotFoundSuggestions({ pages }: { pages: PageLink[] }) {
  const [suggestions, setSuggestions] = useState<PageLink[] | null>(null)
  useEffect(() => setSuggestions(suggestPages(window.location.pathname, pages)), [pages])
  return <SuggestedPages pages={suggestions && suggestions.length > 0 ? suggestions : pages.slice(0, 3)} />
}
