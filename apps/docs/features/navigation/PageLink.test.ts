import { describe, expect, it } from 'vitest'
import { isLongReferencePage } from './PageLink.client'

describe('isLongReferencePage', () => {
  it('covers the library pages and the section URLs their rewrite answers', () => {
    for (const href of [
      '/reference/cli',
      '/reference/javascript/v1',
      '/reference/javascript/select',
      '/reference/api#intro',
      '/reference',
    ]) {
      expect(isLongReferencePage(href), href).toBe(true)
    }
  })

  it('leaves guides, the home page and look-alike paths prefetchable', () => {
    for (const href of ['/', '/guides', '/guides/api/sql-to-rest', '/references', '/guides/reference']) {
      expect(isLongReferencePage(href), href).toBe(false)
    }
  })
})
