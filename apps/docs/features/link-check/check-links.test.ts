import { describe, expect, it } from 'vitest'
import { extractIds, extractLinks, findBrokenLinks, formatBrokenLinks, type PageIndex } from './check-links'

function page(path: string, html: string, source = `content${path}.mdx`): PageIndex {
  return { path, source, ids: extractIds(html), links: extractLinks(html) }
}

const home = page('/', '<h1 id="top">Home</h1><a href="/guides/a#install">a</a><a href="https://example.com">x</a>')
const guideA = page(
  '/guides/a',
  '<h2 id="install">Install</h2><a href="#install">self</a><a href="/guides/b">b</a><a href="/guides/a#missing">m</a><a href="/sitemap.xml">s</a><a href="mailto:x@y.z">mail</a>',
)
const pages = [home, guideA]
const targets = {
  resolvePage: (path: string) => pages.find((p) => p.path === path),
  isFile: (path: string) => path === '/sitemap.xml',
}

describe('link checker', () => {
  it('extracts anchors and ids from HTML, decoding entities', () => {
    expect(extractLinks('<a class="x" href="/a?b=1&amp;c=2">')).toEqual(['/a?b=1&c=2'])
    expect([...extractIds('<h2 id="one"></h2><div id="two">')]).toEqual(['one', 'two'])
  })

  it('reports missing pages and missing anchors, naming the source file', () => {
    const broken = findBrokenLinks(pages, targets)
    expect(broken.map((b) => [b.source, b.link])).toEqual([
      ['content/guides/a.mdx', '/guides/b'],
      ['content/guides/a.mdx', '/guides/a#missing'],
    ])
    expect(formatBrokenLinks(broken)).toContain('content/guides/a.mdx: broken link "/guides/b" (no such page)')
  })

  it('accepts valid pages, anchors, same-page anchors, files and external links', () => {
    expect(findBrokenLinks([home], targets)).toEqual([])
  })
})
