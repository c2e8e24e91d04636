import { describe, expect, it } from 'vitest'
import type { Guide } from '@/features/guides'
import { getLibrary } from '@/features/reference'
import { guideRecords, referenceRecords } from './search-records'

describe('search records', () => {
  it('indexes guides under their own URL with their sidebar section as the area', () => {
    const guide = {
      slug: ['auth', 'captcha'],
      href: '/guides/auth/captcha',
      frontMatter: { title: 'Captcha' },
    } as Guide
    const records = guideRecords(
      [guide],
      [{ title: 'Auth', items: [{ title: 'Captcha', href: '/guides/auth/captcha' }] }],
    )
    expect(records).toEqual([
      {
        file: 'guides/auth/captcha.html',
        url: '/guides/auth/captcha',
        title: 'Captcha',
        area: 'Guides › Auth',
        kind: 'guide',
        place: 'Auth',
      },
    ])
  })

  it('places a guide in its section and in the sections of the guides under its path', () => {
    const nav = [
      { title: 'Auth', items: [{ title: 'Social login', href: '/guides/auth/social-login' }] },
      {
        title: 'Social login providers',
        items: [{ title: 'Apple', href: '/guides/auth/social-login/apple' }],
      },
    ]
    const guides = ['/guides/auth/social-login', '/guides/auth/social-login/apple'].map(
      (href) => ({ slug: href.split('/').slice(2), href, frontMatter: { title: href } }) as Guide,
    )
    expect(guideRecords(guides, nav).map((record) => record.place)).toEqual([
      'Auth › Social login providers',
      'Social login providers',
    ])
  })

  it("records a guide's other names for the ranking", () => {
    const guide = {
      slug: ['getting-started'],
      href: '/guides/getting-started',
      frontMatter: { title: 'Getting started', searchNames: ['quickstart', 'first steps'] },
    } as Guide
    const [record] = guideRecords([guide], [])
    expect(record?.aliases).toBe('quickstart | first steps')
  })

  it('indexes a reference section from its crawler page under its canonical URL', () => {
    const [record] = referenceRecords(getLibrary('javascript-v2'), [
      { slug: 'select', title: 'select()', category: 'Database' },
    ])
    expect(record).toEqual({
      file: 'reference/javascript/crawlers/select.html',
      url: '/reference/javascript/select',
      title: 'select()',
      area: 'JavaScript client library › Database',
      kind: 'reference',
    })
  })

  it('ranks an older library version lower', () => {
    const [record] = referenceRecords(getLibrary('javascript-v1'), [
      { slug: 'select', title: 'select()', category: 'Database' },
    ])
    expect(record?.url).toBe('/reference/javascript/v1/select')
    expect(record?.file).toBe('reference/javascript/v1/crawlers/select.html')
    expect(record?.olderVersion).toBe(true)
  })
})
