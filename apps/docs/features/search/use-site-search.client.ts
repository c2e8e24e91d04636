'use client'

import { useEffect, useState } from 'react'
import { loadPagefind } from './pagefind-client'
import { rankResults } from './rank-hits'
import { toSearchHit, type SearchHit } from './search-results'

/** Results shown at most: enough to scan, few enough that each one loads its excerpt fast. */
export const MAX_HITS = 8

/** Results fetched before re-ranking, so a demoted older-version page can make room. */
const CANDIDATES = 12

/** Pause after the last keystroke before searching. */
const DEBOUNCE_MS = 120

export type SiteSearchState =
  | { status: 'idle' }
  | { status: 'searching'; query: string; hits: SearchHit[] }
  | { status: 'done'; query: string; hits: SearchHit[] }
  | { status: 'error'; query: string; message: string }

interface Answer {
  query: string
  hits?: SearchHit[]
  error?: string
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Searches the Pagefind index for `query`. Loading the index starts as soon as the hook mounts
 * (when the dialog opens), so the first query does not wait for it.
 */
export function useSiteSearch(query: string): SiteSearchState {
  const term = query.trim()
  const [answer, setAnswer] = useState<Answer | undefined>()

  useEffect(() => {
    loadPagefind().catch((error: unknown) =>
      setAnswer({ query: '', error: `Search could not load (${describe(error)}).` }),
    )
  }, [])

  useEffect(() => {
    if (!term) return
    let current = true
    loadPagefind()
      .then((pagefind) => pagefind.debouncedSearch(term, {}, DEBOUNCE_MS))
      .then(async (search) => {
        if (!current || !search) return
        const candidates = await Promise.all(
          search.results
            .slice(0, CANDIDATES)
            .map(async (result) => ({ score: result.score, data: await result.data() })),
        )
        if (current) setAnswer({ query: term, hits: rankResults(candidates, MAX_HITS).map(toSearchHit) })
      })
      .catch((error: unknown) => {
        if (current) setAnswer({ query: term, error: `Search failed (${describe(error)}).` })
      })
    return () => {
      current = false
    }
  }, [term])

  if (answer?.error && (answer.query === '' || answer.query === term)) {
    return { status: 'error', query: term, message: answer.error }
  }
  if (!term) return { status: 'idle' }
  if (answer?.hits && answer.query === term) return { status: 'done', query: term, hits: answer.hits }
  // Keep the previous results on screen while the next ones load, to avoid flicker.
  return { status: 'searching', query: term, hits: answer?.hits ?? [] }
}
