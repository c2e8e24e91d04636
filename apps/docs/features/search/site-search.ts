/**
 * One search of the site: the query and its synonym variants go to Pagefind together, the pages
 * they find are merged (a page counts with its best variant), the strongest candidates are loaded
 * and re-ranked by how well their names answer the query, and the first `limit` become results.
 * Runs the same in the dialog and in `bench/search-relevance`.
 */
import type { PagefindSearchResult } from './pagefind-client'
import { rankResults, withoutFiller, type ScoredResult } from './rank-hits'
import { normalizeQuery, synonymVariants, type QueryVariant } from './search-synonyms'
import { toSearchHit, type PagefindResultData, type SearchHit } from './search-results'

/** Results shown at first and added by each "show more". */
export const PAGE_SIZE = 8

/** Pages loaded and re-ranked at least: the name boost can lift a page from this deep. */
export const CANDIDATES = 20

/** Below this many pages, the query is searched again with one word left out at a time. */
export const FEW_RESULTS = 5

/** Weight of a query with one word left out: a fallback, never equal to a full match. */
export const RELAXED_WEIGHT = 0.5

/** Variants searched at most, so a query full of synonyms stays fast. */
const MAX_VARIANTS = 10

export interface PagefindSearcher {
  search: (term: string) => Promise<{ results: PagefindSearchResult[] } | null>
}

/** Loaded result data by Pagefind page id, kept for the dialog's lifetime. */
export type ResultDataCache = Map<string, Promise<PagefindResultData>>

export interface SiteSearchAnswer {
  hits: SearchHit[]
  /** Pages found in all: more than `hits.length` means "show more" has something to show. */
  total: number
}

interface Candidate {
  result: PagefindSearchResult
  score: number
  variants: QueryVariant[]
}

/** The query with each one of its words left out, for a query that finds too little. */
export function relaxedVariants(query: string): QueryVariant[] {
  const words = normalizeQuery(query).split(' ')
  if (words.length < 2) return []
  return words.map((_, index) => ({
    term: words.filter((__, other) => other !== index).join(' '),
    weight: RELAXED_WEIGHT,
  }))
}

async function collect(
  pagefind: PagefindSearcher,
  variants: readonly QueryVariant[],
  into: Map<string, Candidate>,
): Promise<void> {
  // Pagefind wants every word on the page: words like "how" and "the" only lose results.
  const searches = await Promise.all(variants.map((variant) => pagefind.search(withoutFiller(variant.term))))
  searches.forEach((search, index) => {
    const variant = variants[index]
    if (!search || !variant) return
    for (const result of search.results) {
      const score = result.score * variant.weight
      const known = into.get(result.id)
      if (!known) into.set(result.id, { result, score, variants: [variant] })
      else {
        known.variants.push(variant)
        if (score > known.score) known.score = score
      }
    }
  })
}

function load(candidate: Candidate, cache: ResultDataCache): Promise<PagefindResultData> {
  let data = cache.get(candidate.result.id)
  if (!data) {
    data = candidate.result.data()
    cache.set(candidate.result.id, data)
  }
  return data
}

export async function searchSite(
  pagefind: PagefindSearcher,
  query: string,
  limit: number = PAGE_SIZE,
  cache: ResultDataCache = new Map(),
): Promise<SiteSearchAnswer> {
  const found = new Map<string, Candidate>()
  await collect(pagefind, synonymVariants(query).slice(0, MAX_VARIANTS), found)
  if (found.size < FEW_RESULTS) await collect(pagefind, relaxedVariants(query), found)

  // The first CANDIDATES pages are re-ranked; later ones follow in Pagefind's order. The pool
  // never depends on `limit`, so "show more" only appends and the first page stays as it was.
  const byScore = [...found.values()].sort((a, b) => b.score - a.score)
  const head = byScore.slice(0, CANDIDATES)
  const scored: ScoredResult[] = await Promise.all(
    head.map(async (candidate) => ({
      score: candidate.score,
      variants: candidate.variants,
      data: await load(candidate, cache),
    })),
  )
  const tail = await Promise.all(
    byScore.slice(CANDIDATES, Math.max(CANDIDATES, limit)).map((candidate) => load(candidate, cache)),
  )
  const hits = [...rankResults(scored).map((ranked) => ranked.data), ...tail]
    .slice(0, limit)
    .map((data) => toSearchHit(data, query))
  return { hits, total: found.size }
}
