/**
 * Ranges of rows, as PostgREST 12.2 reads and answers them: `src/PostgREST/RangeQuery.hs` (the
 * `Range` header, `Content-Range` and its status), `QueryParams.ranges` (the `limit` and `offset`
 * parameters, by embed path) and `ApiRequest.getRanges` (the range of the top level and its
 * faults). A range is Data.Ranged's `Range Integer`: bounds may be open, and `limit=0` is the one
 * empty range PostgREST lets through (`0 <= x <= -1`).
 */
import { fault } from './faults'
import { readInteger } from './query-params'

/** A range of row numbers; an undefined bound is open. `empty` is Data.Ranged's `emptyRange`. */
export interface Range {
  lower?: bigint
  upper?: bigint
  empty?: true
}

/** `allRange`: every row. */
export const ALL_RANGE: Range = { lower: 0n }
const EMPTY_RANGE: Range = { empty: true }
/** `limitZeroRange` (PostgREST#1121). */
export const LIMIT_ZERO_RANGE: Range = { lower: 0n, upper: -1n }

/** `rangeIsEmpty` */
export function rangeIsEmpty(range: Range): boolean {
  return (
    range.empty === true ||
    (range.lower !== undefined && range.upper !== undefined && range.lower > range.upper)
  )
}

/** `rangeIntersection` */
export function rangeIntersection(a: Range, b: Range): Range {
  if (rangeIsEmpty(a) || rangeIsEmpty(b)) return EMPTY_RANGE
  const lower =
    a.lower === undefined ? b.lower : b.lower === undefined ? a.lower : a.lower > b.lower ? a.lower : b.lower
  const upper =
    a.upper === undefined ? b.upper : b.upper === undefined ? a.upper : a.upper < b.upper ? a.upper : b.upper
  return { ...(lower === undefined ? {} : { lower }), ...(upper === undefined ? {} : { upper }) }
}

/** Data.Ranged's `Eq`: all empty ranges are equal. */
export function sameRange(a: Range, b: Range): boolean {
  if (rangeIsEmpty(a) || rangeIsEmpty(b)) return rangeIsEmpty(a) && rangeIsEmpty(b)
  return a.lower === b.lower && a.upper === b.upper
}

/** `rangeLimit`: the number of rows of a range with both bounds. */
export function rangeLimit(range: Range): bigint | undefined {
  if (range.empty || range.lower === undefined || range.upper === undefined) return undefined
  return 1n + range.upper - range.lower
}

/** `rangeOffset`: the lower bound (every range PostgREST builds has one). */
export function rangeOffset(range: Range): bigint {
  return range.lower ?? 0n
}

/** `hasLimitZero`: the upper bound is -1, as `limit=0` makes it. */
export function hasLimitZero(range: Range): boolean {
  return !range.empty && range.upper === -1n
}

/** `convertToLimitZeroRange` */
export function convertToLimitZeroRange(range: Range, fallback: Range): Range {
  return hasLimitZero(range) ? LIMIT_ZERO_RANGE : fallback
}

/** `restrictRange (Just limit) r`: at most `limit` rows from the range's start. */
export function restrictRange(limit: bigint | undefined, range: Range): Range {
  if (limit === undefined) return range
  return rangeIntersection(range, { upper: rangeOffset(range) + limit - 1n })
}

/**
 * `rangeParse`: `Range: 0-9` or `Range: 10-`; any other text is every row. A lower bound above
 * the upper one makes an empty range (the intersection is built even when it comes out empty).
 */
export function rangeParse(value: string): Range {
  const match = /^([0-9]+)-([0-9]*)$/.exec(value)
  if (!match) return ALL_RANGE
  const lower = BigInt(match[1]!)
  return match[2] === '' ? { lower } : { lower, upper: BigInt(match[2]!) }
}

/** `rangeRequested`: the `Range` header, or every row without one. */
export function rangeRequested(header: string | undefined): Range {
  return header === undefined ? ALL_RANGE : rangeParse(header)
}

/** `contentRangeH`: `lower-upper/total`, `*` for an empty page or an unknown total. */
export function contentRange(lower: bigint, upper: bigint, total: bigint | undefined): string {
  const range = total !== 0n && lower <= upper ? `${lower}-${upper}` : '*'
  return `${range}/${total === undefined ? '*' : total}`
}

/**
 * `rangeStatusHeader`: the status and `Content-Range` of a page of `pageTotal` rows starting at
 * the range's offset, out of `total` (known only when counted): 416 past the end, 206 for part.
 */
export function rangeStatusHeader(
  topLevelRange: Range,
  pageTotal: bigint,
  total: bigint | undefined,
): { status: 200 | 206 | 416; contentRange: string } {
  const lower = rangeOffset(topLevelRange)
  const upper = lower + pageTotal - 1n
  let status: 200 | 206 | 416 = 200
  if (total !== undefined) {
    if (lower > total) status = 416
    else if (1n + upper - lower < total) status = 206
  }
  return { status, contentRange: contentRange(lower, upper, total) }
}

