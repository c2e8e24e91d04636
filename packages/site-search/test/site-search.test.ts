import { describe, expect, it } from 'vitest'
import type { PagefindSearchResult } from '../src/pagefind-client'
import type { PagefindResultData } from '../src/search-results'
import {
  CANDIDATES,
  chunkProbes,
  PAGE_SIZE,
  searchSite,
  wordsOf,
  type PagefindSearcher,
  type ResultDataCache,
} from '../src/site-search'
import { spellingIndex } from '../src/spelling'

interface FakePage {
  title: string
  text: string
  kind?: 'guide' | 'reference'
}

const wordsOfText = (text: string) => text.split(/\s+/)
const bare = (word: string) => word.toLowerCase().replace(/[^a-z0-9_]/g, '')

/**
 * A Pagefind stand-in that behaves as the real one does where it matters here: every word of the
 * term must start a word of the page; a word no page has is answered with the pages holding a
 * word that starts with its first letter (Pagefind's look-alikes); excerpts mark this search's
 * matches. Counts searches and data loads.
 */
function fakePagefind(pages: Record<string, FakePage>) {
  const searched: string[] = []
  const loaded: string[] = []
  const matches = (page: FakePage, word: string) =>
    wordsOfText(page.text)
      .map((token, index) => ({ token: bare(token), index }))
      .filter(({ token }) => token.startsWith(word))
      .map(({ index }) => index)
  const searcher: PagefindSearcher = {
    search: async (term) => {
      searched.push(term)
      const words = term.split(' ').map(bare)
      const known = words.map((word) =>
        Object.values(pages).some((page) => matches(page, word).length > 0) ? word : word.slice(0, 1),
      )
      const results: PagefindSearchResult[] = Object.entries(pages)
        .map(([url, page]) => ({ url, page, locations: known.map((word) => matches(page, word)) }))
        .filter(({ locations }) => locations.every((found) => found.length > 0))
        .map(({ url, page, locations }) => {
          const positions = locations.flat().sort((a, b) => a - b)
          return {
            id: url,
            score: positions.length,
            data: async (): Promise<PagefindResultData> => {
              loaded.push(url)
              const excerpt = wordsOfText(page.text)
                .map((token, index) => (positions.includes(index) ? `<mark>${token}</mark>` : token))
                .join(' ')
              return {
                url,
                excerpt,
                content: page.text,
                locations: positions,
                meta: { title: page.title, kind: page.kind ?? 'reference' },
              }
            },
          }
        })
        .sort((a, b) => b.score - a.score)
      return { results }
    },
  }
  return { searcher, searched, loaded }
}

const urls = (answer: { hits: { url: string }[] }) => answer.hits.map((hit) => hit.url)
const marked = (answer: { hits: { excerpt: { text: string; highlighted: boolean }[] }[] }) =>
  answer.hits.flatMap((hit) => hit.excerpt.filter((part) => part.highlighted).map((part) => bare(part.text)))

