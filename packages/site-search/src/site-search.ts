/**
 * One search of the site, the same in the dialog, in `bench/search-relevance` and in any server
 * that searches the export (no DOM here):
 *
 * 1. the query loses its one-letter tokens; typos are corrected against the site's vocabulary;
 * 2. the query, its synonym variants and its corrected form go to Pagefind together, and a page
 *    counts only when every word of the variant that found it really stands on it
 *    (`match-quality.ts`: Pagefind answers an unknown word with whatever shares a short prefix);
 * 3. a query that finds too little (a pasted error message, a question with one unknown word) is
 *    searched word by word, and the pages holding most of its rarer words come back;
 * 4. the strongest candidates are re-ranked by how well their names answer the query
 *    (`rank-hits.ts`), and the first `limit` become results.
 */
import {
  exactShare,
  meetsMatchQuality,
  requiredWords,
  searchableQuery,
  withoutFiller,
  wordParts,
} from './match-quality'
import type { PagefindSearchResult } from './pagefind-client'
import { rankResults, type ScoredResult } from './rank-hits'
import { toSearchHit, type PagefindResultData, type SearchHit } from './search-results'
import { synonymVariants, type QueryVariant } from './search-synonyms'
import { correctQuery, type SpellingIndex } from './spelling'

/** Results shown at first and added by each "show more". */
export const PAGE_SIZE = 8

/** Pages loaded and re-ranked at least: the name boost can lift a page from this deep. */
export const CANDIDATES = 20

/** Pages checked at most before a query whose pages all fail the match check finds nothing. */
export const VERIFIED_AT_MOST = 40

/** Below this many pages, the query is searched again word by word. */
export const FEW_RESULTS = 5

/**
 * Weight of a page found word by word, times the share of the query it holds. Its score is on a
 * scale of its own (at most this), far below a page that holds every word.
 */
export const RELAXED_WEIGHT = 0.5

/** A page found word by word must hold at least this share of the query's weight. */
export const MIN_WORD_COVERAGE = 0.4

/** Weight of the corrected query against the query as typed. */
export const CORRECTION_WEIGHT = 0.9

/** Variants searched at most, so a query full of synonyms stays fast. */
const MAX_VARIANTS = 14

/** Pages in the index when the vocabulary is not loaded (it says how many there are). */
const DEFAULT_PAGES = 600

export interface PagefindSearcher {
  search: (term: string) => Promise<{ results: PagefindSearchResult[] } | null>
  /** Loads the index chunks a term needs (Pagefind's `preload`); a stand-in may leave it out. */
  preload?: (term: string) => Promise<void>
}

/** What may follow a word's prefix in the index, for `chunkProbes`. */
const NEXT_CHARACTERS = '0123456789_abcdefghijklmnopqrstuvwxyz'
/** Sorts after any character a word of the index can hold. */
const LAST_CHARACTER = '\u{10FFFF}'

/**
 * Terms whose index chunks cover every word starting with `word`. Pagefind matches a word as a
 * prefix (`auth` finds "authentication") but loads only the chunk where the word itself would
 * sort, so the words past a chunk boundary count only once another search loaded their chunk:
 * the same query found 265 pages on a fresh load and 394 after a search for "authentication".
 * Probing the start and end of the range, and of each one-character extension, loads the
 * chunks in between too (a chunk would have to fall wholly inside one extension to be missed).
 */
export function chunkProbes(word: string): string[] {
  return [
    word,
    word + LAST_CHARACTER,
    ...[...NEXT_CHARACTERS].flatMap((next) => [word + next, word + next + LAST_CHARACTER]),
  ]
}

/** Words whose chunks a searcher has loaded: probing them again would load nothing new. */
const probedWords = new WeakMap<PagefindSearcher, Set<string>>()

/**
 * Words remembered per searcher at most. A server searches for anyone (the docs MCP server), so
 * the memory cannot grow with every word ever asked; forgetting costs one more probe, no chunk.
 */
const MAX_PROBED_WORDS = 10_000

/** Loads every index chunk the terms' words can match, so a result never depends on history. */
async function preloadChunks(pagefind: PagefindSearcher, terms: readonly string[]): Promise<void> {
  if (!pagefind.preload) return
  let probed = probedWords.get(pagefind)
  if (!probed || probed.size > MAX_PROBED_WORDS) probedWords.set(pagefind, (probed = new Set()))
  const words = [...new Set(terms.flatMap((term) => wordParts(term)))].filter((word) => !probed.has(word))
  if (words.length === 0) return
  await pagefind.preload(words.flatMap(chunkProbes).join(' '))
  for (const word of words) probed.add(word)
}

/** Loaded result data by search term and Pagefind page id, kept for the dialog's lifetime. */
export type ResultDataCache = Map<string, Promise<PagefindResultData>>

export interface SearchSiteOptions {
  /** Results wanted: a multiple of PAGE_SIZE as the reader asks for more. */
  limit?: number
  cache?: ResultDataCache
  /** The site's vocabulary, for typo correction. Without it, queries are searched as typed. */
  spelling?: SpellingIndex
}

