import { describe, expect, it } from 'vitest'
import {
  bestSubResult,
  cleanExcerpt,
  isCodeQuery,
  looksLikeCode,
  matchingRow,
  parseExcerpt,
  toSearchHit,
  type PagefindResultData,
} from '../src/search-results'

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

  it('leaves the punctuation Pagefind marks with a word outside the mark', () => {
    expect(parseExcerpt('<mark>Presence.</mark> Share with a <mark>(presence_ref).</mark> key')).toEqual([
      { text: 'Presence', highlighted: true },
      { text: '. Share with a (', highlighted: false },
      { text: 'presence_ref', highlighted: true },
      { text: '). key', highlighted: false },
    ])
    expect(parseExcerpt('<mark>config.presence.key,</mark>')).toEqual([
      { text: 'config.presence.key', highlighted: true },
      { text: ',', highlighted: false },
    ])
    expect(parseExcerpt('<mark>--db-url</mark>')).toEqual([{ text: '--db-url', highlighted: true }])
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

  it('lists the matching sections of a guide under it, best first, each linking to its heading', () => {
    expect(bestSubResult(guide)?.title).toBe('Get the keys')
    expect(toSearchHit(guide, 'site key')).toEqual({
      id: '/guides/auth/captcha',
      url: '/guides/auth/captcha',
      area: 'Guides › Auth',
      page: 'Captcha protection',
      excerpt: [
        { text: 'Stop ', highlighted: false },
        { text: 'bots', highlighted: true },
        { text: '.', highlighted: false },
      ],
      sections: [
        {
          url: '/guides/auth/captcha#get-the-keys',
          title: 'Get the keys',
          excerpt: [
            { text: 'the ', highlighted: false },
            { text: 'site key', highlighted: true },
          ],
        },
      ],
    })
  })

  it('lists no section when the best match is the top of the guide', () => {
    const top = { ...guide, sub_results: guide.sub_results?.slice(0, 1) }
    expect(toSearchHit(top).sections).toEqual([])
  })

  it('links a reference section to its own canonical URL, without sections', () => {
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
    expect(hit.sections).toEqual([])
    expect(hit.page).toBe('Introduction')
    expect(hit.area).toBe('CLI reference › Getting started')
  })
})

describe('clean excerpts', () => {
  it('tells code and JSON from prose', () => {
    expect(looksLikeCode('{ "id": 1, "name": "avatars", "public": false }')).toBe(true)
    expect(looksLikeCode("const { data } = await supabase.from('x').select();")).toBe(true)
    expect(looksLikeCode('Create a bucket for the files your users upload.')).toBe(false)
    expect(isCodeQuery('otp_expired')).toBe(true)
    expect(isCodeQuery('signInWithOtp')).toBe(true)
    expect(isCodeQuery('--db-url')).toBe(true)
    expect(isCodeQuery('create bucket')).toBe(false)
  })

  const withJson: PagefindResultData = {
    url: '/reference/javascript/storage-create-bucket',
    excerpt: '{ "<mark>bucket</mark>": "avatars", "public": true }',
    meta: { title: 'Create a bucket', kind: 'reference', summary: 'Makes a new storage bucket.' },
    sub_results: [
      {
        title: 'Create a bucket',
        url: '/reference/javascript/storage-create-bucket',
        excerpt: '{ "name": "x" }',
      },
    ],
  }

  it('shows the page summary instead of a JSON excerpt for a words query', () => {
    expect(cleanExcerpt(withJson, 'create bucket')).toEqual([
      { text: 'Makes a new storage bucket.', highlighted: false },
    ])
  })

  it('prefers a prose excerpt of a section to a code excerpt of the page', () => {
    const data = {
      ...withJson,
      sub_results: [
        {
          title: 'Options',
          url: '/x#options',
          excerpt: 'A public <mark>bucket</mark> serves files to anyone.',
        },
      ],
    }
    expect(
      cleanExcerpt(data, 'bucket')
        .map((part) => part.text)
        .join(''),
    ).toBe('A public bucket serves files to anyone.')
  })

  it('keeps a code excerpt when the reader searched for code', () => {
    expect(
      cleanExcerpt(withJson, 'bucket_id')
        .map((part) => part.text)
        .join(''),
    ).toContain('"bucket"')
  })
})

describe('matchingRow', () => {
  const table: PagefindResultData = {
    url: '/guides/auth/error-codes',
    excerpt: '',
    meta: { title: 'Auth error codes', kind: 'guide' },
    anchors: [
      { element: 'h2', id: 'every-error-code', location: 10 },
      { element: 'tr', id: 'error-otp-disabled', location: 100 },
      { element: 'tr', id: 'error-otp-expired', location: 120 },
      { element: 'tr', id: 'error-phone-exists', location: 140 },
    ],
    locations: [125],
  }

  it('finds the row a code match falls in, and links the result to it', () => {
    expect(matchingRow(table, 'otp_expired')?.id).toBe('error-otp-expired')
    expect(toSearchHit(table, 'otp_expired').url).toBe('/guides/auth/error-codes#error-otp-expired')
  })

  it('prefers the row named code-<code>', () => {
    const named = {
      ...table,
      anchors: [...(table.anchors ?? []), { element: 'tr', id: 'code-otp_expired', location: 300 }],
    }
    expect(matchingRow(named, 'otp_expired')?.id).toBe('code-otp_expired')
  })

  it('links the page itself for a words query or a match outside any row', () => {
    expect(matchingRow(table, 'expired code')).toBeUndefined()
    expect(matchingRow({ ...table, locations: [12] }, 'otp_expired')).toBeUndefined()
    expect(toSearchHit(table, 'expired code').url).toBe('/guides/auth/error-codes')
  })
})
