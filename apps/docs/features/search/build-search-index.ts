/**
 * Builds the Pagefind index of the export (out/pagefind/) with Pagefind's Node API. Each record's
 * HTML is handed over under the URL results should link to, with its article marked as the only
 * searchable part and its title and area attached as metadata.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as pagefind from 'pagefind'
import { wordParts, type SearchVocabulary } from '@docs/site-search'
import type { SearchRecord } from './search-records'

/** Parts of an article that are controls, not content. */
export const EXCLUDED_SELECTORS = ['nav', 'svg', 'button[aria-label]']

/** Characters kept inside words, so `weak_password` and `db-diff` are found as typed. */
export const INCLUDE_CHARACTERS = '_'

/**
 * Weight of words inside code blocks (prose is 1, headings more). Code stays searchable, but a
 * page whose prose says the words ranks above one that only shows them in an example, and the
 * excerpt is taken from the prose when both match.
 */
export const CODE_BLOCK_WEIGHT = 0.5

/** Longest summary kept: about two lines of the result list. */
const SUMMARY_LENGTH = 180

export class SearchIndexError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SearchIndexError'
  }
}

const TAG = /<[^>]+>/g

function plainText(html: string): string {
  return html
    .replace(TAG, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The first paragraph of prose in the article, shortened at a word: shown instead of an excerpt
 * that would be raw code or JSON.
 */
export function summaryOf(articleHtml: string): string {
  for (const match of articleHtml.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)) {
    const text = plainText(match[1] ?? '')
    if (text.length < 20) continue
    if (text.length <= SUMMARY_LENGTH) return text
    const cut = text.slice(0, SUMMARY_LENGTH)
    return `${cut.slice(0, cut.lastIndexOf(' '))}…`
  }
  return ''
}

/**
 * Elements whose text Pagefind joins to the next element's without a space: table cells and a
 * parameter's name, type and badge (`<code>limit</code><code>number</code>` would be indexed and
 * shown as "limitnumber").
 */
const RUN_TOGETHER = /(<\/(?:th|td|caption|code|small|kbd|dt|dd|summary)>)(?=<[a-z])/gi

/** A space after each such element, outside code blocks (whose spans must stay together). */
export function separateRunTogetherText(html: string): string {
  return html
    .split(/(<pre\b[\s\S]*?<\/pre>)/)
    .map((part) => (part.startsWith('<pre') ? part : part.replace(RUN_TOGETHER, '$1 ')))
    .join('')
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * Marks the page's one `<article>` as Pagefind's body and puts the record's metadata inside it.
 * A page without exactly one article is an error naming the file: the index would otherwise
 * quietly hold the header and sidebar of every page.
 */
export function prepareForIndex(html: string, record: SearchRecord): string {
  const openings = [...html.matchAll(/<article\b[^>]*>/g)]
  const opening = openings[0]
  if (openings.length !== 1 || !opening || opening.index === undefined) {
    throw new SearchIndexError(
      `${record.file}: expected exactly one <article> to index, found ${openings.length}`,
    )
  }
  const tag = opening[0].replace(/^<article/, '<article data-pagefind-body')
  const end = opening.index + opening[0].length
  const article = html.slice(end)
  const summary = summaryOf(article)
  // Metadata as elements (not `key:value` attributes) so commas and colons in titles survive.
  const fields = {
    title: record.title,
    area: record.area,
    kind: record.kind,
    ...(record.olderVersion ? { older: 'true' } : {}),
    ...(record.place ? { place: record.place } : {}),
    ...(record.aliases ? { aliases: record.aliases } : {}),
    ...(summary ? { summary } : {}),
  }
  const meta = Object.entries(fields)
    .map(
      ([key, value]) =>
        `<span hidden data-pagefind-ignore data-pagefind-meta="${key}">${escapeHtml(value)}</span>`,
    )
    .join('')
  const weighted = separateRunTogetherText(article).replace(
    /<pre\b/g,
    `<pre data-pagefind-weight="${CODE_BLOCK_WEIGHT}"`,
  )
  return `${html.slice(0, opening.index)}${tag}${meta}${weighted}`
}

/** The article element's inner HTML (prepareForIndex has checked there is exactly one). */
function articleOf(html: string): string {
  const start = html.search(/<article\b/)
  const end = html.lastIndexOf('</article>')
  return start >= 0 && end > start ? html.slice(start, end) : ''
}

export interface SearchIndexSummary {
  pages: number
  words: number
  outputPath: string
}

/** The vocabulary the search corrects typos against, written next to Pagefind's files. */
export const VOCABULARY_FILE = 'vocabulary.json'

/** Longest word kept in the vocabulary: longer ones are keys, hashes and tokens. */
const MAX_WORD_LENGTH = 32

/** The words of an article's text, each once: plain words of three or more characters. */
export function articleWords(articleHtml: string): Set<string> {
  const text = plainText(articleHtml.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ').replace(/</g, ' <'))
  return new Set(
    wordParts(text).filter(
      (word) => word.length >= 3 && word.length <= MAX_WORD_LENGTH && /^[a-z][a-z0-9_]*$/.test(word),
    ),
  )
}

/**
 * Every word of the indexed pages, most common (by pages that use it) first: the typos of a query
 * are corrected towards these, the common words before the rare ones.
 */
export function buildVocabulary(pages: readonly ReadonlySet<string>[]): SearchVocabulary {
  const counts = new Map<string, number>()
  for (const words of pages) for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1)
  const words = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word)
  return { pages: pages.length, words }
}

function failOn(errors: readonly string[], what: string): void {
  if (errors.length > 0) throw new SearchIndexError(`Pagefind could not ${what}:\n  ${errors.join('\n  ')}`)
}

export async function buildSearchIndex(
  outDir: string,
  records: readonly SearchRecord[],
): Promise<SearchIndexSummary> {
  const outputPath = path.join(outDir, 'pagefind')
  rmSync(outputPath, { recursive: true, force: true })
  const created = await pagefind.createIndex({
    excludeSelectors: EXCLUDED_SELECTORS,
    includeCharacters: INCLUDE_CHARACTERS,
    forceLanguage: 'en',
  })
  failOn(created.errors, 'start')
  const index = created.index
  if (!index) throw new SearchIndexError('Pagefind returned no index')
  let words = 0
  const vocabularyPages: Set<string>[] = []
  try {
    for (const record of records) {
      const file = path.join(outDir, record.file)
      if (!existsSync(file))
        throw new SearchIndexError(`${record.file}: not in the export, cannot index ${record.url}`)
      const html = readFileSync(file, 'utf8')
      const content = prepareForIndex(html, record)
      const added = await index.addHTMLFile({ url: record.url, content })
      failOn(added.errors, `index ${record.file}`)
      words += added.file.uniqueWords
      vocabularyPages.push(articleWords(articleOf(html)))
    }
    const written = await index.writeFiles({ outputPath })
    failOn(written.errors, 'write the index')
  } finally {
    await pagefind.close()
  }
  writeFileSync(path.join(outputPath, VOCABULARY_FILE), JSON.stringify(buildVocabulary(vocabularyPages)))
  return { pages: records.length, words, outputPath }
}