describe('searchSite', () => {
  it('finds a page through a synonym of the query', async () => {
    const { searcher, searched } = fakePagefind({
      '/reference/cli/supabase-functions-deploy': {
        title: 'supabase functions deploy',
        text: 'supabase functions deploy. Deploys functions to the project.',
      },
    })
    const answer = await searchSite(searcher, 'Edge function deploy')
    expect(searched).toContain('edge function deploy')
    expect(searched).toContain('functions deploy')
    expect(urls(answer)).toEqual(['/reference/cli/supabase-functions-deploy'])
  })

  it('leaves out filler words before asking Pagefind', async () => {
    const { searcher, searched } = fakePagefind({
      '/a': { title: 'Create a bucket', text: 'Create a bucket for the files.' },
    })
    const answer = await searchSite(searcher, 'how to create a bucket')
    expect(searched[0]).toBe('create bucket')
    expect(urls(answer)).toEqual(['/a'])
  })

  it('ignores one-letter tokens, and searches nothing when only those are left', async () => {
    const { searcher, searched } = fakePagefind({
      '/captcha': { title: 'Captcha', text: 'Captcha protection for sign-ups.' },
      '/flags': { title: 'Flags', text: 'Write the file with -f or -x.' },
    })
    const none = await searchSite(searcher, 'f x')
    expect(none).toEqual({ hits: [], total: 0, searched: '' })
    expect(searched).toEqual([])
    expect(urls(await searchSite(searcher, 'x captcha'))).toEqual(['/captcha'])
    expect(searched[0]).toBe('captcha')
  })

  it('finds nothing for words no page has, rather than their look-alikes', async () => {
    const { searcher } = fakePagefind({
      '/upsert': { title: 'Upsert data: upsert()', text: "Upsert a row: { name: 'Sally K. Ride' }" },
      '/db-dump': { title: 'supabase db dump', text: '--file -f. string. File to write the dump to.' },
    })
    expect(await searchSite(searcher, 'kubernetes')).toMatchObject({ hits: [], total: 0 })
    expect(await searchSite(searcher, 'qwxzzy flurb')).toMatchObject({ hits: [], total: 0 })
  })

  it('corrects a typo against the vocabulary and says so', async () => {
    const { searcher } = fakePagefind({
      '/guides/realtime/presence': {
        title: 'Presence',
        text: 'Presence shares who is online over realtime channels.',
        kind: 'guide',
      },
    })
    const spelling = spellingIndex({ pages: 1, words: ['presence', 'realtime', 'online'] })
    const answer = await searchSite(searcher, 'realtime presense', { spelling })
    expect(urls(answer)).toEqual(['/guides/realtime/presence'])
    expect(answer.correctedTo).toBe('realtime presence')
    expect(marked(answer)).toEqual(['presence', 'realtime'])
    // A query found as typed reports no correction.
    expect((await searchSite(searcher, 'realtime presence', { spelling })).correctedTo).toBeUndefined()
  })

  it('searches a pasted error word by word, dropping the words the site does not have', async () => {
    expect(
      wordsOf('StorageApiError: new row violates policy', 'storageapierror new row violates policy'),
    ).toEqual(['storageapierror', 'new', 'row', 'violates', 'policy', 'storage', 'api', 'error'])
    const { searcher } = fakePagefind({
      '/guides/storage/access-control': {
        title: 'Storage access control',
        text: 'Storage checks a row policy on each upload; without one the upload violates it.',
        kind: 'guide',
      },
      '/guides/database/tables': { title: 'Tables', text: 'A new row goes into a table.', kind: 'guide' },
      '/guides/api': { title: 'API', text: 'The api returns an error.', kind: 'guide' },
    })
    const answer = await searchSite(searcher, 'StorageApiError: new row violates row-level security policy')
    expect(urls(answer)[0]).toBe('/guides/storage/access-control')
  })

  it('marks only the words of the current query, even for pages loaded by an earlier one', async () => {
    const { searcher } = fakePagefind({
      '/guides/storage/uploads': { title: 'Uploads', text: 'Upload a file to a bucket.', kind: 'guide' },
    })
    const cache: ResultDataCache = new Map()
    const first = await searchSite(searcher, 'bucket', { cache })
    expect(marked(first)).toEqual(['bucket'])
    const second = await searchSite(searcher, 'upload', { cache })
    expect(urls(second)).toEqual(['/guides/storage/uploads'])
    expect(marked(second)).toEqual(['upload'])
  })

  it('returns one page of results with the total, and more on a higher limit, reusing loaded data', async () => {
    const pages: Record<string, FakePage> = {}
    for (let index = 0; index < 50; index += 1)
      pages[`/p${index}`] = { title: `Page ${index}`, text: `xyz ${'xyz '.repeat(50 - index)}` }
    const { searcher, loaded } = fakePagefind(pages)
    const cache: ResultDataCache = new Map()
    const first = await searchSite(searcher, 'xyz', { limit: PAGE_SIZE, cache })
    expect(first.hits).toHaveLength(PAGE_SIZE)
    expect(first.total).toBe(50)
    expect(first.hits[0]?.url).toBe('/p0')
    // Loads what the re-ranking needs, not every page found.
    expect(loaded.length).toBe(CANDIDATES)
    const second = await searchSite(searcher, 'xyz', { limit: 2 * PAGE_SIZE, cache })
    expect(second.hits).toHaveLength(2 * PAGE_SIZE)
    expect(second.hits.slice(0, PAGE_SIZE)).toEqual(first.hits)
    const third = await searchSite(searcher, 'xyz', { limit: 5 * PAGE_SIZE, cache })
    expect(third.hits.slice(0, 2 * PAGE_SIZE)).toEqual(second.hits)
    expect(new Set(third.hits.map((hit) => hit.url)).size).toBe(5 * PAGE_SIZE)
    // Only pages not loaded before are fetched again.
    expect(new Set(loaded).size).toBe(loaded.length)
  })

  it('finds words past an index chunk boundary on the first search, as on later ones', async () => {
    // Pagefind's chunking: the index is split by sorted word, and a search loads only the chunk
    // where each of its words would sort (its `request_indexes`), while matching words as prefixes.
    const pages: Record<string, FakePage> = {
      '/a': { title: 'A', text: 'auth basics' },
      '/b': { title: 'B', text: 'authentication flows' },
      '/c': { title: 'C', text: 'authorize scopes' },
      '/d': { title: 'D', text: 'authz policies' },
    }
    const chunks = [
      { from: 'a', to: 'auth' },
      { from: 'authentication', to: 'authentication' },
      { from: 'authorize', to: 'az' },
      { from: 'b', to: 'zz' },
    ]
    const loadedChunks = new Set<number>()
    const request = (term: string) => {
      for (const word of term.split(' ')) {
        const index = chunks.findIndex((chunk) => word >= chunk.from && word <= chunk.to)
        if (index >= 0) loadedChunks.add(index)
      }
    }
    const inLoadedChunk = (word: string) =>
      [...loadedChunks].some((index) => word >= chunks[index]!.from && word <= chunks[index]!.to)
    const visible = () =>
      Object.fromEntries(
        Object.entries(pages).map(([url, page]) => [
          url,
          {
            ...page,
            text: wordsOfText(page.text)
              .filter((word) => inLoadedChunk(bare(word)))
              .join(' '),
          },
        ]),
      )
    const searcher: PagefindSearcher = {
      search: async (term) => {
        request(term)
        return fakePagefind(visible()).searcher.search(term)
      },
      preload: async (term) => request(term),
    }
    const first = await searchSite(searcher, 'auth')
    const again = await searchSite(searcher, 'auth')
    expect(urls(first).sort()).toEqual(['/a', '/b', '/c', '/d'])
    expect(urls(again)).toEqual(urls(first))

    // Without the probes a first search sees only the chunks where "auth" and its synonym
    // "authentication" sort, and misses the pages past them.
    loadedChunks.clear()
    const { preload: _unused, ...plain } = searcher
    expect(urls(await searchSite(plain, 'auth')).sort()).toEqual(['/a', '/b'])
  })

  it("probes the start and end of a word's range and of each one-character extension", () => {
    const probes = chunkProbes('st')
    expect(probes).toContain('st')
    expect(probes).toContain('sto')
    expect(probes).toContain('sto\u{10FFFF}')
    expect(probes.every((probe) => probe.startsWith('st'))).toBe(true)
    expect(probes.every((probe) => !probe.includes(' '))).toBe(true)
  })
})
