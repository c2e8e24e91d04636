import { describe, expect, it } from 'vitest'
import { activeHeadingIndex } from './active-heading'

const tops = [-400, 50, 600]
const topOf = (index: number) => tops[index]!

describe('activeHeadingIndex', () => {
  it('picks the last heading above the offset line', () => {
    expect(activeHeadingIndex(tops.length, topOf, { offset: 120, atBottom: false })).toBe(1)
    expect(activeHeadingIndex(tops.length, topOf, { offset: 10, atBottom: false })).toBe(0)
  })
  it('picks the first heading before any has scrolled past, the last at the bottom', () => {
    const below = [300, 900]
    expect(activeHeadingIndex(below.length, (index) => below[index]!, { offset: 120, atBottom: false })).toBe(0)
    expect(activeHeadingIndex(tops.length, topOf, { offset: 120, atBottom: true })).toBe(2)
  })
  it('has nothing to pick on a page without headings', () => {
    expect(activeHeadingIndex(0, topOf, { offset: 120, atBottom: false })).toBe(-1)
    expect(activeHeadingIndex(0, topOf, { offset: 120, atBottom: true })).toBe(-1)
  })
})
