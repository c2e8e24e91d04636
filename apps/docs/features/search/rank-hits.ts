import type { QueryVariant } from './search-synonyms'
import type { PagefindResultData } from './search-results'

/**
 * Orders candidate pages. Pagefind's score measures the words of the body (headings weigh more
 * than text, code less); on top of it come how well the page's own name answers the query, so a
 * short command or function page beats a long page that mentions the same words more often.
 */

/**
 * Pages of an older library version (JavaScript v1) repeat the current version's words, often in
 * their titles. Their score is scaled down so the current version comes first, while a name only
 * v1 has (`auth.api.sendMagicLinkEmail`) still finds its page.
 */
export const OLDER_VERSION_FACTOR = 0.3

/** How much a title (or URL slug) holding every word of the query adds to a page's body score (0..1). */
export const NAME_WEIGHT = 1

/** Added when the query starts with a CLI command's full name: `gen types typescript` → `supabase gen types`. */
export const COMMAND_WEIGHT = 1

/** Added when the query is the name of the page's function: `range` → `range()`, `list users` → `admin.listUsers()`. */
export const FUNCTION_WEIGHT = 0.6

/** Added when the query's words stand next to each other on the page, as a phrase. */
export const PHRASE_WEIGHT = 0.4

/** Words that carry no meaning in a docs query. */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  'a',
  'all',
  'an',
  'and',
  'can',
  'do',
  'for',
  'from',
  'how',
  'i',
  'my',
  'of',
  'the',
  'to',
  'use',
  'using',
  'with',
])

/** The query without filler words, unless nothing else is left. */
export function withoutFiller(term: string): string {
  const words = term.split(' ').filter((word) => !FILLER_WORDS.has(word))
  return words.length > 0 ? words.join(' ') : term
}

export interface ScoredResult {
  /** Pagefind's best score for the page, multiplied by the weight of the variant that found it. */
  score: number
  /** Every query variant that found the page. */
  variants: readonly QueryVariant[]
  data: PagefindResultData
}

/** Words of a title, slug or query: `signInWithOtp()` → `signinwithotp`, `db-diff` → `db`, `diff`. */
export function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9_.]+/)
    .flatMap((word) => [word, ...(word.includes('.') ? word.split('.') : [])])
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter((word) => word !== '')
}

/** Plural and -ing forms reduced to one, enough to compare query words with short names. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ing')) return word.slice(0, -3)
  if (word.length > 3 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

function queryWords(term: string): string[] {
  return nameWords(term).filter((word) => !FILLER_WORDS.has(word) && word !== 'supabase')
}

/** The page's own name: its title and the last part of its URL. */
function pageNameWords(data: PagefindResultData): Set<string> {
  const slug = data.url.split('#')[0]?.split('/').pop() ?? ''
  return new Set(
    [...nameWords(data.meta.title ?? ''), ...slug.split('-')].filter((word) => word !== 'supabase').map(stem),
  )
}

/**
 * Share of the query's words found in the page's name: a word counts fully when it is there as
 * typed (or in another form), half when it abbreviates a longer word (`gen` of `generate`).
 */
export function nameCoverage(term: string, data: PagefindResultData): number {
  const words = queryWords(term)
  if (words.length === 0) return 0
  const names = pageNameWords(data)
  let found = 0
  for (const word of words.map(stem)) {
    if (names.has(word)) found += 1
    else if (word.length >= 3 && [...names].some((name) => name.startsWith(word))) found += 0.5
  }
  return found / words.length
}

/** True when the page is a CLI command and the query starts with its whole name. */
export function startsWithCommand(term: string, data: PagefindResultData): boolean {
  const title = data.meta.title ?? ''
  if (!title.startsWith('supabase ') || !(data.meta.area ?? '').startsWith('CLI')) return false
  const command = title.split(/\s+/).slice(1)
  const words = nameWords(term).filter((word) => word !== 'supabase')
  return command.length > 0 && command.every((word, index) => words[index] === word)
}

/** The function a reference page documents: `admin.listUsers()` in its title → `listusers`. */
function functionName(data: PagefindResultData): string | undefined {
  const match = /([A-Za-z_$][\w$]*)\(\)\s*$/.exec(data.meta.title ?? '')
  return match?.[1]?.toLowerCase()
}

/** 1 when the query, written together, is the function's name; 0.5 when it ends the name. */
export function functionMatch(term: string, data: PagefindResultData): number {
  const name = functionName(data)
  if (!name) return 0
  const joined = queryWords(term).join('')
  if (joined === name) return 1
  return joined.length >= 6 && name.endsWith(joined) ? 0.5 : 0
}

/** True when as many matches as the query has words sit side by side somewhere on the page. */
export function hasPhrase(term: string, data: PagefindResultData): boolean {
  const count = queryWords(term).length
  if (count < 2) return false
  const locations = [...new Set(data.locations ?? [])].sort((a, b) => a - b)
  let run = 1
  for (let index = 1; index < locations.length; index += 1) {
    run = (locations[index] ?? 0) - (locations[index - 1] ?? 0) === 1 ? run + 1 : 1
    if (run >= count) return true
  }
  return false
}

export interface RankedResult {
  data: PagefindResultData
  score: number
}

export function rankResults(results: readonly ScoredResult[]): RankedResult[] {
  const best = Math.max(0, ...results.map((result) => result.score))
  return results
    .map((result, index) => {
      const body = best > 0 ? result.score / best : 0
      const coverage = Math.max(
        ...result.variants.map((variant) => variant.weight * nameCoverage(variant.term, result.data)),
      )
      const command = result.variants.some((variant) => startsWithCommand(variant.term, result.data))
        ? COMMAND_WEIGHT
        : 0
      const named = Math.max(
        ...result.variants.map((variant) => variant.weight * functionMatch(variant.term, result.data)),
      )
      const phrase = result.variants.some(
        (variant) => variant.weight === 1 && hasPhrase(variant.term, result.data),
      )
        ? PHRASE_WEIGHT
        : 0
      const older = result.data.meta.older === 'true' ? OLDER_VERSION_FACTOR : 1
      const score = body + NAME_WEIGHT * coverage ** 2 + command + FUNCTION_WEIGHT * named + phrase
      return { index, data: result.data, score: score * older }
    })
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ data, score }) => ({ data, score }))
}
