import { describe, expect, it } from 'vitest'
import {
  functionMatch,
  hasPhrase,
  nameCoverage,
  OLDER_VERSION_FACTOR,
  rankResults,
  startsWithCommand,
  withoutFiller,
} from './rank-hits'
import type { PagefindResultData } from './search-results'

const page = (url: string, title: string, extra: Partial<PagefindResultData> = {}): PagefindResultData => ({
  url,
  excerpt: '',
  meta: {
    title,
    area: url.startsWith('/reference/cli') ? 'CLI reference › Code generation' : 'JavaScript › Database',
  },
  ...extra,
})

const scored = (data: PagefindResultData, score: number, term: string) => ({
  data,
  score,
  variants: [{ term, weight: 1 }],
})

const urls = (ranked: { data: PagefindResultData }[]) => ranked.map((result) => result.data.url)

describe('name matching', () => {
  const genTypes = page('/reference/cli/supabase-gen-types', 'supabase gen types')
  const apiTypes = page('/reference/api/v1-generate-typescript-types', 'Generate TypeScript types')

  it('counts query words found in the title or slug, abbreviations by half', () => {
    expect(nameCoverage('db diff', page('/reference/cli/supabase-db-diff', 'supabase db diff'))).toBe(1)
    expect(nameCoverage('gen types typescript', genTypes)).toBeCloseTo(2 / 3)
    expect(nameCoverage('gen types typescript', apiTypes)).toBeCloseTo(2.5 / 3)
    expect(nameCoverage('buckets', page('/reference/javascript/storage-list-buckets', 'List buckets'))).toBe(
      1,
    )
  })

  it('recognises a query that starts with a CLI command', () => {
    expect(startsWithCommand('gen types typescript', genTypes)).toBe(true)
    expect(startsWithCommand('supabase gen types', genTypes)).toBe(true)
    expect(startsWithCommand('types gen', genTypes)).toBe(false)
    expect(startsWithCommand('gen types typescript', apiTypes)).toBe(false)
  })

  it('recognises a function name typed as words or as written', () => {
    const range = page('/reference/javascript/range', 'Page through rows: range()')
    const listUsers = page('/reference/javascript/admin-list-users', 'List users: admin.listUsers()')
    expect(functionMatch('range', range)).toBe(1)
    expect(functionMatch('list users', listUsers)).toBe(1)
    expect(functionMatch('listUsers', listUsers)).toBe(1)
    expect(functionMatch('users', listUsers)).toBe(0)
  })

  it('finds the query words side by side on the page', () => {
    expect(hasPhrase('row level security', page('/a', 'A', { locations: [3, 40, 41, 42] }))).toBe(true)
    expect(hasPhrase('row level security', page('/a', 'A', { locations: [3, 40, 42, 44] }))).toBe(false)
    expect(hasPhrase('captcha', page('/a', 'A', { locations: [1, 2] }))).toBe(false)
  })

  it('drops filler words unless nothing else is left', () => {
    expect(withoutFiller('how to create a bucket')).toBe('create bucket')
    expect(withoutFiller('how to')).toBe('how to')
  })
})

describe('rankResults', () => {
  it('puts the command a query names above a page whose body matches more often', () => {
    const ranked = rankResults([
      scored(
        page('/reference/api/v1-generate-typescript-types', 'Generate TypeScript types'),
        50,
        'gen types typescript',
      ),
      scored(page('/reference/cli/supabase-gen', 'supabase gen'), 21, 'gen types typescript'),
      scored(page('/reference/cli/supabase-gen-types', 'supabase gen types'), 20, 'gen types typescript'),
    ])
    // The longer command the query names beats both its parent command and the API page.
    expect(urls(ranked)[0]).toBe('/reference/cli/supabase-gen-types')
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score)
  })

  it('ranks an older version below a current page it would otherwise beat', () => {
    const older = page('/reference/javascript/v1/otp', 'Sign in with a code: signInWithOtp()', {
      meta: { title: 'Sign in with a code: signInWithOtp()', older: 'true' },
    })
    const current = page('/reference/javascript/otp', 'Sign in with a code: signInWithOtp()')
    expect(
      urls(rankResults([scored(older, 38, 'signinwithotp'), scored(current, 14, 'signinwithotp')])),
    ).toEqual(['/reference/javascript/otp', '/reference/javascript/v1/otp'])
    expect(OLDER_VERSION_FACTOR).toBeLessThan(1)
  })

  it('keeps an older page first when nothing current matches as well', () => {
    const older = page('/v1/only', 'Only in v1', { meta: { title: 'Only in v1', older: 'true' } })
    expect(
      urls(rankResults([scored(older, 40, 'only v1'), scored(page('/weak', 'Weak'), 5, 'only v1')])),
    ).toEqual(['/v1/only', '/weak'])
  })

  it('keeps Pagefind order for equal scores', () => {
    const ranked = rankResults([scored(page('/a', 'A'), 3, 'x'), scored(page('/b', 'B'), 3, 'x')])
    expect(urls(ranked)).toEqual(['/a', '/b'])
  })
})
