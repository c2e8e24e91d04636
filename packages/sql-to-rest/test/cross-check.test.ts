/**
 * For every golden case, the supabase-js rendering runs on the real @supabase/postgrest-js with a
 * capturing fetch; the request it sends must be the request of our raw HTTP rendering.
 */
import { beforeAll, describe, expect, it } from 'vitest'
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
