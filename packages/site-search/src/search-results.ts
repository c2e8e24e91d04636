/**
 * Turns Pagefind's result data into what the dialog shows: where the page sits, the page, the
 * best-matching section and an excerpt split into plain and highlighted parts (rendered as text,
 * never as HTML).
 */

/** The parts of Pagefind's `result.data()` the dialog reads. */
export interface PagefindLocation {
  weight: number
  balanced_score: number
  location: number
}

export interface PagefindSubResult {
  title: string
  url: string
  excerpt: string
  weighted_locations?: PagefindLocation[]
}

/** An element with an `id` on the page, at the word position where it starts. */
export interface PagefindAnchor {
  element: string
  id: string
  text?: string
  location: number
}

export interface PagefindResultData {
  url: string
  excerpt: string
  meta: Record<string, string | undefined>
  sub_results?: PagefindSubResult[]
  anchors?: PagefindAnchor[]
  /** Word positions of the matches on the page: indexes into `content` split at white space. */
  locations?: number[]
  /** The page's indexed text. */
  content?: string
}

export interface ExcerptPart {
  text: string
  highlighted: boolean
}

/** A matching part of a page, listed under the page's result. */
export interface SearchSection {
  url: string
  title: string
  excerpt: ExcerptPart[]
}

export interface SearchHit {
  /** Stable React key. */
  id: string
  /** Where the page's own link goes: the page, or the table row a code query names. */
  url: string
  /** Where the page sits: `Guides › Auth`, `CLI reference › Local development`. */
  area: string
  page: string
  excerpt: ExcerptPart[]
  /** The page's matching sections, best first (guides only: a reference section is one target). */
  sections: SearchSection[]
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
}

function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
}

/**
 * A marked word without the punctuation Pagefind marks with it: "Presence." is shown as a marked
 * "Presence" and a plain ".", `(presence_ref).` as "(", "presence_ref" and ").".
 */
