import { describe, expect, it } from 'vitest'
import { crawlerPath, getLibrary, reservedSegments, sectionPath, slugFromPathname } from './libraries'
import { compileRewrites, parseRedirectsFile } from '@/features/hosting'
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

const KNOWN = new Map([
  ['javascript-v2', ['select', 'insert']],
  ['javascript-v1', ['select']],
  ['cli', ['supabase-db-push']],
  ['api', ['v1-list-all-projects']],
])

describe('rewriteReferencePath', () => {
  it('answers the URLs of sections the library has with the library page', () => {
    expect(rewriteReferencePath('/reference/javascript/select', KNOWN)).toBe('/reference/javascript.html')
    expect(rewriteReferencePath('/reference/javascript/v1/select', KNOWN)).toBe(
      '/reference/javascript/v1.html',
    )
    expect(rewriteReferencePath('/reference/cli/supabase-db-push', KNOWN)).toBe('/reference/cli.html')
    expect(rewriteReferencePath('/reference/api/v1-list-all-projects/', KNOWN)).toBe('/reference/api.html')
  })

  it('leaves a slug the library does not have to the 404 page', () => {
    expect(rewriteReferencePath('/reference/javascript/not-a-section', KNOWN)).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/v1/insert', KNOWN)).toBeNull()
    expect(rewriteReferencePath('/reference/cli/supabase-db-pus', KNOWN)).toBeNull()
  })

  it('leaves pages that exist as files and other paths alone', () => {
    expect(rewriteReferencePath('/reference/javascript', KNOWN)).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/v1', KNOWN)).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/crawlers/select', KNOWN)).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/v1/crawlers/select', KNOWN)).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/select.md', KNOWN)).toBeNull()
    expect(rewriteReferencePath('/reference/javascript/a/b', KNOWN)).toBeNull()
    expect(rewriteReferencePath('/guides/database/overview', KNOWN)).toBeNull()
    expect(rewriteReferencePath('/reference', KNOWN)).toBeNull()
  })
})

describe('renderRedirectsFile', () => {
  const lines = renderRedirectsFile(KNOWN)
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))

  it('lists each library page and each of its sections, and no pattern', () => {
    expect(lines).toContain('/reference/javascript  /reference/javascript.html  200')
    expect(lines).toContain('/reference/javascript/select  /reference/javascript.html  200')
    expect(lines).toContain('/reference/javascript/v1/select  /reference/javascript/v1.html  200')
    expect(lines).toHaveLength(4 + 5)
    expect(lines.some((line) => line.includes(':') || line.includes('*'))).toBe(false)
    expect(lines.every((line) => /^\/reference\/\S+ {2}\/reference\/\S+\.html {2}200$/.test(line))).toBe(true)
  })

  it('lists nested libraries before the libraries they are nested in', () => {
    const v1Page = lines.indexOf('/reference/javascript/v1  /reference/javascript/v1.html  200')
    const jsPage = lines.indexOf('/reference/javascript  /reference/javascript.html  200')
    expect(v1Page).toBeGreaterThanOrEqual(0)
    expect(v1Page).toBeLessThan(jsPage)
  })

  it('is applied by the static server as rewriteReferencePath decides', () => {
    const rewrite = compileRewrites(parseRedirectsFile(renderRedirectsFile(KNOWN)))
    for (const pathname of [
      '/reference/javascript/select',
      '/reference/javascript/v1/select',
      '/reference/javascript/v1/insert',
      '/reference/javascript/not-a-section',
      '/reference/cli/supabase-db-push/',
      '/reference/javascript/crawlers/select',
    ]) {
      expect(rewrite(pathname), pathname).toBe(rewriteReferencePath(pathname, KNOWN))
    }
  })
})
