import { describe, expect, it } from 'vitest'
import { splitAtUrlBreaks } from './url-breaks'

describe('splitAtUrlBreaks', () => {
  it('breaks after the query string starts, between parameters and in lists', () => {
    expect(
      splitAtUrlBreaks(
        "curl 'http://localhost:54321/rest/v1/products?select=id,name&price=gt.20&order=price.desc'",
      ),
    ).toEqual([
      "curl 'http://localhost:54321/",
      'rest/',
      'v1/',
      'products?',
      'select=id,',
      'name&',
      'price=gt.20&',
      "order=price.desc'",
    ])
  })

  it('never inside a word, a number or an operator', () => {
    const pieces = splitAtUrlBreaks('/rest/v1/products?name=ilike.*mug*&price=gte.10.5')
    for (const piece of pieces) expect(piece).toMatch(/^[^?&,/]*[?&,/]?$/)
    expect(pieces).toContain('name=ilike.*mug*&')
    expect(pieces.at(-1)).toBe('price=gte.10.5')
  })

  it('gives the text back unchanged when joined, and leaves text with nothing to break whole', () => {
    const text = '-d \'{"name":"Paper kite","price":9}\''
    expect(splitAtUrlBreaks(text).join('')).toBe(text)
    expect(splitAtUrlBreaks('-H "apikey: $SUPABASE_ANON_KEY"')).toEqual(['-H "apikey: $SUPABASE_ANON_KEY"'])
    expect(splitAtUrlBreaks('a, b')).toEqual(['a, b'])
    expect(splitAtUrlBreaks('')).toEqual([''])
  })
})
