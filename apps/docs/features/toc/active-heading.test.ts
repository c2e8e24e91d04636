import { describe, expect, it } from 'vitest'
import { pickActiveHeading } from './active-heading'

const headings = [
  { id: 'a', top: -400 },
  { id: 'b', top: 50 },
  { id: 'c', top: 600 },
]

describe('pickActiveHeading', () => {
  it('picks the last heading above the offset line', () => {
    expect(pickActiveHeading(headings, { offset: 120, atBottom: false })).toBe('b')
    expect(pickActiveHeading(headings, { offset: 10, atBottom: false })).toBe('a')
  })
  it('picks the first heading before any has scrolled past, the last at the bottom', () => {
    expect(pickActiveHeading([{ id: 'a', top: 300 }, { id: 'b', top: 900 }], { offset: 120, atBottom: false })).toBe('a')
    expect(pickActiveHeading(headings, { offset: 120, atBottom: true })).toBe('c')
    expect(pickActiveHeading([], { offset: 120, atBottom: false })).toBeUndefined()
  })
})
