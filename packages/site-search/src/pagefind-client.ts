/**
 * Loads Pagefind's browser library from the export (`/pagefind/pagefind.js`, written after the
 * build) the first time search opens. It is fetched at run time, never bundled: the bundler is
 * told to leave the import alone.
 */
import type { PagefindResultData } from './search-results'
import { spellingIndex, type SearchVocabulary, type SpellingIndex } from './spelling'

export interface PagefindSearchResult {
  id: string
  score: number
  data: () => Promise<PagefindResultData>
}

export interface PagefindApi {
  options: (options: Record<string, unknown>) => Promise<void>
  init: () => Promise<void>
  search: (term: string, options?: Record<string, unknown>) => Promise<{ results: PagefindSearchResult[] }>
  preload: (term: string, options?: Record<string, unknown>) => Promise<void>
  /** Resolves to null when a newer call replaced this one during the debounce. */
  debouncedSearch: (
    term: string,
    options?: Record<string, unknown>,
    debounceMs?: number,
  ) => Promise<{ results: PagefindSearchResult[] } | null>
}

export const PAGEFIND_URL = '/pagefind/pagefind.js'

/** The site's words for typo correction, written by the build beside Pagefind's files. */
export const VOCABULARY_URL = '/pagefind/vocabulary.json'

/**
 * Options the dialog and the relevance benchmark both set. A page's length counts less than by
 * default (0.75): guides are long, and a guide that covers a topic should not lose to a short
 * reference page that names it once.
 */
export const PAGEFIND_OPTIONS = { excerptLength: 24, ranking: { pageLength: 0.5 } }

let loading: Promise<PagefindApi> | undefined

export function loadPagefind(url: string = PAGEFIND_URL): Promise<PagefindApi> {
  loading ??= (import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url) as Promise<PagefindApi>)
    .then(async (pagefind) => {
      await pagefind.options(PAGEFIND_OPTIONS)
      await pagefind.init()
      return pagefind
    })
    .catch((error: unknown) => {
      // Let the next opening try again (the reader may have been offline).
      loading = undefined
      throw error
    })
  return loading
}

let spelling: Promise<SpellingIndex | undefined> | undefined

/**
 * Loads the vocabulary for typo correction. Search works without it (queries are then searched
 * as typed), so a failure resolves to undefined and the next opening tries again.
 */
export function loadSpelling(url: string = VOCABULARY_URL): Promise<SpellingIndex | undefined> {
  spelling ??= fetch(url)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
      return spellingIndex((await response.json()) as SearchVocabulary)
    })
    .catch(() => {
      spelling = undefined
      return undefined
    })
  return spelling
}
