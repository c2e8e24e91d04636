import { describe, expect, it } from 'vitest'
import { rewriteReferencePath } from '@/features/reference/rewrites'
import { pagesToSuggest } from './not-found-pages'
import { similarity, suggestPages } from './suggest-pages'

const site = pagesToSuggest()
const hrefs = (path: string) => suggestPages(path, site).map((page) => page.href)

describe('suggestPages on the site’s own pages', () => {
  it('puts the provider a mistyped name meant first, not the folder’s first pages', () => {
    const suggested = hrefs('/guides/auth/social-login/githb')
    expect(suggested[0]).toBe('/guides/auth/social-login/github')
    // The next closest name, then the page that holds the missing path.
    expect(suggested.slice(1, 3)).toEqual(['/guides/auth/social-login/gitlab', '/guides/auth/social-login'])
    expect(hrefs('/guides/auth/social-login/gogle')[0]).toBe('/guides/auth/social-login/google')
    expect(hrefs('/guides/auth/social-login/linkdin')[0]).toBe('/guides/auth/social-login/linkedin')
  })

  it('matches a name against the page title as well as its URL', () => {
    expect(hrefs('/guides/auth/social-login/microsoft')[0]).toBe('/guides/auth/social-login/azure')
  })

  it('reads a mistyped product folder as that product', () => {
    const auth = hrefs('/guides/auht')
    expect(auth[0]).toBe('/guides/auth')
    expect(auth).toHaveLength(5)
    for (const href of auth) expect(href).toMatch(/^\/guides\/auth(\/|$)/)

    const production = hrefs('/guides/producton/compute')
    expect(production[0]).toBe('/guides/production/compute-add-ons')
    for (const href of production) expect(href).toMatch(/^\/guides\/production(\/|$)/)
  })

  it('keeps the folder when only the page is unknown', () => {
    const suggested = hrefs('/guides/getting-started/no-such-page')
    expect(suggested[0]).toBe('/guides/getting-started')
    for (const href of suggested) expect(href).toMatch(/^\/guides\/getting-started(\/|$)/)
  })

  it('suggests a reference whose library name is mistyped', () => {
    expect(hrefs('/reference/javscript')[0]).toBe('/reference/javascript')
    expect(hrefs('/reference/clii')[0]).toBe('/reference/cli')
  })

  it('answers a mistyped section of a real reference with the 404 page, suggesting that reference', () => {
    const known = new Map([
      ['javascript-v2', ['select']],
      ['cli', ['supabase-start']],
    ])
    expect(rewriteReferencePath('/reference/javascript/selectt', known)).toBeNull()
    expect(rewriteReferencePath('/reference/cli/supabase-strat', known)).toBeNull()
    expect(hrefs('/reference/javascript/selectt')[0]).toBe('/reference/javascript')
    expect(hrefs('/reference/cli/supabase-strat')[0]).toBe('/reference/cli')
  })

  it('finds a guide from a truncated or lightly mistyped name', () => {
    expect(hrefs('/guides/auth/social')[0]).toBe('/guides/auth/social-login')
    expect(hrefs('/guides/getting-startd')[0]).toBe('/guides/getting-started')
    expect(hrefs('/guides/auth/captha')[0]).toBe('/guides/auth/captcha')
  })

  it('suggests nothing when only the area matches', () => {
    expect(hrefs('/')).toEqual([])
    expect(hrefs('/guides/zzz')).toEqual([])
    expect(hrefs('/reference/qqqq')).toEqual([])
  })
})

describe('suggestPages', () => {
  const pages = [
    { title: 'Getting started', href: '/guides/getting-started' },
    { title: 'Social login', href: '/guides/auth/social-login' },
  ]
  it('reads a malformed escape as written instead of throwing', () => {
    expect(() => suggestPages('/guides/getting-started/%ZZ', pages)).not.toThrow()
    expect(() => suggestPages('/guides/%E0%A4%A', pages)).not.toThrow()
  })

  it('ignores case, a trailing slash and a .html ending', () => {
    expect(suggestPages('/Guides/Auth/Social-Logn/', pages)[0]?.href).toBe('/guides/auth/social-login')
    expect(suggestPages('/guides/getting-startd.html', pages)[0]?.href).toBe('/guides/getting-started')
  })

  it('never suggests the missing path itself', () => {
    expect(suggestPages('/guides/getting-started', pages).map((page) => page.href)).not.toContain(
      '/guides/getting-started',
    )
  })
})

describe('similarity', () => {
  it('is one minus the edit distance over the longer name, and nothing below one half', () => {
    expect(similarity('githb', 'github')).toBeCloseTo(5 / 6)
    expect(similarity('auht', 'auth')).toBe(0.5)
    expect(similarity('githb', 'apple')).toBe(0)
  })
  it('counts one typed word of a longer name, a little below the whole name', () => {
    expect(similarity('social', 'social-login')).toBeCloseTo(0.9)
    expect(similarity('social-login', 'social-login')).toBe(1)
  })
})
