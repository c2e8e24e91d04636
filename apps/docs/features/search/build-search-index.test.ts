import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  articleWords,
  buildSearchIndex,
  buildVocabulary,
  CODE_BLOCK_WEIGHT,
  prepareForIndex,
  SearchIndexError,
  separateRunTogetherText,
  summaryOf,
  VOCABULARY_FILE,
} from './build-search-index'
import type { SearchRecord } from './search-records'

const record: SearchRecord = {
  file: 'reference/cli/crawlers/supabase-db-diff.html',
  url: '/reference/cli/supabase-db-diff',
  title: 'supabase db diff, "quoted" <tag>',
  area: 'CLI reference › Local development',
  kind: 'reference',
}

const page = (body: string) =>
  `<html lang="en"><body><header>Site header</header>${body}<footer>Footer</footer></body></html>`

describe('prepareForIndex', () => {
  it('marks the article as the only searchable part and attaches escaped metadata', () => {
    const html = prepareForIndex(page('<article class="doc"><h2>Diff</h2></article>'), record)
    expect(html).toContain('<article data-pagefind-body class="doc">')
    expect(html).toContain(
      '<span hidden data-pagefind-ignore data-pagefind-meta="title">supabase db diff, &quot;quoted&quot; &lt;tag&gt;</span>',
    )
    expect(html).toContain('data-pagefind-meta="kind">reference</span>')
    expect(html).toContain('<header>Site header</header>')
  })

  it('marks records of an older library version', () => {
    const html = prepareForIndex(page('<article><p>Old</p></article>'), { ...record, olderVersion: true })
    expect(html).toContain('data-pagefind-meta="older">true</span>')
    expect(prepareForIndex(page('<article><p>New</p></article>'), record)).not.toContain('"older"')
  })

  it('weighs code blocks below prose and keeps the first paragraph as the summary', () => {
    const html = prepareForIndex(
      page(
        '<article><h1>Diff</h1><p>Short.</p><p>Shows the <code>schema</code> changes &amp; writes them as SQL.</p><pre><code>{"a":1}</code></pre></article>',
      ),
      record,
    )
    expect(html).toContain(`<pre data-pagefind-weight="${CODE_BLOCK_WEIGHT}"><code>`)
    expect(CODE_BLOCK_WEIGHT).toBeLessThan(1)
    expect(html).toContain(
      'data-pagefind-meta="summary">Shows the schema changes &amp; writes them as SQL.</span>',
    )
  })

  it('cuts a long summary at a word', () => {
    const summary = summaryOf(`<p>${'word '.repeat(100)}</p>`)
    expect(summary.length).toBeLessThanOrEqual(181)
    expect(summary.endsWith('word…')).toBe(true)
    expect(summaryOf('<pre>code only</pre>')).toBe('')
  })

  it('fails naming the file when a page has no article or several', () => {
    expect(() => prepareForIndex(page('<main>x</main>'), record)).toThrow(SearchIndexError)
    expect(() => prepareForIndex(page('<main>x</main>'), record)).toThrow(
      'reference/cli/crawlers/supabase-db-diff.html: expected exactly one <article> to index, found 0',
    )
    expect(() => prepareForIndex(page('<article>a</article><article>b</article>'), record)).toThrow('found 2')
  })
})

describe('text that would run together', () => {
  it('keeps a space between table cells and between a name, its type and its badge', () => {
    const cells =
      '<table><caption>planets</caption><tr><th>id</th><th>name</th></tr><tr><td>1</td><td>Mars</td></tr></table>'
    expect(separateRunTogetherText(cells)).toBe(
      '<table><caption>planets</caption> <tr><th>id</th> <th>name</th></tr><tr><td>1</td> <td>Mars</td></tr></table>',
    )
    const param = '<div><code>limit</code><code class="ref-type">number</code><small>Required</small></div>'
    expect(separateRunTogetherText(param)).toBe(
      '<div><code>limit</code> <code class="ref-type">number</code> <small>Required</small></div>',
    )
  })

  it('leaves code blocks as they are', () => {
    const block =
      '<pre><code><span>supabase</span>.<span>from</span><code>x</code><span>y</span></code></pre>'
    expect(separateRunTogetherText(`<p><code>a</code><code>b</code></p>${block}`)).toBe(
      `<p><code>a</code> <code>b</code></p>${block}`,
    )
  })

  it('is applied to what Pagefind indexes', () => {
    const html = prepareForIndex(page('<article><code>rows</code><code>number</code></article>'), record)
    expect(html).toContain('<code>rows</code> <code>number</code>')
  })
})

describe('the vocabulary', () => {
  it('holds the plain words of an article, not its scripts or one- and two-letter words', () => {
    const words = articleWords(
      '<article><h1>Presence</h1><p>Track <code>presenceState()</code> in a channel.</p><script>var hidden=1</script></article>',
    )
    expect([...words].sort()).toEqual(['channel', 'presence', 'presencestate', 'track'])
  })

  it('lists the words most common first', () => {
    const vocabulary = buildVocabulary([
      new Set(['bucket', 'upload']),
      new Set(['upload']),
      new Set(['zebra', 'upload']),
    ])
    expect(vocabulary).toEqual({ pages: 3, words: ['upload', 'bucket', 'zebra'] })
  })
})

describe('buildSearchIndex', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it(
    'writes a Pagefind bundle for the records, and refuses a record missing from the export',
    { timeout: 60_000 },
    async () => {
      const outDir = mkdtempSync(path.join(tmpdir(), 'search-index-'))
      dirs.push(outDir)
      mkdirSync(path.join(outDir, 'reference/cli/crawlers'), { recursive: true })
      writeFileSync(
        path.join(outDir, record.file),
        page('<article><h2 id="diff">supabase db diff</h2><p>Show schema changes as SQL.</p></article>'),
      )
      const summary = await buildSearchIndex(outDir, [record])
      expect(summary.pages).toBe(1)
      expect(summary.words).toBeGreaterThan(3)
      const files = readdirSync(summary.outputPath)
      expect(files).toContain('pagefind.js')
      expect(files.some((file) => file.endsWith('.pf_meta'))).toBe(true)
      expect(existsSync(path.join(summary.outputPath, 'index'))).toBe(true)
      const vocabulary = JSON.parse(readFileSync(path.join(summary.outputPath, VOCABULARY_FILE), 'utf8'))
      expect(vocabulary.pages).toBe(1)
      expect(vocabulary.words).toEqual(expect.arrayContaining(['supabase', 'diff', 'schema', 'changes']))

      await expect(buildSearchIndex(outDir, [{ ...record, file: 'missing.html' }])).rejects.toThrow(
        'missing.html: not in the export',
      )
    },
  )
})
