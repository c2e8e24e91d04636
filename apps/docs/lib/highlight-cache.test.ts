import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HIGHLIGHTER_SOURCES, fileHighlightCache, highlightKey } from './highlight-cache'

describe('the highlight cache between builds', () => {
  let site: string
  let root: string
  const sources = ['highlighter.ts', 'grammar.json']

  beforeEach(() => {
    site = mkdtempSync(path.join(tmpdir(), 'highlight-cache-'))
    root = path.join(site, 'cache')
    writeFileSync(path.join(site, 'highlighter.ts'), 'export const theme = "light"')
    writeFileSync(path.join(site, 'grammar.json'), '{"name":"sql"}')
  })
  afterEach(() => rmSync(site, { recursive: true, force: true }))

  it('gives back what an earlier build wrote for the same block', () => {
    const key = highlightKey('select 1', 'sql', undefined)
    fileHighlightCache(root, site, sources)!.write(key, '<pre>select 1</pre>')
    expect(fileHighlightCache(root, site, sources)!.read(key)).toBe('<pre>select 1</pre>')
  })

  it('tells blocks apart by code, language and meta', () => {
    const keys = new Set([
      highlightKey('select 1', 'sql', undefined),
      highlightKey('select 1', 'sql', '{1}'),
      highlightKey('select 1', 'ts', undefined),
      highlightKey('select 2', 'sql', undefined),
    ])
    expect(keys.size).toBe(4)
    // An empty meta is no meta: the HTML is the same.
    expect(highlightKey('a', 'sql', '')).toBe(highlightKey('a', 'sql', undefined))
  })

  it('misses, and drops the old entries, once the highlighter or its grammars change', () => {
    const key = highlightKey('select 1', 'sql', undefined)
    fileHighlightCache(root, site, sources)!.write(key, '<pre>old colours</pre>')
    const before = readdirSync(root)
    writeFileSync(path.join(site, 'grammar.json'), '{"name":"sql","patterns":[]}')
    const changed = fileHighlightCache(root, site, sources)!
    expect(changed.read(key)).toBeUndefined()
    expect(readdirSync(root)).toHaveLength(1)
    expect(existsSync(path.join(root, before[0]!))).toBe(false)
  })

  it('is off when a file it fingerprints is missing', () => {
    expect(fileHighlightCache(root, site, [...sources, 'missing.lock'])).toBeUndefined()
  })

  it("fingerprints the site's highlighter: its files exist, and every local module it imports is one", () => {
    const siteDir = path.resolve(import.meta.dirname, '..')
    const cacheRoot = mkdtempSync(path.join(tmpdir(), 'highlight-cache-site-'))
    try {
      expect(fileHighlightCache(cacheRoot, siteDir)).toBeDefined()
    } finally {
      rmSync(cacheRoot, { recursive: true, force: true })
    }
    const source = readFileSync(path.join(siteDir, 'lib', 'highlight.ts'), 'utf8')
    const localImports = [...source.matchAll(/from '\.\/([\w-]+)'/g)]
      .map(([, name]) => `lib/${name}.ts`)
      .filter((file) => file !== 'lib/highlight-cache.ts')
    expect(localImports.length).toBeGreaterThan(0)
    for (const file of localImports) expect(HIGHLIGHTER_SOURCES).toContain(file)
  })

  it('reads an unknown key as a miss', () => {
    expect(
      fileHighlightCache(root, site, sources)!.read(highlightKey('x', 'text', undefined)),
    ).toBeUndefined()
  })
})
