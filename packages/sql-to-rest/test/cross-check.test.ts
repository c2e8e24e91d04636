/**
 * For every golden case, the supabase-js rendering runs on the real @supabase/postgrest-js with a
 * capturing fetch; the request it sends must be the request of our raw HTTP rendering.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { parseRestRequest } from '@docs/postgrest-request'
import { initTranslator, renderHttp, renderSupabaseJs, translate } from '../src/index'
import { loadGoldenFiles } from './support/golden-cases'
import { captureSupabaseJs, parseRawHttp } from './support/requests'

beforeAll(() => initTranslator())

const cases = loadGoldenFiles().flatMap(({ file, cases }) =>
  cases.filter((entry) => entry.model && typeof entry.js === 'string').map((entry) => ({ file, ...entry })),
)

describe('supabase-js rendering sends the raw HTTP request', () => {
  it('covers most of the golden cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150)
  })

  for (const entry of cases) {
    it(`${entry.file}: ${entry.name}`, async () => {
      const result = translate(entry.sql)
      if (!result.ok) throw new Error(result.error.message)
      const http = renderHttp(result.request)
      const js = renderSupabaseJs(result.request)
      if (!http.ok || !js.ok) throw new Error('rendering failed')
      expect(await captureSupabaseJs(js.code)).toEqual(parseRawHttp(http.code))
    })
  }
})

describe('the comparison itself', () => {
  const http = ['GET /rest/v1/books?select=*&id=eq.1 HTTP/1.1', 'Host: localhost:54321', 'apikey: k'].join(
    '\n',
  )

  it('accepts the matching client call', async () => {
    const captured = await captureSupabaseJs(
      "const { data } = await supabase.from('books').select().eq('id', 1)",
    )
    expect(captured).toEqual(parseRawHttp(http))
  })

  it('notices a different value, method, schema or body', async () => {
    const expected = parseRawHttp(http)
    for (const code of [
      "await supabase.from('books').select().eq('id', 2)",
      "await supabase.from('books').select('*', { head: true }).eq('id', 1)",
      "await supabase.schema('other').from('books').select().eq('id', 1)",
      "await supabase.from('books').update({ a: 1 }).eq('id', 1)",
    ]) {
      expect(await captureSupabaseJs(code)).not.toEqual(expected)
    }
  })
})

describe('requests read back from text, rendered as supabase-js, send the same request', () => {
  const body = (head: string, text: string) => `${head}\nContent-Type: application/json\n\n${text}`
  it.each([
    ['a GET function call', 'GET /rest/v1/rpc/search_products?term=mug&select=name&price=lt.15 HTTP/1.1'],
    [
      'a HEAD function call with a count',
      'HEAD /rest/v1/rpc/search_products?term=mug HTTP/1.1\nPrefer: count=exact',
    ],
    [
      'a POST function call with a count',
      body('POST /rest/v1/rpc/add HTTP/1.1\nPrefer: count=planned', '{"a":1}'),
    ],
    [
      'embedded order, limit and offset',
      'GET /rest/v1/products?select=*,reviews(*,votes(*))&reviews.order=stars.desc&reviews.offset=2&reviews.limit=1&reviews.votes.limit=3 HTTP/1.1',
    ],
    ['a count on GET', 'GET /rest/v1/items?select=id HTTP/1.1\nPrefer: count=planned'],
    ['a HEAD without a count', 'HEAD /rest/v1/items?select=* HTTP/1.1'],
    ['a quantified filter with NULL', 'GET /rest/v1/products?select=*&category_id=eq(any).{9,NULL} HTTP/1.1'],
    ['a negative JSON index', 'GET /rest/v1/items?select=*&data->tags->-1=eq.new HTTP/1.1'],
    [
      'a limited update',
      body('PATCH /rest/v1/items?id=gt.1&order=id.desc&limit=2 HTTP/1.1', '{"done":true}'),
    ],
    ['a delete with a count', 'DELETE /rest/v1/items?id=eq.1 HTTP/1.1\nPrefer: count=exact'],
    ['an insert with columns=', body('POST /rest/v1/items?columns="a","b" HTTP/1.1', '[{"a":1},{"b":2}]')],
  ])('%s', async (_name, text) => {
    const parsed = parseRestRequest(text)
    if (!parsed.ok) throw new Error(parsed.error.message)
    const http = renderHttp(parsed.request)
    const js = renderSupabaseJs(parsed.request)
    if (!http.ok || !js.ok) throw new Error(js.ok ? 'http rendering failed' : js.error.message)
    expect(await captureSupabaseJs(js.code)).toEqual(parseRawHttp(http.code))
  })
})
