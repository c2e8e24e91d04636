import { distance } from 'fastest-levenshtein'

export interface PageLink {
  title: string
  href: string
}

/** The path as the reader typed it; a malformed escape (`%E0%A4%A`) is kept as written. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

function segmentsOf(path: string): string[] {
  return decodePath(path)
    .toLowerCase()
    .replace(/\.html$/, '')
    .split('/')
    .filter(Boolean)
}

/** `Azure (Microsoft)` -> `azure-microsoft`, comparable with a URL segment. */
function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Below this, two names share too little to be a typo of each other (`auht` / `auth` is 0.5). */
const MIN_SIMILARITY = 0.5
/** One word of a longer name is a weaker hint, so it must be typed more closely. */
const MIN_WORD_SIMILARITY = 0.75

function wholeSimilarity(a: string, b: string): number {
  return a && b ? 1 - distance(a, b) / Math.max(a.length, b.length) : 0
}

/**
 * How alike a typed segment and a page's name are, from 0 to 1: one minus the edit distance over
 * the longer length. A name whose one word is typed (`social` for `social-login`) counts a little
 * less than the whole name. Under {@link MIN_SIMILARITY} it is no evidence at all.
 */
export function similarity(typed: string, name: string): number {
  let best = wholeSimilarity(typed, name)
  for (const word of name.split('-')) {
    if (word.length < 3 || word === name) continue
    const close = wholeSimilarity(typed, word)
    if (close >= MIN_WORD_SIMILARITY) best = Math.max(best, 0.9 * close)
  }
  return best >= MIN_SIMILARITY ? best : 0
}

/** The points each piece of evidence is worth: an exact folder weighs most. */
const WEIGHT = { sharedSegment: 10, folder: 6, name: 4, parent: 2 }

interface Ranked {
  page: PageLink
  score: number
  depth: number
  order: number
}

/**
 * Ranks pages by how close their path is to a missing one, segment by segment: the common
 * leading folders count most (beyond the area, `guides` or `reference`, which alone says
 * nothing), then the first differing segment against the page's segment at that place (a
 * mistyped folder, `/guides/auht`, leads to that folder's pages), then the typed last segment
 * against the page's last segment and title (`githb` -> GitHub). The page that holds the missing
 * path (its parent) comes next after close names. Ties keep the shorter path, then site order.
 */
export function suggestPages(missingPath: string, pages: readonly PageLink[], limit = 5): PageLink[] {
  const typed = segmentsOf(missingPath)
  const last = typed.at(-1)
  if (!last) return []
  const ranked: Ranked[] = []
  pages.forEach((page, order) => {
    const own = segmentsOf(page.href)
    let shared = 0
    while (shared < typed.length && shared < own.length && typed[shared] === own[shared]) shared += 1
    if (shared === typed.length && shared === own.length) return
    const folder = shared < typed.length && shared < own.length ? similarity(typed[shared]!, own[shared]!) : 0
    const ownLast = own.at(-1) ?? ''
    const name =
      shared < typed.length ? Math.max(similarity(last, ownLast), similarity(last, slugOf(page.title))) : 0
    const parent = shared === own.length
    // The area alone (`/guides/...`) matches every page: it is no evidence.
    if (shared < 2 && folder === 0 && name === 0) return
    const score =
      shared * WEIGHT.sharedSegment +
      folder * WEIGHT.folder +
      name * WEIGHT.name +
      (parent ? WEIGHT.parent : 0)
    ranked.push({ page, score, depth: own.length, order })
  })
  return ranked
    .sort((a, b) => b.score - a.score || a.depth - b.depth || a.order - b.order)
    .slice(0, limit)
    .map(({ page }) => page)
}