function markedWord(text: string): ExcerptPart[] {
  const match = /^([.,;:!?()[\]{}"'`]*)([\s\S]*?)([.,;:!?()[\]{}"'`]*)$/.exec(text)
  const [, before = '', word = '', after = ''] = match ?? []
  if (word === '') return [{ text, highlighted: true }]
  return [
    { text: before, highlighted: false },
    { text: word, highlighted: true },
    { text: after, highlighted: false },
  ]
}

/** Pagefind marks matches with `<mark>`; everything else is text. */
export function parseExcerpt(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = []
  const pattern = /<mark>([\s\S]*?)<\/mark>/g
  let last = 0
  for (const match of excerpt.matchAll(pattern)) {
    const index = match.index ?? 0
    if (index > last) parts.push({ text: decodeEntities(excerpt.slice(last, index)), highlighted: false })
    parts.push(...markedWord(decodeEntities(match[1] ?? '')))
    last = index + match[0].length
  }
  if (last < excerpt.length) parts.push({ text: decodeEntities(excerpt.slice(last)), highlighted: false })
  // Neighbouring plain parts are joined, so the text reads as one run.
  return parts
    .filter((part) => part.text !== '')
    .reduce<ExcerptPart[]>((joined, part) => {
      const previous = joined[joined.length - 1]
      if (previous && !previous.highlighted && !part.highlighted) previous.text += part.text
      else joined.push({ ...part })
      return joined
    }, [])
}

/** Sections listed under a page at most. */
export const MAX_SECTIONS = 3

function scoreOf(sub: PagefindSubResult): number {
  return (sub.weighted_locations ?? []).reduce((sum, location) => sum + location.balanced_score, 0)
}

function withoutHash(url: string): string {
  return url.split('#')[0] ?? url
}

/** The sub-result whose matches weigh most (a match in a heading outweighs several in text). */
export function bestSubResult(data: PagefindResultData): PagefindSubResult | undefined {
  let best: PagefindSubResult | undefined
  for (const sub of data.sub_results ?? []) {
    if (!best || scoreOf(sub) > scoreOf(best)) best = sub
  }
  return best
}

/** A query that is itself code: `otp_expired`, `auth.getUser`, `--db-url`, `signInWithOtp()`. */
export function isCodeQuery(query: string): boolean {
  return /[_.(){}=<>:]|--|[a-z][A-Z]/.test(query.trim())
}

/**
 * Text that reads as code or data rather than prose: JSON keys, braces, arrows and assignments,
 * or a high share of symbols.
 */
export function looksLikeCode(text: string): boolean {
  if (/"\w+"\s*:|=>|\{\s*"|\)\s*;|^\s*[{[]/.test(text)) return true
  const symbols = text.match(/[{}[\]()<>=;"'`|$]/g)?.length ?? 0
  return text.length > 0 && symbols / text.length > 0.08
}

function plainOf(excerpt: string): string {
  return parseExcerpt(excerpt)
    .map((part) => part.text)
    .join('')
}

/**
 * The excerpt to show: Pagefind's when it is prose (or when the reader searched for code),
 * otherwise the best prose excerpt of a section, otherwise the page's summary.
 */
export function cleanExcerpt(data: PagefindResultData, query: string): ExcerptPart[] {
  const code = isCodeQuery(query)
  const bySection = [...(data.sub_results ?? [])].sort((a, b) => scoreOf(b) - scoreOf(a))
  for (const excerpt of [data.excerpt, ...bySection.map((sub) => sub.excerpt)]) {
    if (excerpt.trim() === '') continue
    if (code || !looksLikeCode(plainOf(excerpt))) return parseExcerpt(excerpt)
  }
  const summary = data.meta.summary
  return summary ? [{ text: summary, highlighted: false }] : []
}

/**
 * For a code query, the table row that holds the code: the row whose id is `code-<code>`, or the
 * row a match falls in. Rows are anchors Pagefind records with their word position.
 */
export function matchingRow(data: PagefindResultData, query: string): PagefindAnchor | undefined {
  if (!isCodeQuery(query)) return undefined
  const anchors = [...(data.anchors ?? [])].sort((a, b) => a.location - b.location)
  const code = query.trim().toLowerCase()
  const named = anchors.find((anchor) => anchor.id === `code-${code}`)
  if (named) return named
  for (const location of data.locations ?? []) {
    const index = anchors.findLastIndex((anchor) => anchor.location <= location)
    const anchor = anchors[index]
    if (anchor?.element === 'tr' && anchor.id) return anchor
  }
  return undefined
}

function sectionsOf(data: PagefindResultData, query: string, pageUrl: string, page: string): SearchSection[] {
  return [...(data.sub_results ?? [])]
    .filter((sub) => sub.url.includes('#') && withoutHash(sub.url) === pageUrl && sub.title !== page)
    .filter((sub) => scoreOf(sub) > 0 || sub.weighted_locations === undefined)
    .sort((a, b) => scoreOf(b) - scoreOf(a))
    .slice(0, MAX_SECTIONS)
    .map((sub) => ({
      url: sub.url,
      title: sub.title,
      excerpt: isCodeQuery(query) || !looksLikeCode(plainOf(sub.excerpt)) ? parseExcerpt(sub.excerpt) : [],
    }))
}

/**
 * One result per page. Guides list their matching sections, each linking to its heading.
 * Reference sections link to the section's own URL: the long page scrolls to the section from
 * its path, and a heading inside it is not a target. A code query links to its table row.
 */
export function toSearchHit(data: PagefindResultData, query = ''): SearchHit {
  const page = data.meta.title ?? data.url
  const area = data.meta.area ?? ''
  const pageUrl = withoutHash(data.url)
  const row = matchingRow(data, query)
  const sections = data.meta.kind === 'reference' ? [] : sectionsOf(data, query, pageUrl, page)
  return {
    id: data.url,
    url: row ? `${pageUrl}#${row.id}` : pageUrl,
    area,
    page,
    excerpt: cleanExcerpt(data, query),
    sections,
  }
}
