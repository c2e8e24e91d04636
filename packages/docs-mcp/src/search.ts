/**
 * `search_docs`: the site's own search (`@docs/site-search`: the same
 * typo correction, synonyms, match check and re-ranking as the search dialog) over the export's
 * Pagefind index. A product filter keeps the site's order and drops other products' pages.
 */
import { searchSite } from '@docs/site-search'
import type { DocsSite } from './site'

export const PRODUCTS = {
  guides: '/guides/',
  cli: '/reference/cli',
  javascript: '/reference/javascript',
  'javascript-v1': '/reference/javascript/v1',
  api: '/reference/api',
} as const

export type Product = keyof typeof PRODUCTS

export const MAX_QUERY_LENGTH = 500
export const MAX_RESULTS = 20
/** Pages searched when a product filter will drop some of them. */
const FILTERED_POOL = 60

export interface SearchResult {
  title: string
  url: string
  path: string
  /** Where the page sits: `Guides › Database`, `CLI reference › Database`. */
  area: string
  /** The best-matching section's heading, when the page has sections. */
  section?: string
  excerpt: string
}

export interface SearchAnswer {
  query: string
  results: SearchResult[]
  /** The query as corrected for typos, when it was. */
  correctedTo?: string
  /** Why there are no results. */
  reason?: string
}

export function belongsTo(product: Product, sitePath: string): boolean {
  const prefix = PRODUCTS[product]
  const inside = sitePath === prefix || sitePath.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)
  // v2 is `/reference/javascript/...`, which also holds v1's folder.
  if (product === 'javascript') return inside && !belongsTo('javascript-v1', sitePath)
  return inside
}

export async function searchDocs(
  site: DocsSite,
  query: string,
  options: { limit?: number; product?: Product } = {},
): Promise<SearchAnswer> {
  const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? 5)), MAX_RESULTS)
  if (query.trim() === '')
    return { query, results: [], reason: 'The query is empty: give a few words to search for.' }
  const { pagefind, spelling } = await site.searcher()
  const answer = await searchSite(pagefind, query, {
    limit: options.product ? FILTERED_POOL : limit,
    ...(spelling ? { spelling } : {}),
  })
  const results = answer.hits
    .map((hit): SearchResult => {
      const sitePath = hit.url.split('#')[0] ?? hit.url
      const section = hit.sections[0]
      return {
        title: hit.page,
        url: `${site.siteUrl}${hit.url}`,
        path: sitePath,
        area: hit.area,
        ...(section ? { section: section.title } : {}),
        excerpt: hit.excerpt
          .map((part) => part.text)
          .join('')
          .trim(),
      }
    })
    .filter((result) => !options.product || belongsTo(options.product, result.path))
    .slice(0, limit)
  if (results.length > 0)
    return { query, results, ...(answer.correctedTo ? { correctedTo: answer.correctedTo } : {}) }
  const reason =
    answer.searched === ''
      ? 'Nothing left to search: the query has only one-letter words or punctuation.'
      : options.product && answer.hits.length > 0
        ? `No ${options.product} page matches; other products do. Search again without the product filter.`
        : `No page matches "${answer.searched}". Try other words, or read llms.txt for the list of pages.`
  return { query, results: [], reason }
}
