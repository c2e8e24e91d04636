import { describe, expect, it } from 'vitest'
import type { PagefindSearchResult } from './pagefind-client'
import type { PagefindResultData } from './search-results'
import { PAGE_SIZE, relaxedVariants, RELAXED_WEIGHT, searchSite, type PagefindSearcher } from './site-search'

interface FakePage {
  title: string
  /** Score Pagefind gives the page for each exact search term. */
  scores: Record<string, number>
}

/** A Pagefind stand-in answering each term from a table, and counting data loads. */
function fakePagefind(pages: Record<string, FakePage>) {
  const searched: string[] = []
  const loaded: string[] = []
  const searcher: PagefindSearcher = {
    search: async (term) => {
      searched.push(term)
      const results: PagefindSearchResult[] = Object.entries(pages)
        .filter(([, page]) => page.scores[term] !== undefined)
        .map(([url, page]) => ({
          id: url,
          score: page.scores[term] ?? 0,
          data: async (): Promise<PagefindResultData> => {
            loaded.push(url)
            return { url, excerpt: `about ${page.title}`, meta: { title: page.title, kind: 'reference' } }
          },
        }))
      return { results }
    },
  }
  return { searcher, searched, loaded }
}

describe('searchSite', () => {
  it('finds a page through a synonym of the query', async () => {
    const { searcher, searched } = fakePagefind({
      '/reference/cli/supabase-functions-deploy': {
        title: 'supabase functions deploy',
        scores: { 'functions deploy': 40 },
      },
      '/reference/javascript/functions-invoke': {
        title: 'Call an edge function: functions.invoke()',
        scores: { 'edge function deploy': 30 },
      },
    })
    const { hits } = await searchSite(searcher, 'Edge function deploy')
    expect(searched).toContain('edge function deploy')
    expect(searched).toContain('functions deploy')
    expect(hits[0]?.url).toBe('/reference/cli/supabase-functions-deploy')
  })

  it('leaves out filler words before asking Pagefind', async () => {
    const { searcher, searched } = fakePagefind({
      '/a': { title: 'Create a bucket', scores: { 'create bucket': 5 } },
    })
    const { hits } = await searchSite(searcher, 'how to create a bucket')
    expect(searched[0]).toBe('create bucket')
    expect(hits.map((hit) => hit.url)).toEqual(['/a'])
  })

  it('drops one word at a time when the query finds too little, below full matches', async () => {
    expect(relaxedVariants('passwordless email login').map((variant) => variant.term)).toEqual([
      'email login',
      'passwordless login',
      'passwordless email',
    ])
    expect(relaxedVariants('captcha')).toEqual([])
    expect(relaxedVariants('a b').every((variant) => variant.weight === RELAXED_WEIGHT)).toBe(true)
    const { searcher } = fakePagefind({
      '/otp': { title: 'Sign in with a code', scores: { 'email login': 10 } },
    })
    expect((await searchSite(searcher, 'passwordless email login')).hits.map((hit) => hit.url)).toEqual([
      '/otp',
    ])
  })

  it('returns one page of results with the total, and more on a higher limit, reusing loaded data', async () => {
    const pages: Record<string, FakePage> = {}
    for (let index = 0; index < 50; index += 1)
      pages[`/p${index}`] = { title: `Page ${index}`, scores: { xyz: 100 - index } }
    const { searcher, loaded } = fakePagefind(pages)
    const cache = new Map()
    const first = await searchSite(searcher, 'xyz', PAGE_SIZE, cache)
    expect(first.hits).toHaveLength(PAGE_SIZE)
    expect(first.total).toBe(50)
    expect(first.hits[0]?.url).toBe('/p0')
    const loadsAfterFirst = loaded.length
    const second = await searchSite(searcher, 'xyz', 2 * PAGE_SIZE, cache)
    expect(second.hits).toHaveLength(2 * PAGE_SIZE)
    expect(second.hits.slice(0, PAGE_SIZE)).toEqual(first.hits)
    const third = await searchSite(searcher, 'xyz', 5 * PAGE_SIZE, cache)
    expect(third.hits.slice(0, 2 * PAGE_SIZE)).toEqual(second.hits)
    expect(new Set(third.hits.map((hit) => hit.url)).size).toBe(5 * PAGE_SIZE)
    // Only pages not loaded before are fetched again.
    expect(new Set(loaded).size).toBe(loaded.length)
    expect(loaded.length).toBeGreaterThanOrEqual(loadsAfterFirst)
  })
})