export interface SiteSearchAnswer {
  hits: SearchHit[]
  /** Pages found in all: more than `hits.length` means "show more" has something to show. */
  total: number
  /** The query as searched: without one-letter tokens; empty when nothing was left to search. */
  searched: string
  /**
   * The query with its typos corrected, when it has any and something was found: the site has
   * no page with the word as typed, so whatever matched it matched the correction.
   */
  correctedTo?: string
}

/** What one search term found of one page. */
interface Found {
  variant: QueryVariant
  result: PagefindSearchResult
}

interface Candidate {
  id: string
  score: number
  found: Found[]
}

/** A page that passed the match check, with the variants that found it and its loaded data. */
interface Accepted {
  score: number
  variants: QueryVariant[]
  data: PagefindResultData
}

/**
 * A page holding a query word only as the start of a longer word (`wall` in "wallet") or with a
 * typo scores less than one holding the word itself: down to half when no word is exact.
 */
function inexactFactor(term: string, data: PagefindResultData): number {
  return 0.5 + 0.5 * exactShare(term, data)
}

/** Result data of one page as found by one term: its excerpt marks that term's words only. */
function load(
  term: string,
  result: PagefindSearchResult,
  cache: ResultDataCache,
): Promise<PagefindResultData> {
  const key = `${term}\u0000${result.id}`
  let data = cache.get(key)
  if (!data) {
    data = result.data()
    cache.set(key, data)
  }
  return data
}

async function collect(pagefind: PagefindSearcher, variants: readonly QueryVariant[]): Promise<Candidate[]> {
  const byId = new Map<string, Candidate>()
  // Pagefind wants every word on the page: words like "how" and "the" only lose results.
  const terms = variants.map((variant) => withoutFiller(variant.term))
  await preloadChunks(pagefind, terms)
  const searches = await Promise.all(terms.map((term) => pagefind.search(term)))
  searches.forEach((search, index) => {
    const variant = variants[index]
    if (!search || !variant) return
    for (const result of search.results) {
      const score = result.score * variant.weight
      const known = byId.get(result.id)
      if (!known) byId.set(result.id, { id: result.id, score, found: [{ variant, result }] })
      else {
        known.found.push({ variant, result })
        if (score > known.score) known.score = score
      }
    }
  })
  return [...byId.values()].sort((a, b) => b.score - a.score)
}

/** The candidate as found by its strongest term that passes the match check, if any. */
async function verify(candidate: Candidate, cache: ResultDataCache): Promise<Accepted | undefined> {
  const order = [...candidate.found].sort(
    (a, b) => b.result.score * b.variant.weight - a.result.score * a.variant.weight,
  )
  for (const { variant, result } of order) {
    const data = await load(variant.term, result, cache)
    if (meetsMatchQuality(variant.term, data)) {
      return {
        score: result.score * variant.weight * inexactFactor(variant.term, data),
        variants: candidate.found.map((found) => found.variant),
        data,
      }
    }
  }
  return undefined
}

/**
 * Checks candidates in score order until `wanted` pass. Candidates left unchecked count as found;
 * when none of the first VERIFIED_AT_MOST passes, none of the rest is believed either.
 */
async function verifyInOrder(
  candidates: readonly Candidate[],
  wanted: number,
  cache: ResultDataCache,
): Promise<{ accepted: Accepted[]; unchecked: number }> {
  const accepted: Accepted[] = []
  let checked = 0
  while (checked < candidates.length && accepted.length < wanted) {
    if (checked >= VERIFIED_AT_MOST && accepted.length === 0) return { accepted, unchecked: 0 }
    // A batch at a time: the data loads of one batch run together.
    const batch = candidates.slice(checked, checked + Math.max(1, wanted - accepted.length))
    const results = await Promise.all(batch.map((candidate) => verify(candidate, cache)))
    for (const result of results) if (result) accepted.push(result)
    checked += batch.length
  }
  return { accepted: accepted.slice(0, wanted), unchecked: candidates.length - checked }
}

/**
 * The query word by word: each word the site knows is searched alone, and a page scores the
 * share of the query's weight it holds (a rare word weighs more than a common one). Each page
 * found is then searched with the words it holds, so its excerpt marks all of them.
 */
