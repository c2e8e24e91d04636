import { FILLER_WORDS } from './match-quality'
import { isCodeQuery, type PagefindResultData } from './search-results'
import { normalizeQuery, type QueryVariant } from './search-synonyms'

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

/** Added, times the name's coverage, when the query is most of the page's title (see titlePrecision). */
export const TITLE_WEIGHT = 0.25

/** Added when the query's words stand next to each other on the page, as a phrase. */
export const PHRASE_WEIGHT = 0.4

/**
 * Added to a guide, times the square of its name coverage, for a query of words (not code): a
 * reader who types a concept ("realtime presence") wants the guide that explains it before the
 * reference method that mentions the same words. Twice as much for a question ("how do I ...").
 */
export const GUIDE_WEIGHT = 0.5

/** Added to the page whose address is the query: `select` → `/reference/javascript/select`. */
export const ADDRESS_WEIGHT = 0.3

/** Added to the page whose table has a row for the code the query names (`otp_expired`). */
export const CODE_ROW_WEIGHT = 1

/** Weight of a query that is one of the page's other names, word for word (`quickstart`). */
export const ALIAS_WEIGHT = 1

/** Between the names of a page's `aliases` meta field. */
export const ALIAS_SEPARATOR = ' | '

/** Weight of a section heading that holds every word of the query (`service role key`). */
export const SECTION_WEIGHT = 0.5

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

/**
 * Word forms reduced to one, enough to compare query words with short names: `caching` and
 * `cache`, `connection` and `connecting`, `locally` and `local`, `policies` and `policy`.
 */
export function stem(word: string): string {
  let base = word
  if (base.length > 3 && base.endsWith('ies')) base = `${base.slice(0, -3)}y`
  else if (base.length > 3 && base.endsWith('s') && !base.endsWith('ss')) base = base.slice(0, -1)
  if (base.length > 4 && base.endsWith('ing')) return base.slice(0, -3)
  if (base.length > 6 && base.endsWith('ion')) return base.slice(0, -3)
  if (base.length > 5 && base.endsWith('ly')) return base.slice(0, -2)
  if (base.length > 4 && base.endsWith('e')) return base.slice(0, -1)
  return base
}

function queryWords(term: string): string[] {
  return nameWords(term).filter((word) => !FILLER_WORDS.has(word) && word !== 'supabase')
}

/**
 * The page's own name: its title, the last part of its URL and the other names its front matter
 * gives it (`searchNames`: the getting-started page is the quickstart). A guide is also named by
 * its section ("Presence" under "Guides › Realtime" is the realtime presence guide); a reference
 * page's area is only a category.
 */
