/**
 * Builds the Pagefind index of the export (out/pagefind/) with Pagefind's Node API. Each record's
 * HTML is handed over under the URL results should link to, with its article marked as the only
 * searchable part and its title and area attached as metadata.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import * as pagefind from 'pagefind'
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
    ...(summary ? { summary } : {}),
  }
  const meta = Object.entries(fields)
    .map(
      ([key, value]) =>
        `<span hidden data-pagefind-ignore data-pagefind-meta="${key}">${escapeHtml(value)}</span>`,
    )
    .join('')
  const weighted = article.replace(/<pre\b/g, `<pre data-pagefind-weight="${CODE_BLOCK_WEIGHT}"`)
  return `${html.slice(0, opening.index)}${tag}${meta}${weighted}`
}

export interface SearchIndexSummary {
  pages: number
  words: number
  outputPath: string
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
  try {
    for (const record of records) {
      const file = path.join(outDir, record.file)
      if (!existsSync(file))
        throw new SearchIndexError(`${record.file}: not in the export, cannot index ${record.url}`)
      const content = prepareForIndex(readFileSync(file, 'utf8'), record)
      const added = await index.addHTMLFile({ url: record.url, content })
      failOn(added.errors, `index ${record.file}`)
      words += added.file.uniqueWords
    }
    const written = await index.writeFiles({ outputPath })
    failOn(written.errors, 'write the index')
  } finally {
    await pagefind.close()
  }
  return { pages: records.length, words, outputPath }
}
