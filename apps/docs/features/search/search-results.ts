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

export interface PagefindResultData {
  url: string
  excerpt: string
  meta: Record<string, string | undefined>
  sub_results?: PagefindSubResult[]
}

export interface ExcerptPart {
  text: string
  highlighted: boolean
}

export interface SearchHit {
  /** Stable React key. */
  id: string
  /** Where the link goes: the page, or the matching heading on a guide. */
  url: string
  /** Where the page sits: `Guides › Auth`, `CLI reference › Local development`. */
  area: string
  page: string
  /** The heading the match is under, when it is not the top of the page. */
  section?: string
  excerpt: ExcerptPart[]
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

/** Pagefind marks matches with `<mark>`; everything else is text. */
export function parseExcerpt(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = []
  const pattern = /<mark>([\s\S]*?)<\/mark>/g
  let last = 0
  for (const match of excerpt.matchAll(pattern)) {
    const index = match.index ?? 0
    if (index > last) parts.push({ text: decodeEntities(excerpt.slice(last, index)), highlighted: false })
    parts.push({ text: decodeEntities(match[1] ?? ''), highlighted: true })
    last = index + match[0].length
  }
  if (last < excerpt.length) parts.push({ text: decodeEntities(excerpt.slice(last)), highlighted: false })
  return parts.filter((part) => part.text !== '')
}

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

/**
 * Guides link to the matching heading. Reference sections link to the section's own URL: the
 * long page scrolls to the section from its path, and a heading inside it is not the target.
 */
export function toSearchHit(data: PagefindResultData): SearchHit {
  const page = data.meta.title ?? data.url
  const area = data.meta.area ?? ''
  const pageUrl = withoutHash(data.url)
  const sub = data.meta.kind === 'reference' ? undefined : bestSubResult(data)
  const isHeading = sub !== undefined && sub.url.includes('#') && withoutHash(sub.url) === pageUrl
  return {
    id: data.url,
    url: isHeading && sub ? sub.url : pageUrl,
    area,
    page,
    ...(isHeading && sub && sub.title !== page ? { section: sub.title } : {}),
    excerpt: parseExcerpt(isHeading && sub ? sub.excerpt : data.excerpt),
  }
}