function pageNameWords(data: PagefindResultData): Set<string> {
  const slug = data.url.split('#')[0]?.split('/').pop() ?? ''
  const place = data.meta.kind === 'guide' ? nameWords(data.meta.place ?? '') : []
  return new Set(
    [...nameWords(data.meta.title ?? ''), ...slug.split('-'), ...place, ...nameWords(data.meta.aliases ?? '')]
      .filter((word) => word !== 'supabase' && word !== 'guides')
      .map(stem),
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

/**
 * True when the page is a CLI command and the query names it whole: from its first word
 * (`gen types typescript` → `supabase gen types`), or further on for a command of two words or
 * more (`shell completion zsh` → `supabase completion zsh`; one word such as `test` or `db` is
 * too common to count in the middle of a query).
 */
export function namesCommand(term: string, data: PagefindResultData): boolean {
  const title = data.meta.title ?? ''
  if (!title.startsWith('supabase ') || !(data.meta.area ?? '').startsWith('CLI')) return false
  const command = title.split(/\s+/).slice(1)
  const words = nameWords(term).filter((word) => word !== 'supabase')
  if (command.length === 0) return false
  const starts = Array.from({ length: command.length > 1 ? words.length : 1 }, (_, start) => start)
  return starts.some((start) => command.every((word, index) => words[start + index] === word))
}

/** The function a reference page documents: `admin.listUsers()` in its title → `listusers`. */
function functionName(data: PagefindResultData): string | undefined {
  const match = /([A-Za-z_$][\w$]*)\(\)\s*$/.exec(data.meta.title ?? '')
  return match?.[1]?.toLowerCase()
}

/**
 * 1 when the query, written together, is the function's name; 0.5 when it ends the name or when
 * one of its words is the name.
 */
export function functionMatch(term: string, data: PagefindResultData): number {
  const name = functionName(data)
  if (!name) return 0
  const words = queryWords(term)
  const joined = words.join('')
  if (joined === name) return 1
  if (joined.length >= 6 && name.endsWith(joined)) return 0.5
  // One word of the query is the function (`delete` of `delete rows`, `ilike` of `ilike case`).
  return name.length >= 3 && words.includes(name) ? 0.5 : 0
}

/**
 * Share of the words of the page's title that the query holds: of two pages whose names both
 * cover the query, the one named by little else is the one the query names (`row level security`
 * is the whole title of the row-level security guide, and half of "new row violates row-level
 * security policy").
 */
export function titlePrecision(term: string, data: PagefindResultData): number {
  const words = new Set(queryWords(term).map(stem))
  // Each of the page's other names counts as a title of its own.
  const titles = [data.meta.title ?? '', ...(data.meta.aliases ?? '').split(ALIAS_SEPARATOR)]
  return Math.max(
    0,
    ...titles.map((text) => {
      const title = new Set(
        nameWords(text)
          .filter((word) => !FILLER_WORDS.has(word))
          .map(stem),
      )
      if (title.size === 0) return 0
      let covered = 0
      for (const word of title) if (words.has(word)) covered += 1
      return covered / title.size
    }),
  )
}

/**
 * True when one of the page's section headings holds every word of a query of two words or more:
 * the page has a section on it ("The service_role key: servers only" for `service role key`),
 * though its title is broader.
 */
export function namesSection(term: string, data: PagefindResultData): boolean {
  const words = queryWords(term)
    .flatMap((word) => word.split('_'))
    .map(stem)
  if (words.length < 2) return false
  return (data.anchors ?? []).some((anchor) => {
    if (!/^h[23]$/.test(anchor.element)) return false
    const heading = new Set(
      nameWords(anchor.text ?? '')
        .flatMap((word) => word.split('_'))
        .map(stem),
    )
    return words.every((word) => heading.has(word))
  })
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

/** True when the page has a table row for the code the query is: `#code-otp_expired`. */
export function hasCodeRow(term: string, data: PagefindResultData): boolean {
  const code = term.trim().toLowerCase()
  return isCodeQuery(code) && (data.anchors ?? []).some((anchor) => anchor.id === `code-${code}`)
}

/** True when the query, as typed, is one of the names the page's front matter gives it. */
export function isAliasOf(term: string, data: PagefindResultData): boolean {
  const words = queryWords(term).map(stem).join(' ')
  if (words === '') return false
  return (data.meta.aliases ?? '')
    .split(ALIAS_SEPARATOR)
    .some((alias) => queryWords(alias).map(stem).join(' ') === words)
}

/** True when the last part of the page's address is the query's words joined by dashes. */
export function isAddressOf(term: string, data: PagefindResultData): boolean {
  const slug = (data.url.split('#')[0]?.split('/').pop() ?? '').replace(/^supabase-/, '')
  const words = queryWords(term)
  return words.length > 0 && slug === words.join('-')
}

export interface RankedResult {
  data: PagefindResultData
  score: number
}

/** The best of `score` over the variants, each scaled by its weight. */
function bestOf(
  variants: readonly QueryVariant[],
  score: (variant: QueryVariant) => number,
  only: (variant: QueryVariant) => boolean = () => true,
): number {
  return Math.max(0, ...variants.filter(only).map((variant) => variant.weight * score(variant)))
}

/** Words a reader starts a question with: "how do I ...", "what is ...", "why does ...". */
const QUESTION_WORDS: ReadonlySet<string> = new Set(['how', 'what', 'why', 'where', 'which', 'when', 'can'])

/** True for a question: the reader wants an explanation, which is a guide's job. */
export function isQuestion(term: string): boolean {
  return QUESTION_WORDS.has(term.trim().split(/\s+/)[0] ?? '')
}

/**
 * Orders the candidates. `query`, the query as the reader typed it, is compared with every
 * page's name, whichever variant found the page: a page found by some of the query's words
 * (`completion zsh` of `shell completion zsh`) is still named by the whole query.
 */
export function rankResults(results: readonly ScoredResult[], query?: string): RankedResult[] {
  const best = Math.max(0, ...results.map((result) => result.score))
  const typed = query === undefined ? [] : [{ term: normalizeQuery(query), weight: 1 }]
  return results
    .map((result, index) => {
      const { data } = result
      const variants = [...result.variants, ...typed]
      const body = best > 0 ? result.score / best : 0
      const coverage = bestOf(variants, (variant) => nameCoverage(variant.term, data))
      const precision = bestOf(
        variants,
        (variant) => nameCoverage(variant.term, data) * titlePrecision(variant.term, data),
      )
      // A synonym that names a command counts less than the command typed as it is.
      const command = bestOf(variants, (variant) => (namesCommand(variant.term, data) ? 1 : 0))
      const named = bestOf(variants, (variant) => functionMatch(variant.term, data))
      const phrase = result.variants.some((variant) => variant.weight === 1 && hasPhrase(variant.term, data))
        ? 1
        : 0
      const guide =
        data.meta.kind === 'guide'
          ? bestOf(
              variants,
              (variant) => (isQuestion(variant.term) ? 2 : 1) * nameCoverage(variant.term, data) ** 2,
              (variant) => !isCodeQuery(variant.term),
            )
          : 0
      const row = variants.some((variant) => hasCodeRow(variant.term, data)) ? 1 : 0
      const section = bestOf(variants, (variant) => (namesSection(variant.term, data) ? 1 : 0))
      // As typed only: a synonym's page (`logout` for `sign out`) is not the page asked for.
      const address = variants.some((variant) => variant.weight === 1 && isAddressOf(variant.term, data))
        ? 1
        : 0
      const alias = variants.some((variant) => variant.weight === 1 && isAliasOf(variant.term, data)) ? 1 : 0
      const older = data.meta.older === 'true' ? OLDER_VERSION_FACTOR : 1
      const score =
        body +
        NAME_WEIGHT * coverage ** 2 +
        TITLE_WEIGHT * precision +
        COMMAND_WEIGHT * command +
        FUNCTION_WEIGHT * named +
        PHRASE_WEIGHT * phrase +
        GUIDE_WEIGHT * guide +
        CODE_ROW_WEIGHT * row +
        SECTION_WEIGHT * section +
        ADDRESS_WEIGHT * address +
        ALIAS_WEIGHT * alias
      return { index, data, score: score * older }
    })
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ data, score }) => ({ data, score }))
}
