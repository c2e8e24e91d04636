import { describe, expect, it } from 'vitest'
import { crawlerPath, getLibrary, reservedSegments, sectionPath, slugFromPathname } from './libraries'
import { renderRedirectsFile, rewriteReferencePath } from './rewrites'

describe('slugFromPathname', () => {
  const js = getLibrary('javascript-v2')
  const v1 = getLibrary('javascript-v1')

  it('takes the last segment after the library path', () => {
    expect(slugFromPathname(js, '/reference/javascript/select')).toBe('select')
    expect(slugFromPathname(js, '/reference/javascript/select/')).toBe('select')
    expect(slugFromPathname(js, '/reference/javascript/select?x=1#top')).toBe('select')
    expect(slugFromPathname(v1, '/reference/javascript/v1/select')).toBe('select')
  })

  it('returns null for the page itself, nested versions and crawler pages', () => {
    expect(slugFromPathname(js, '/reference/javascript')).toBeNull()
    expect(slugFromPathname(js, '/reference/javascript/')).toBeNull()
    expect(slugFromPathname(js, '/reference/javascript/v1')).toBeNull()
    expect(slugFromPathname(js, '/reference/javascript/crawlers')).toBeNull()
    expect(slugFromPathname(js, '/reference/javascript/crawlers/select')).toBeNull()
    expect(slugFromPathname(js, '/reference/javascript/v1/select')).toBeNull()
    expect(slugFromPathname(js, '/reference/javascriptx/select')).toBeNull()
  })

  it('leaves file-like and malformed paths alone', () => {
    expect(slugFromPathname(js, '/reference/javascript/select.md')).toBeNull()
    expect(slugFromPathname(js, '/reference/javascript/%E0%A4%A')).toBeNull()
  })

  it('lists the reserved segments of a library', () => {
    expect(reservedSegments(js)).toEqual(['crawlers', 'v1'])
    expect(reservedSegments(v1)).toEqual(['crawlers'])
  })

  it('builds section and crawler paths', () => {
    expect(sectionPath(v1, 'select')).toBe('/reference/javascript/v1/select')
    expect(crawlerPath(js, 'select')).toBe('/reference/javascript/crawlers/select')
  })
})

describe('rewriteReferencePath', () => {
  it('answers section URLs with the library page', () => {
    expect(rewriteReferencePath('/reference/javascript/select')).toBe('/reference/javascript.html')
    expect(rewriteReferencePath('/reference/javascript/v1/select')).toBe('/reference/javascript/v1.html')
    expect(rewriteReferencePath('/reference/cli/supabase-db-push')).toBe('/reference/cli.html')
    expect(rewriteReferencePath('/reference/api/v1-list-all-projects/')).toBe('/reference/api.html')
    expect(rewriteReferencePath('/reference/javascript/not-a-section')).toBe('/reference/javascript.html')
  })

  it('leaves pages that exist as files and other paths alone', () => {
    expect(rewriteReferencePath('/reference/javascript')).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/v1')).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/crawlers/select')).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/v1/crawlers/select')).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/select.md')).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/a/b')).toBeNull()
    expect(rewriteReferencePath('/guides/database/overview')).toBeNull()
    expect(rewriteReferencePath('/reference')).toBeNull()
  })
})

describe('renderRedirectsFile', () => {
  it('lists nested libraries before the libraries they are nested in', () => {
    const lines = renderRedirectsFile()
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
    expect(lines).toContain('/reference/javascript/:slug  /reference/javascript.html  200')
    const v1Page = lines.indexOf('/reference/javascript/v1  /reference/javascript/v1.html  200')
    const jsSlug = lines.indexOf('/reference/javascript/:slug  /reference/javascript.html  200')
    expect(v1Page).toBeGreaterThanOrEqual(0)
    expect(v1Page).toBeLessThan(jsSlug)
    expect(lines.every((line) => /^\/reference\/\S+ {2}\/reference\/\S+\.html {2}200$/.test(line))).toBe(true)
  })
})
