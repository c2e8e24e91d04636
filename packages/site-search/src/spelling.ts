/**
 * Typo correction against the site's own words. The build writes every word of the indexed pages
 * (`/pagefind/vocabulary.json`, most common first); a query word the site never uses is replaced
 * by the most common site word within its typo distance (`supabse` → `supabase`, `presense` →
 * `presence`), and the corrected query is searched beside the original.
 */
import { allowedTypos, editDistance, FILLER_WORDS, searchableQuery } from './match-quality'

export interface SearchVocabulary {
  /** Pages in the index. */
  pages: number
  /** Every word of the indexed pages, most common (by pages that use it) first. */
  words: readonly string[]
}

/** A vocabulary ready for look-ups. */
export interface SpellingIndex {
  pages: number
  /** Words most common first, as written in the vocabulary. */
  byFrequency: readonly string[]
  /** The same words in alphabetical order, for prefix look-ups. */
  sorted: readonly string[]
}

export function spellingIndex(vocabulary: SearchVocabulary): SpellingIndex {
  return {
    pages: vocabulary.pages,
    byFrequency: vocabulary.words,
    sorted: [...vocabulary.words].sort(),
  }
}

/** True when the site has the word, or a longer word that starts with it (the reader is typing). */
export function isKnownWord(word: string, index: SpellingIndex): boolean {
  const { sorted } = index
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((sorted[middle] ?? '') < word) low = middle + 1
    else high = middle
  }
  return (sorted[low] ?? '').startsWith(word)
}

/** Words shorter than this are never corrected: `rls`, `jwt` and `sso` are not typos. */
export const MIN_CORRECTED_LENGTH = 4

/** The most common site word within the word's typo distance, or undefined. */
export function correctWord(word: string, index: SpellingIndex): string | undefined {
  if (word.length < MIN_CORRECTED_LENGTH || !/^[a-z][a-z0-9_]*$/.test(word)) return undefined
  if (FILLER_WORDS.has(word) || isKnownWord(word, index)) return undefined
  const typos = allowedTypos(word.length)
  let best: string | undefined
  let bestDistance = typos + 1
  for (const candidate of index.byFrequency) {
    if (Math.abs(candidate.length - word.length) > typos) continue
    const distance = editDistance(word, candidate)
    // Most common first: a later word replaces the choice only when it is strictly closer.
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
      if (distance === 1) break
    }
  }
  return best
}

/**
 * The query with each unknown word corrected, or undefined when nothing was corrected. Tokens that
 * are not plain words (`auth.getUser`, `--db-url`) are kept as typed.
 */
export function correctQuery(query: string, index: SpellingIndex): string | undefined {
  const tokens = searchableQuery(query).split(' ')
  let changed = false
  const corrected = tokens.map((token) => {
    const fixed = correctWord(token, index)
    if (!fixed) return token
    changed = true
    return fixed
  })
  return changed ? corrected.join(' ') : undefined
}
