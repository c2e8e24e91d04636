/**
 * Ranges as PostgREST 12.2 reads and answers them. Expected values from PostgREST's source at
 * v12.2.12: `src/PostgREST/RangeQuery.hs` (`rangeParse`, `restrictRange`, `rangeStatusHeader`,
 * `contentRangeH`), `ApiRequest/QueryParams.hs` (`ranges`) and `ApiRequest.hs` (`getRanges`).
 */
import { describe, expect, it } from 'vitest'
import type { RequestFaultBody } from '../src/faults'
import { RequestFault } from '../src/faults'
import {
  ALL_RANGE,
  contentRange,
  getRanges,
  queryRanges,
  rangeIsEmpty,
  rangeLimit,
  rangeOffset,
  rangeParse,
  rangeStatusHeader,
  restrictRange,
} from '../src/range-query'

function faultOf(read: () => unknown): RequestFaultBody {
  try {
    read()
  } catch (error) {
    if (error instanceof RequestFault) return error.error
    throw error
  }
  throw new Error('no fault')
}

const ranges = (query: [string, string][], method = 'GET', rangeHeader?: string, hasOrder = false) =>
  getRanges({ method, ranges: queryRanges(query), hasOrder, rangeHeader })

describe('rangeParse', () => {
  it('reads a closed range, an open one, and anything else as every row', () => {
    expect(rangeParse('0-9')).toEqual({ lower: 0n, upper: 9n })
    expect(rangeParse('10-')).toEqual({ lower: 10n })
    expect(rangeParse('items=0-9')).toEqual(ALL_RANGE)
    expect(rangeParse('-5')).toEqual(ALL_RANGE)
  })

  it('keeps a lower bound above the upper one as an empty range', () => {
    expect(rangeIsEmpty(rangeParse('5-2'))).toBe(true)
  })
})

describe('limit and offset (QueryParams.ranges)', () => {
  it('makes [offset, offset + limit - 1] by key, embeds included', () => {
    const read = queryRanges([
      ['limit', '3'],
      ['offset', '2'],
      ['books.limit', '1'],
    ])
    expect(read.get('limit')?.range).toEqual({ lower: 2n, upper: 4n })
    expect(read.get('books.limit')?.range).toEqual({ lower: 0n, upper: 0n })
  })

  it('reads an offset that is no integer as no offset', () => {
    expect(queryRanges([['offset', 'x']]).get('limit')?.range).toEqual(ALL_RANGE)
  })

  it('takes limit 0 as the one empty range PostgREST lets through', () => {
    const { topLevelRange } = ranges([['limit', '0']])
    expect(topLevelRange).toEqual({ lower: 0n, upper: -1n })
    expect(rangeLimit(topLevelRange)).toBe(0n)
  })
})

describe('getRanges', () => {
  it('meets the Range header with limit and offset on GET', () => {
    const { topLevelRange } = ranges([['limit', '3']], 'GET', '0-1')
    expect(topLevelRange).toEqual({ lower: 0n, upper: 1n })
  })

  it('ignores the Range header on other methods (RFC 9110)', () => {
    expect(ranges([], 'HEAD', '0-1').topLevelRange).toEqual(ALL_RANGE)
    expect(ranges([], 'POST', '0-1').topLevelRange).toEqual(ALL_RANGE)
  })

  it('refuses a negative limit and a reversed Range header with PGRST103', () => {
    expect(faultOf(() => ranges([['limit', '-1']])).postgrest).toEqual({
      status: 416,
      message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
    })
    expect(faultOf(() => ranges([], 'GET', '5-2')).postgrest?.details).toBe(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    )
  })

  it('refuses a limited PATCH or DELETE without an order (PGRST109) and a PUT with a range (PGRST114)', () => {
    expect(faultOf(() => ranges([['limit', '1']], 'DELETE')).code).toBe('PGRST109')
    expect(ranges([['limit', '1']], 'DELETE', undefined, true).topLevelRange).toEqual({
      lower: 0n,
      upper: 0n,
    })
    expect(faultOf(() => ranges([['offset', '1']], 'PUT')).code).toBe('PGRST114')
  })
})

describe('Content-Range and its status (rangeStatusHeader)', () => {
  it('is 200 with the page and an unknown total when not counted', () => {
    expect(rangeStatusHeader({ lower: 0n }, 15n, undefined)).toEqual({ status: 200, contentRange: '0-14/*' })
  })

  it('is 206 for part of the rows and 416 past the end', () => {
    expect(rangeStatusHeader({ lower: 3n, upper: 4n }, 2n, 15n)).toEqual({
      status: 206,
      contentRange: '3-4/15',
    })
    expect(rangeStatusHeader({ lower: 100n }, 0n, 15n)).toEqual({ status: 416, contentRange: '*/15' })
  })

  it('writes * for an empty page or a total of zero', () => {
    expect(contentRange(0n, -1n, undefined)).toBe('*/*')
    expect(contentRange(0n, 0n, 0n)).toBe('*/0')
  })

  it('restricts a range to a number of rows from its start', () => {
    const restricted = restrictRange(5n, { lower: 10n })
    expect(rangeOffset(restricted)).toBe(10n)
    expect(rangeLimit(restricted)).toBe(5n)
  })
})
