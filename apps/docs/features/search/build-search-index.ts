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

export class SearchIndexError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SearchIndexError'
  }
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
  // Metadata as elements (not `key:value` attributes) so commas and colons in titles survive.
  const fields = {
    title: record.title,
    area: record.area,
    kind: record.kind,
    ...(record.olderVersion ? { older: 'true' } : {}),
  }
  const meta = Object.entries(fields)
    .map(
      ([key, value]) =>
        `<span hidden data-pagefind-ignore data-pagefind-meta="${key}">${escapeHtml(value)}</span>`,
    )
    .join('')
  const end = opening.index + opening[0].length
  return `${html.slice(0, opening.index)}${tag}${meta}${html.slice(end)}`
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
