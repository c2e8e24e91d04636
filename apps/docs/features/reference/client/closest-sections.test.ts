import { describe, expect, it } from 'vitest'
import { closestSections, editDistance } from './closest-sections'

const sections = [
  { slug: 'select', title: 'Fetch data: select()' },
  { slug: 'insert', title: 'Create data: insert()' },
  { slug: 'upsert', title: 'Upsert data: upsert()' },
  { slug: 'range', title: 'range()' },
  { slug: 'auth-sign-in-with-otp', title: 'signInWithOtp()' },
  { slug: 'storage-from-upload', title: 'Upload a file' },
]

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('select', 'select')).toBe(0)
    expect(editDistance('selectt', 'select')).toBe(1)
    expect(editDistance('slect', 'select')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
  })
})

describe('closestSections', () => {
  it('puts the section one typo away first', () => {
    expect(closestSections('selectt', sections)[0]?.slug).toBe('select')
    expect(closestSections('upsret', sections)[0]?.slug).toBe('upsert')
  })

  it('matches a part of a long slug and the words of a title', () => {
    expect(closestSections('sign-in-with-otp', sections)[0]?.slug).toBe('auth-sign-in-with-otp')
    expect(closestSections('upload', sections)[0]?.slug).toBe('storage-from-upload')
  })

  it('suggests nothing for a word unlike any section, and for an empty word', () => {
    expect(closestSections('kubernetes', sections)).toEqual([])
    expect(closestSections('%%%', sections)).toEqual([])
  })

  it('returns at most the limit', () => {
    expect(closestSections('e', sections, 2).length).toBeLessThanOrEqual(2)
  })
})
