import { describe, expect, it } from 'vitest'
import { normalizeQuery, SYNONYM_GROUPS, SYNONYM_WEIGHT, synonymVariants } from '../src/search-synonyms'

const terms = (query: string) => synonymVariants(query).map((variant) => variant.term)

describe('synonymVariants', () => {
  it('keeps the query first, at full weight', () => {
    expect(synonymVariants('Captcha ')[0]).toEqual({ term: 'captcha', weight: 1 })
  })

  it('expands abbreviations of the field both ways', () => {
    expect(terms('rls')).toContain('row level security')
    expect(terms('enable row level security')).toContain('enable rls')
    expect(terms('pk')).toContain('primary key')
    expect(terms('fk constraint')).toContain('foreign key constraint')
    expect(terms('jwt expiry')).toContain('json web token expiry')
    expect(terms('otp')).toContain('one-time code')
  })

  it('rewrites product words inside a longer query', () => {
    expect(terms('edge function deploy')).toContain('functions deploy')
    expect(terms('magic link')).toContain('signinwithotp')
    expect(terms('create bucket')).toContain('create storage')
  })

  it('replaces the longest phrase of a group as a whole', () => {
    const rewritten = terms('edge function deploy')
    expect(rewritten).not.toContain('edge functions deploy'.replace('functions', 'edge function'))
    expect(rewritten.every((term) => !term.includes('edge edge'))).toBe(true)
  })

  it('keeps a query that holds two words of one group as typed', () => {
    const terms = synonymVariants('pagination range').map((variant) => variant.term)
    expect(terms).not.toContain('range range')
    expect(terms).not.toContain('pagination pagination')
    expect(terms[0]).toBe('pagination range')
  })

  it('matches whole words only', () => {
    expect(terms('orange')).toEqual(['orange'])
    expect(terms('dbdev')).toEqual(['dbdev'])
  })

  it('weighs rewritten queries below the original', () => {
    const [original, ...rewritten] = synonymVariants('rls')
    expect(original?.weight).toBe(1)
    expect(rewritten.length).toBeGreaterThan(0)
    expect(rewritten.every((variant) => variant.weight === SYNONYM_WEIGHT && variant.weight < 1)).toBe(true)
  })

  it('holds lower-case phrases, each group with at least two and no phrase twice in a group', () => {
    for (const group of SYNONYM_GROUPS) {
      expect(group.phrases.length, group.topic).toBeGreaterThanOrEqual(2)
      expect(new Set(group.phrases).size, group.topic).toBe(group.phrases.length)
      for (const phrase of group.phrases) expect(phrase, group.topic).toBe(normalizeQuery(phrase))
    }
  })
})
