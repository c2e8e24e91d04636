import { describe, expect, it } from 'vitest'
import { belongsTo, searchDocs } from '../src/search'
import type { DocsSite } from '../src/site'

describe('belongsTo', () => {
  it.each([
    ['guides', '/guides/database/row-level-security', true],
    ['guides', '/guidesx', false],
    ['cli', '/reference/cli/supabase-db-push', true],
    ['cli', '/reference/client', false],
    ['javascript', '/reference/javascript/select', true],
    ['javascript', '/reference/javascript/v1/select', false],
    ['javascript-v1', '/reference/javascript/v1/select', true],
    ['javascript-v1', '/reference/javascript/select', false],
    ['api', '/reference/api/v1-get-project', true],
  ] as const)('%s holds %s: %s', (product, sitePath, expected) => {
    expect(belongsTo(product, sitePath)).toBe(expected)
  })
})

describe('searchDocs', () => {
  it('answers an empty query with a reason without loading the index', async () => {
    const site = {
      searcher: () => {
        throw new Error('the index must not load for an empty query')
      },
    } as unknown as DocsSite
    await expect(searchDocs(site, ' \t ')).resolves.toEqual({
      query: ' \t ',
      results: [],
      reason: 'The query is empty: give a few words to search for.',
    })
  })
})
