/**
 * Whether a page really matches the query. Pagefind answers a word it does not know with any
 * word that shares a short prefix with it (`kubernetes` finds "K." in a code sample, `flurb` the
 * flag `-f`), so every page it returns is checked: each word of the query must stand on the page
 * as typed, as a longer word (the reader is still typing), in another form (`policies` →
 * "policy") or with a typo's distance (`authentification` → "authentication"). No DOM here: the
 * site's dialog, the relevance benchmark and the MCP server share it.
 */
import type { PagefindResultData } from './search-results'
import { normalizeQuery } from './search-synonyms'

/** Words that carry no meaning in a docs query, left out before searching. */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  'a',
  'all',
  'an',
  'and',
  'are',
  'can',
  'could',
  'do',
  'does',
  'for',
  'from',
  'how',
  'i',
  'me',
  'my',
  'of',
  'our',
  'should',
  'the',
  'to',
  'use',
  'using',
  'way',
  'we',
  'what',
  'when',
  'where',
  'which',
  'why',
  'with',
  'work',
  'would',
  'you',
  'your',
])

/** Letters and digits of a token, the part that must match: `"profiles"` → `profiles`. */
function letters(token: string): string {
  return token.replace(/[^a-z0-9]/g, '')
}

/**
 * The query as it is searched: normalized, without tokens of one letter or digit (`-f`, `a`,
 * `x`), which Pagefind would match against half the site. Empty when nothing is left.
 */
export function searchableQuery(query: string): string {
  return normalizeQuery(query)
    .split(' ')
    .filter((token) => letters(token).length >= 2)
    .join(' ')
}

/** The query without filler words, unless nothing else is left. */
export function withoutFiller(term: string): string {
  const words = term.split(' ').filter((word) => !FILLER_WORDS.has(word))
  return words.length > 0 ? words.join(' ') : term
}

/** Words as the index holds them: `supabase.auth.getUser()` → `supabase`, `auth`, `getuser`. */
export function wordParts(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .map((part) => part.replace(/^_+|_+$/g, ''))
    .filter((part) => part !== '')
}

/** The words of a query the page must hold: no filler, none shorter than two characters. */
export function requiredWords(term: string): string[] {
  const words = wordParts(withoutFiller(term)).filter((word) => word.length >= 2)
  return [...new Set(words.filter((word) => !FILLER_WORDS.has(word)))]
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbours each cost one (`recieve` → `receive` is one).
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const d: number[] = new Array<number>(rows * cols).fill(0)
  for (let i = 0; i < rows; i += 1) d[i * cols] = i
  for (let j = 0; j < cols; j += 1) d[j] = j
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(
        (d[(i - 1) * cols + j] ?? 0) + 1,
        (d[i * cols + j - 1] ?? 0) + 1,
        (d[(i - 1) * cols + j - 1] ?? 0) + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (d[(i - 2) * cols + j - 2] ?? 0) + 1)
      }
      d[i * cols + j] = best
    }
  }
  return d[rows * cols - 1] ?? 0
}

/** Typos forgiven in a word of this length: none below 4 letters, one up to 7, then two. */
export function allowedTypos(length: number): number {
  if (length < 4) return 0
  return length < 8 ? 1 : 2
}

/** Endings of English word forms: `policy`/`policies`, `run`/`running`, `deploy`/`deployed`. */
const ENDINGS: ReadonlySet<string> = new Set([
  '',
  'd',
  'e',
  'ed',
  'er',
  'ers',
  'es',
  'ied',
  'ies',
  'ing',
  'ings',
  'ion',
  'ions',
  'ly',
  's',
  'y',
])

function commonPrefix(a: string, b: string): number {
  let length = 0
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1
  return length
}

/** The rest of a word after a shared stem, read as an ending (a doubled consonant is allowed). */
function isEnding(rest: string, stem: string): boolean {
  if (ENDINGS.has(rest)) return true
  return rest.length > 1 && rest[0] === stem[stem.length - 1] && ENDINGS.has(rest.slice(1))
}

/** True when `pageWord` is `queryWord` itself or another form of it (`policies`, `policy`). */
export function isSameWord(queryWord: string, pageWord: string): boolean {
  if (queryWord === pageWord) return true
  const shared = commonPrefix(queryWord, pageWord)
  const stem = queryWord.slice(0, shared)
  return shared >= 3 && isEnding(queryWord.slice(shared), stem) && isEnding(pageWord.slice(shared), stem)
}

/**
 * True when `pageWord` answers `queryWord`: the same word, a longer word it starts (Pagefind
 * matches prefixes), another form of it, or the same word with a typo.
 */
export function wordMatches(queryWord: string, pageWord: string): boolean {
  if (queryWord.length < 2 || pageWord.length === 0) return false
  if (pageWord.startsWith(queryWord) || isSameWord(queryWord, pageWord)) return true
  const typos = allowedTypos(queryWord.length)
  if (typos === 0) return false
  // The page word, or its start when it is longer (a typo in a word still being typed).
  for (let length = queryWord.length - typos; length <= queryWord.length + typos; length += 1) {
    const start = pageWord.slice(0, length)
    if (editDistance(queryWord, start) <= typos) return true
    if (length >= pageWord.length) break
  }
  return false
}

/** The words Pagefind matched on the page: its text at the match positions. */
export function matchedWords(data: PagefindResultData): string[] | undefined {
  if (data.content === undefined || data.locations === undefined) return undefined
  const words = data.content.split(/\s+/)
  return [...new Set(data.locations.flatMap((location) => wordParts(words[location] ?? '')))]
}

/**
 * Metadata Pagefind searches too: a page in the "Filters" category is found by `filter` although
 * its text never says the word, so the match has no position in the text.
 */
const SEARCHED_META = ['title', 'area', 'place'] as const

/** The words of the page a query word can be matched against: its matches and its names. */
function pageWords(data: PagefindResultData): string[] | undefined {
  const matched = matchedWords(data)
  if (matched === undefined) return undefined
  return [...matched, ...SEARCHED_META.flatMap((key) => wordParts(data.meta[key] ?? ''))]
}

/**
 * True when every required word of `term` is matched on the page, in its text or its metadata.
 * Result data without its text (a stand-in in tests) is trusted.
 */
export function meetsMatchQuality(term: string, data: PagefindResultData): boolean {
  const words = pageWords(data)
  if (words === undefined) return true
  return requiredWords(term).every((word) => words.some((pageWord) => wordMatches(word, pageWord)))
}

/**
 * Share of the query's words the page holds as such or in another form, rather than only as
 * the start of a longer word (`wall` in "wallet") or with a typo. 1 without the page's text.
 */
export function exactShare(term: string, data: PagefindResultData): number {
  const words = pageWords(data)
  const required = requiredWords(term)
  if (words === undefined || required.length === 0) return 1
  const exact = required.filter((word) => words.some((pageWord) => isSameWord(word, pageWord)))
  return exact.length / required.length
}
