import { describe, expect, it } from 'vitest'
import { findActiveIndex } from './active-section'

describe('findActiveIndex', () => {
  const tops = [-900, -300, -10, 40, 400, 1200]
  const topOf = (index: number) => tops[index] ?? Number.POSITIVE_INFINITY

  it('picks the last section whose top is above the offset line', () => {
    expect(findActiveIndex(tops.length, topOf, 0)).toBe(2)
    expect(findActiveIndex(tops.length, topOf, 80)).toBe(3)
    expect(findActiveIndex(tops.length, topOf, 5000)).toBe(5)
  })

  it('returns -1 before the first section', () => {
    expect(findActiveIndex(tops.length, topOf, -1000)).toBe(-1)
    expect(findActiveIndex(0, topOf, 0)).toBe(-1)
  })

  it('reads few positions on a long page', () => {
    const count = 5000
    let reads = 0
    const index = findActiveIndex(
      count,
      (i) => {
        reads++
        return i * 100 - 250_000
      },
      80,
    )
    expect(index).toBe(2500)
    expect(reads).toBeLessThanOrEqual(14)
  })
})
