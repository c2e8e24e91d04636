import { describe, expect, it } from 'vitest'
import { OLDER_VERSION_FACTOR, rankResults } from './rank-hits'

const result = (url: string, score: number, older = false) => ({
  score,
  data: { url, excerpt: '', meta: older ? { older: 'true' } : {} },
})

describe('rankResults', () => {
  it('ranks an older version below a current page it would otherwise beat', () => {
    const ranked = rankResults([result('/v1/magic', 38, true), result('/otp', 14)], 8)
    expect(ranked.map((data) => data.url)).toEqual(['/otp', '/v1/magic'])
    expect(38 * OLDER_VERSION_FACTOR).toBeLessThan(14)
  })

  it('keeps an older page first when nothing current matches as well', () => {
    const ranked = rankResults([result('/v1/only', 40, true), result('/weak', 5)], 8)
    expect(ranked.map((data) => data.url)).toEqual(['/v1/only', '/weak'])
  })

  it('keeps Pagefind order for equal scores and cuts to the limit', () => {
    const ranked = rankResults([result('/a', 3), result('/b', 3), result('/c', 2)], 2)
    expect(ranked.map((data) => data.url)).toEqual(['/a', '/b'])
  })
})
