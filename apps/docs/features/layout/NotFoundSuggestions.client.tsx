'use client'

import { useEffect, useState } from 'react'
import { suggestPages, type PageLink as SuggestedPage } from './suggest-pages'

/** The 404 page is one static file, so the suggestions are computed from the URL in the browser. */
export function NotFoundSuggestions({ pages }: { pages: SuggestedPage[] }) {
  const [suggestions, setSuggestions] = useState<SuggestedPage[] | null>(null)
  useEffect(() => setSuggestions(suggestPages(window.location.pathname, pages)), [pages])
  const shown = suggestions && suggestions.length > 0 ? suggestions : pages.slice(0, 3)
  return (
    <ul className="mt-4 space-y-2" data-testid="not-found-suggestions">
      {shown.map((page) => (
        <li key={page.href}>
          <a href={page.href} className="font-medium text-[var(--link)] underline">
            {page.title}
          </a>{' '}
          <span className="text-sm text-[var(--muted)]">{page.href}</span>
        </li>
      ))}
    </ul>
  )
}
