import { describe, expect, it } from 'vitest'
import { suggestPages } from './suggest-pages'

const pages = [
  { title: 'Getting started', href: '/guides/getting-started' },
  { title: 'Social login', href: '/guides/auth/social-login' },
  { title: 'Redirect URLs', href: '/guides/auth/redirect-urls' },
]

describe('suggestPages', () => {
  it('ranks pages sharing words with the missing path', () => {
    expect(suggestPages('/guides/auth/social', pages)[0]?.href).toBe('/guides/auth/social-login')
    expect(suggestPages('/guides/getting-startd', pages)[0]?.href).toBe('/guides/getting-started')
  })
  it('reads a malformed escape as written instead of throwing', () => {
    expect(() => suggestPages('/guides/getting-started/%ZZ', pages)).not.toThrow()
    expect(() => suggestPages('/guides/%E0%A4%A', pages)).not.toThrow()
  })

  it('returns nothing for paths without useful words', () => {
    expect(suggestPages('/', pages)).toEqual([])
    expect(suggestPages('/guides/zzz', pages)).toEqual([])
  })
})