async function searchWordByWord(
  pagefind: PagefindSearcher,
  words: readonly string[],
  pages: number,
  wanted: number,
  cache: ResultDataCache,
): Promise<Accepted[]> {
  if (words.length < 2) return []
  await preloadChunks(pagefind, words)
  const searches = await Promise.all(words.map((word) => pagefind.search(word)))
  const known: { word: string; weight: number; results: PagefindSearchResult[] }[] = []
  await Promise.all(
    words.map(async (word, index) => {
      const results = searches[index]?.results ?? []
      const first = results[0]
      // Pagefind answers a word it does not have with look-alikes; its best page shows which.
      if (!first || !meetsMatchQuality(word, await load(word, first, cache))) return
      known.push({ word, weight: Math.log(1 + pages / results.length), results })
    }),
  )
  const totalWeight = known.reduce((sum, entry) => sum + entry.weight, 0)
  if (totalWeight === 0) return []
  const pagesFound = new Map<string, { weight: number; words: string[]; score: number }>()
  for (const entry of known) {
    const best = entry.results[0]?.score ?? 1
    for (const result of entry.results) {
      const page = pagesFound.get(result.id) ?? { weight: 0, words: [], score: 0 }
      page.weight += entry.weight
      page.words.push(entry.word)
      page.score += (entry.weight * result.score) / best
      pagesFound.set(result.id, page)
    }
  }
  const ranked = [...pagesFound]
    .filter(([, page]) => page.weight / totalWeight >= MIN_WORD_COVERAGE)
    .sort(([, a], [, b]) => b.weight - a.weight || b.score - a.score)
    .slice(0, wanted)
  // One search per set of words, shared by the pages that hold the same words.
  const bySet = new Map<string, Promise<{ results: PagefindSearchResult[] } | null>>()
  const accepted = await Promise.all(
    ranked.map(async ([id, page]) => {
      const ordered = words.filter((word) => page.words.includes(word))
      const term = ordered.join(' ')
      let search = bySet.get(term)
      if (!search) {
        search = pagefind.search(term)
        bySet.set(term, search)
      }
      const result = (await search)?.results.find((found) => found.id === id)
      if (!result) return undefined
      const variant = { term, weight: (RELAXED_WEIGHT * page.weight) / totalWeight }
      const data = await load(term, result, cache)
      // Scored by the words it holds, not by the search that loaded its excerpt: searches of
      // different words score on different scales.
      const score = ((RELAXED_WEIGHT * page.score) / totalWeight) * inexactFactor(term, data)
      return { score, variants: [variant], data }
    }),
  )
  return accepted.filter((entry): entry is Accepted => entry !== undefined)
}

/**
 * The words searched one by one: the query's, and the parts of a name written in camel case,
 * such as a pasted error's class (`StorageApiError` → `storage`, `api`, `error`). A part or a
 * whole the site does not have drops out when it is searched.
 */
export function wordsOf(typed: string, searched: string): string[] {
  const parts = typed
    .split(/\s+/)
    .filter((token) => /[a-z][A-Z]/.test(token))
    .flatMap((token) => token.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9_]+/))
    .join(' ')
  return [...new Set([...requiredWords(searched), ...requiredWords(parts.toLowerCase())])]
}

function variantsOf(searched: string, corrected: string | undefined): QueryVariant[] {
  const variants = [
    ...synonymVariants(searched),
    ...(corrected
      ? synonymVariants(corrected).map((variant) => ({
          term: variant.term,
          weight: variant.weight * CORRECTION_WEIGHT,
        }))
      : []),
  ]
  const seen = new Set<string>()
  return variants
    .filter((variant) => {
      if (seen.has(variant.term)) return false
      seen.add(variant.term)
      return true
    })
    .slice(0, MAX_VARIANTS)
}

export async function searchSite(
  pagefind: PagefindSearcher,
  query: string,
  options: SearchSiteOptions = {},
): Promise<SiteSearchAnswer> {
  const { limit = PAGE_SIZE, cache = new Map(), spelling } = options
  const searched = searchableQuery(query)
  if (searched === '') return { hits: [], total: 0, searched }
  const corrected = spelling ? correctQuery(searched, spelling) : undefined

  // The pool never depends on `limit` below CANDIDATES, so "show more" only appends and the
  // first page stays as it was.
  const wanted = Math.max(CANDIDATES, limit)
  const candidates = await collect(pagefind, variantsOf(searched, corrected))
  const { accepted, unchecked } = await verifyInOrder(candidates, wanted, cache)
  // Pages that hold every word score 0..1 and pages found word by word at most RELAXED_WEIGHT:
  // the latter only fill in below, unless their names answer the query better.
  const best = Math.max(0, ...accepted.map((entry) => entry.score))
  for (const entry of accepted) entry.score = best > 0 ? entry.score / best : 0
  if (accepted.length < FEW_RESULTS) {
    const seen = new Set(accepted.map((entry) => entry.data.url))
    const byWord = await searchWordByWord(
      pagefind,
      wordsOf(query, corrected ?? searched),
      spelling?.pages ?? DEFAULT_PAGES,
      wanted - accepted.length,
      cache,
    )
    accepted.push(...byWord.filter((entry) => !seen.has(entry.data.url)))
  }

  // The first CANDIDATES pages are re-ranked; later ones follow in Pagefind's order.
  const head: ScoredResult[] = accepted.slice(0, CANDIDATES)
  const tail = accepted.slice(CANDIDATES).map((entry) => entry.data)
  const hits = [...rankResults(head, query).map((ranked) => ranked.data), ...tail]
    .slice(0, limit)
    .map((data) => toSearchHit(data, query))
  return {
    hits,
    total: accepted.length + unchecked,
    searched,
    ...(corrected && hits.length > 0 ? { correctedTo: corrected } : {}),
  }
}
