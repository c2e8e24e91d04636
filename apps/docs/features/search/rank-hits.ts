import type { PagefindResultData } from './search-results'

/**
 * Pages of an older library version (JavaScript v1) repeat the current version's words, often in
 * their titles. Their score is scaled down so the current version comes first, while a name only
 * v1 has (`auth.api.sendMagicLinkEmail`) still finds its page.
 */
export const OLDER_VERSION_FACTOR = 0.3

export interface ScoredResult {
  score: number
  data: PagefindResultData
}

export function rankResults(results: readonly ScoredResult[], limit: number): PagefindResultData[] {
  return results
    .map((result, index) => ({
      index,
      data: result.data,
      score: result.score * (result.data.meta.older === 'true' ? OLDER_VERSION_FACTOR : 1),
    }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((result) => result.data)
}
