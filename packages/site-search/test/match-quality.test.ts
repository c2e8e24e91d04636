import { describe, expect, it } from 'vitest'
import {
  editDistance,
  exactShare,
  matchedWords,
  meetsMatchQuality,
  requiredWords,
  searchableQuery,
  withoutFiller,
  wordMatches,
} from '../src/match-quality'
import type { PagefindResultData } from '../src/search-results'

/** Result data whose matches are the words of `content` at `locations`. */
const found = (
  content: string,
  locations: number[],
  meta: PagefindResultData['meta'] = {},
): PagefindResultData => ({ url: '/page', excerpt: '', meta, content, locations })

describe('the query as searched', () => {
  it('ignores tokens of one letter or digit', () => {
    expect(searchableQuery('a b')).toBe('')
    expect(searchableQuery('x  captcha ')).toBe('captcha')
    expect(searchableQuery('supabase db diff -f')).toBe('supabase db diff')
    expect(searchableQuery('Upgrade V2?')).toBe('upgrade v2')
  })

  it('keeps the words the page must hold: no filler, nothing shorter than two characters', () => {
    expect(withoutFiller('how to create a bucket')).toBe('create bucket')
    expect(withoutFiller('how to')).toBe('how to')
    expect(requiredWords('how do i call an edge function from my app')).toEqual([
      'call',
      'edge',
      'function',
      'app',
    ])
    expect(requiredWords('supabase.auth.getUser()')).toEqual(['supabase', 'auth', 'getuser'])
  })
})

describe('wordMatches', () => {
  it('accepts the word, a longer word it starts and other forms of it', () => {
    expect(wordMatches('deploy', 'deploy')).toBe(true)
    expect(wordMatches('deploy', 'deployment')).toBe(true)
    expect(wordMatches('policies', 'policy')).toBe(true)
    expect(wordMatches('running', 'run')).toBe(true)
    expect(wordMatches('functions', 'function')).toBe(true)
    expect(wordMatches('caching', 'cache')).toBe(true)
  })

  it('forgives a typo by the length of the word', () => {
    expect(editDistance('recieve', 'receive')).toBe(1)
    expect(wordMatches('recieve', 'receive')).toBe(true)
    expect(wordMatches('deplyo', 'deployment')).toBe(true)
    expect(wordMatches('authentification', 'authentication')).toBe(true)
    // Three letters leave no room for a typo.
    expect(wordMatches('rls', 'rlx')).toBe(false)
  })

  it('refuses what Pagefind returns for a word it does not have: a short shared prefix', () => {
    expect(wordMatches('kubernetes', 'k')).toBe(false)
    expect(wordMatches('flurb', 'f')).toBe(false)
    expect(wordMatches('qwxzzy', 'qwmzpkhtrbvlsnexdaoc')).toBe(false)
    expect(wordMatches('deplyo', 'de')).toBe(false)
    expect(wordMatches('recieve', 're')).toBe(false)
  })
})

describe('meetsMatchQuality', () => {
  it('reads the matched words from the page text at the match positions', () => {
    const data = found('Deploy with -f. Sally K. Ride', [2, 4])
    expect(matchedWords(data)).toEqual(['f', 'k'])
  })

  it('keeps a page only when every word of the query stands on it', () => {
    const upsert = found("{ name: 'Sally K. Ride' }", [3])
    expect(meetsMatchQuality('kubernetes', upsert)).toBe(false)
    const dump = found('--file -f. string. none.', [1])
    expect(meetsMatchQuality('qwxzzy flurb', dump)).toBe(false)
    const secrets = found('Edge Functions read secrets with Deno.env.get()', [0, 1, 3])
    expect(meetsMatchQuality('edge function secrets', secrets)).toBe(true)
    expect(meetsMatchQuality('how do i set edge function secrets', secrets)).toBe(false)
  })

  it('counts a word found in the title, area or place, which Pagefind searches too', () => {
    const eq = found('Column is equal to a value: eq()', [2], {
      title: 'Column is equal to a value: eq()',
      area: 'JavaScript client library › Filters',
    })
    expect(meetsMatchQuality('filter equal', eq)).toBe(true)
    expect(meetsMatchQuality('storage equal', eq)).toBe(false)
  })

  it('tells a word held as such from one held only as the start of a longer word', () => {
    const wallet = found('Connect a wallet. The clock is ticking.', [2, 4])
    expect(exactShare('wall clock', wallet)).toBe(0.5)
    expect(exactShare('wallets clock', wallet)).toBe(1)
  })

  it('trusts result data without its text', () => {
    expect(meetsMatchQuality('kubernetes', { url: '/a', excerpt: '', meta: {} })).toBe(true)
  })
})
