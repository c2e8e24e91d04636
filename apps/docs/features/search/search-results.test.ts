import { describe, expect, it } from 'vitest'
import { bestSubResult, parseExcerpt, toSearchHit, type PagefindResultData } from './search-results'

const location = (balanced_score: number) => ({ weight: 1, balanced_score, location: 0 })

describe('parseExcerpt', () => {
  it('splits highlighted words from text and decodes entities without interpreting HTML', () => {
    expect(parseExcerpt('use the <mark>anon</mark> key &lt;project-ref&gt; &amp; <mark>key</mark>')).toEqual([
      { text: 'use the ', highlighted: false },
      { text: 'anon', highlighted: true },
      { text: ' key <project-ref> & ', highlighted: false },
      { text: 'key', highlighted: true },
    ])
    expect(parseExcerpt('<b>not markup</b>')).toEqual([{ text: '<b>not markup</b>', highlighted: false }])
  })
})

describe('toSearchHit', () => {
  const guide: PagefindResultData = {
    url: '/guides/auth/captcha',
    excerpt: 'Stop <mark>bots</mark>.',
    meta: { title: 'Captcha protection', area: 'Guides › Auth', kind: 'guide' },
    sub_results: [
      {
        title: 'Captcha protection',
        url: '/guides/auth/captcha',
        excerpt: 'Stop <mark>bots</mark>.',
        weighted_locations: [location(500)],
      },
      {
        title: 'Get the keys',
        url: '/guides/auth/captcha#get-the-keys',
        excerpt: 'the <mark>site key</mark>',
        weighted_locations: [location(18000), location(500)],
      },
    ],
  }

  it('links a guide to the heading whose matches weigh most, and names that section', () => {
    expect(bestSubResult(guide)?.title).toBe('Get the keys')
    expect(toSearchHit(guide)).toEqual({
      id: '/guides/auth/captcha',
      url: '/guides/auth/captcha#get-the-keys',
      area: 'Guides › Auth',
      page: 'Captcha protection',
      section: 'Get the keys',
      excerpt: [
        { text: 'the ', highlighted: false },
        { text: 'site key', highlighted: true },
      ],
    })
  })

  it('links the top of a guide without a section when the best match is there', () => {
    const top = { ...guide, sub_results: guide.sub_results?.slice(0, 1) }
    const hit = toSearchHit(top)
    expect(hit.url).toBe('/guides/auth/captcha')
    expect(hit.section).toBeUndefined()
  })

  it('links a reference section to its own canonical URL', () => {
    const hit = toSearchHit({
      url: '/reference/cli/introduction',
      excerpt: 'the <mark>local</mark> stack',
      meta: { title: 'Introduction', area: 'CLI reference › Getting started', kind: 'reference' },
      sub_results: [
        {
          title: 'Local stack',
          url: '/reference/cli/introduction#local-stack',
          excerpt: 'x',
          weighted_locations: [location(9000)],
        },
      ],
    })
    expect(hit.url).toBe('/reference/cli/introduction')
    expect(hit.section).toBeUndefined()
    expect(hit.page).toBe('Introduction')
    expect(hit.area).toBe('CLI reference › Getting started')
  })
})
