'use client'

import { useEffect, useRef, useState } from 'react'
import {
  loadPagefind,
  loadSpelling,
  searchableQuery,
  PAGE_SIZE,
  searchSite,
  type ResultDataCache,
  type SearchHit,
} from '@docs/site-search'

/** Pause after the last keystroke before searching. */
const DEBOUNCE_MS = 120

export type SiteSearchState =
  | { status: 'idle' }
  /** Only one-letter tokens so far: nothing worth searching. */
  | { status: 'too-short'; query: string }
  | { status: 'searching'; query: string; hits: SearchHit[]; total: number; correctedTo?: string }
  | { status: 'done'; query: string; hits: SearchHit[]; total: number; correctedTo?: string }
  | { status: 'error'; query: string; message: string }

interface Answer {
  query: string
  limit: number
  hits?: SearchHit[]
  total?: number
  correctedTo?: string
  error?: string
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Searches the Pagefind index for `query`, `limit` results at a time (the dialog raises the
 * limit for "show more"). Loading the index starts as soon as the hook mounts (when the dialog
 * opens), so the first query does not wait for it.
 */
export function useSiteSearch(query: string, limit: number = PAGE_SIZE): SiteSearchState {
  const term = query.trim()
  const [answer, setAnswer] = useState<Answer | undefined>()
  // Result data already loaded stays loaded: "show more" and a retyped query reuse it.
  const cache = useRef<ResultDataCache>(new Map())

  useEffect(() => {
    loadPagefind().catch((error: unknown) =>
      setAnswer({ query: '', limit: 0, error: `Search could not load (${describe(error)}).` }),
    )
    void loadSpelling()
  }, [])

  const searchable = searchableQuery(term) !== ''
  useEffect(() => {
    if (!term || !searchable) return
    let current = true
    const timer = setTimeout(() => {
      Promise.all([loadPagefind(), loadSpelling()])
        .then(([pagefind, spelling]) =>
          searchSite(pagefind, term, { limit, cache: cache.current, ...(spelling ? { spelling } : {}) }),
        )
        .then(({ hits, total, correctedTo }) => {
          if (current) setAnswer({ query: term, limit, hits, total, ...(correctedTo ? { correctedTo } : {}) })
        })
        .catch((error: unknown) => {
          if (current) setAnswer({ query: term, limit, error: `Search failed (${describe(error)}).` })
        })
    }, DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [term, searchable, limit])

  if (answer?.error && (answer.query === '' || answer.query === term)) {
    return { status: 'error', query: term, message: answer.error }
  }
  if (!term) return { status: 'idle' }
  if (!searchable) return { status: 'too-short', query: term }
  const total = answer?.total ?? 0
  const correctedTo = answer?.correctedTo ? { correctedTo: answer.correctedTo } : {}
  if (answer?.hits && answer.query === term && answer.limit === limit) {
    return { status: 'done', query: term, hits: answer.hits, total, ...correctedTo }
  }
  // Keep the previous results on screen while the next ones load, to avoid flicker.
  return { status: 'searching', query: term, hits: answer?.hits ?? [], total, ...correctedTo }
}