/** A `limit`/`offset` range of one path, and whether an offset was given (the model keeps it). */
export interface QueryRange {
  range: Range
  offsetGiven: boolean
}

/**
 * `QueryParams.ranges`: `limit` and `offset` parameters by key (`limit`, `books.limit`); an
 * offset's key is renamed to its limit's, and a limit with an offset becomes
 * `[offset, offset + limit - 1]`. Parameters that are no integer give every row.
 */
export function queryRanges(params: [string, string][]): Map<string, QueryRange> {
  const limits = new Map<string, Range>()
  const offsets = new Map<string, { range: Range; given: boolean }>()
  for (const [key, value] of params) {
    const words = key.split('.')
    const word = words[words.length - 1]
    if (word !== 'limit' && word !== 'offset') continue
    const parsed = readInteger(value)
    if (word === 'limit') limits.set(key, restrictRange(parsed, ALL_RANGE))
    else {
      const limitKey = [...words.slice(0, -1), 'limit'].join('.')
      offsets.set(
        limitKey,
        parsed === undefined ? { range: ALL_RANGE, given: false } : { range: { lower: parsed }, given: true },
      )
    }
  }
  const ranges = new Map<string, QueryRange>()
  for (const [key, range] of limits) ranges.set(key, { range, offsetGiven: false })
  for (const [key, offset] of offsets) {
    const limitRange = limits.get(key)
    if (limitRange === undefined) {
      ranges.set(key, { range: offset.range, offsetGiven: offset.given })
      continue
    }
    const limit = rangeLimit(limitRange) ?? 0n
    const lower = rangeOffset(offset.range)
    ranges.set(key, { range: { lower, upper: lower + limit - 1n }, offsetGiven: offset.given })
  }
  return ranges
}

/** What `getRanges` reads beside the `Range` header. */
export interface RangeInputs {
  /** The method as sent: the `Range` header counts only on GET (RFC 9110). */
  method: string
  /** `qsRanges`, from `queryRanges`. */
  ranges: Map<string, QueryRange>
  /** Whether the query string has any `order` parameter (`qsOrder` is not empty). */
  hasOrder: boolean
  rangeHeader: string | undefined
}

/**
 * `ApiRequest.getRanges`: the top level's range (the `Range` header meets `limit`/`offset`;
 * `limit=0` passes as the limit-zero range) and the ranges by key, or PostgREST's fault:
 * PGRST103 for an empty range, PGRST109 for a limited PATCH or DELETE without an order, PGRST114
 * for a PUT with a range. Throws a `RequestFault`.
 */
export function getRanges(inputs: RangeInputs): { topLevelRange: Range; ranges: Map<string, QueryRange> } {
  const { method } = inputs
  const headerRange = method === 'GET' ? rangeRequested(inputs.rangeHeader) : ALL_RANGE
  const limitEntry = inputs.ranges.get('limit')
  const limitRange = limitEntry?.range ?? ALL_RANGE
  const topLevelRange = convertToLimitZeroRange(limitRange, rangeIntersection(headerRange, limitRange))
  const ranges = new Map(inputs.ranges)
  ranges.set('limit', { range: topLevelRange, offsetGiven: limitEntry?.offsetGiven ?? false })
  if (rangeIsEmpty(topLevelRange) && !hasLimitZero(limitRange)) {
    const lowerAboveUpper = rangeIsEmpty(headerRange)
    fault(
      'PGRST103',
      lowerAboveUpper
        ? 'The Range header asks for rows whose first is after the last.'
        : 'The limit is negative: limit must be zero or more.',
      lowerAboveUpper ? 'Write Range: 0-9 for the first ten rows.' : 'Write limit=0 for no rows.',
      {
        message: 'Requested range not satisfiable',
        details: lowerAboveUpper
          ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
          : 'Limit should be greater than or equal to zero.',
      },
    )
  }
  if ((method === 'PATCH' || method === 'DELETE') && inputs.ranges.size > 0 && !inputs.hasOrder) {
    fault(
      'PGRST109',
      `A ${method} with limit or offset needs an order: PostgREST refuses to pick rows at random.`,
      'Add order=… on unique column(s), such as order=id.',
      {
        message: "A 'limit' was applied without an explicit 'order'",
        hint: "Apply an 'order' using unique column(s)",
      },
    )
  }
  if (method === 'PUT' && !sameRange(topLevelRange, ALL_RANGE)) {
    fault(
      'PGRST114',
      'A PUT cannot have limit or offset: it writes exactly one row.',
      'Remove limit and offset.',
      {
        message: 'limit/offset querystring parameters are not allowed for PUT',
      },
    )
  }
  return { topLevelRange, ranges }
}
