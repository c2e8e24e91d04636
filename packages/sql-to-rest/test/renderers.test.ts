import { beforeAll, describe, expect, it } from 'vitest'
import { initTranslator, renderCurl, renderHttp, renderSupabaseJs } from '../src/index'
import { translateOk } from './support/translate-ok'
import { shellQuote } from '../src/render/curl'
import { encodeQueryComponent } from '../src/render/shared'
import { jsString } from '../src/render/supabase-js'
import { parseRestRequest } from '@docs/postgrest-request'
import type { RequestModel } from '@docs/postgrest-request'

function parsed(text: string): RequestModel {
  const result = parseRestRequest(text)
  if (!result.ok) throw new Error(result.error.message)
  return result.request
}

beforeAll(() => initTranslator())

const request = translateOk

describe('renderers', () => {
  it('refuse a base URL they cannot use, as a render error', () => {
    for (const baseUrl of ['not a url', 'ftp://host/rest/v1', 'http://host/rest/v1?x=1']) {
      for (const render of [renderCurl, renderHttp]) {
        expect(render(request('select * from t'), { baseUrl })).toMatchObject({
          ok: false,
          error: { kind: 'render' },
        })
      }
    }
  })

  it('put a given API key in both auth headers', () => {
    const curl = renderCurl(request('select * from t'), { apiKey: "ab'c" })
    expect(curl.ok && curl.code).toContain(`-H 'apikey: ab'\\''c'`)
    const http = renderHttp(request('select * from t'), {
      apiKey: 'key',
      baseUrl: 'https://x.supabase.co/rest/v1/',
    })
    expect(http.ok && http.code).toBe(
      [
        'GET /rest/v1/t?select=* HTTP/1.1',
        'Host: x.supabase.co',
        'apikey: key',
        'Authorization: Bearer key',
      ].join('\n'),
    )
  })

  it('quote shell text so that nothing expands', () => {
    expect(shellQuote("it's $HOME !inner `x`")).toBe(`'it'\\''s $HOME !inner \`x\`'`)
  })

  it('encode what the query string cannot carry as is', () => {
    expect(encodeQueryComponent('a b+c&d=e#f%g\'h"')).toBe('a%20b%2Bc%26d%3De%23f%25g%27h%22')
    expect(encodeQueryComponent('*,authors!inner(name):x')).toBe('*,authors!inner(name):x')
    expect(encodeQueryComponent('é')).toBe('%C3%A9')
    // PostgREST splits the query string at ; as at &.
    expect(encodeQueryComponent('a;b')).toBe('a%3Bb')
  })

  it('write JavaScript strings that read back to the same text', () => {
    for (const text of ["it's", 'a\\b', 'line\nbreak', '"quoted"', '\u2028']) {
      expect(new Function(`return ${jsString(text)}`)()).toBe(text)
    }
  })

  it('render writes with their body in curl', () => {
    const curl = renderCurl(request("insert into t (a) values ('it''s')"))
    expect(curl.ok && curl.code).toContain(`-d '{"a":"it'\\''s"}'`)
    expect(renderSupabaseJs(request("insert into t (a) values ('x')"))).toEqual({
      ok: true,
      code: "const { data, error } = await supabase\n  .from('t')\n  .insert({ a: 'x' })",
    })
  })

  it('render a GET function call with its arguments in the query string', () => {
    const request = parsed('GET /rest/v1/rpc/search_products?term=mug&select=name&price=lt.15')
    const curl = renderCurl(request, { apiKey: 'k' })
    expect(curl.ok && curl.code.split(' \\\n  ')[0]).toBe(
      "curl 'http://localhost:54321/rest/v1/rpc/search_products?term=mug&select=name&price=lt.15'",
    )
    expect(curl.ok && curl.code).not.toContain('-X')
    expect(renderSupabaseJs(request)).toEqual({
      ok: true,
      code: [
        'const { data, error } = await supabase',
        "  .rpc('search_products', { term: 'mug' }, { get: true })",
        "  .select('name')",
        "  .lt('price', 15)",
      ].join('\n'),
    })
    const head = renderSupabaseJs(parsed('HEAD /rest/v1/rpc/fn HTTP/1.1\nPrefer: count=exact'))
    expect(head.ok && head.code).toBe(
      "const { count, error } = await supabase\n  .rpc('fn', {}, { head: true, count: 'exact' })",
    )
  })

  it('render counts and headers-only reads as supabase-js options', () => {
    const planned = renderSupabaseJs(parsed('GET /rest/v1/t?select=id HTTP/1.1\nPrefer: count=planned'))
    expect(planned.ok && planned.code).toBe(
      "const { data, count, error } = await supabase\n  .from('t')\n  .select('id', { count: 'planned' })",
    )
    const head = renderSupabaseJs(parsed('HEAD /rest/v1/t'))
    expect(head.ok && head.code).toBe(
      "const { error } = await supabase\n  .from('t')\n  .select('*', { head: true })",
    )
  })

  it('render embedded order, limit and offset with referencedTable', () => {
    const js = renderSupabaseJs(
      parsed(
        '/rest/v1/products?select=*,reviews(*)&reviews.order=stars.desc.nullslast&reviews.offset=2&reviews.limit=1',
      ),
    )
    expect(js.ok && js.code).toBe(
      [
        'const { data, error } = await supabase',
        "  .from('products')",
        "  .select('*, reviews(*)')",
        "  .order('stars', { ascending: false, nullsFirst: false, referencedTable: 'reviews' })",
        "  .range(2, 2, { referencedTable: 'reviews' })",
      ].join('\n'),
    )
  })

  it('render PUT in curl and raw HTTP, and refuse it in supabase-js', () => {
    const request = parsed(
      'PUT /rest/v1/employees?id=eq.4 HTTP/1.1\nContent-Type: application/json\n\n{"id":4}',
    )
    const curl = renderCurl(request)
    expect(curl.ok && curl.code).toContain('-X PUT')
    const http = renderHttp(request)
    expect(http.ok && http.code.split('\n')[0]).toBe('PUT /rest/v1/employees?id=eq.4 HTTP/1.1')
    const js = renderSupabaseJs(request)
    expect(js).toMatchObject({ ok: false, error: { kind: 'render' } })
    expect(!js.ok && js.error.message).toBe(
      'supabase-js has no PUT: it cannot send a single-row upsert by primary-key filters.',
    )
  })

  it('send a body that is not JSON as it was sent', () => {
    const request = parsed('POST /rest/v1/items HTTP/1.1\nContent-Type: text/csv\n\nname,price\nMug,NULL')
    const http = renderHttp(request)
    expect(http.ok && http.code.endsWith('Content-Type: text/csv\n\nname,price\nMug,NULL')).toBe(true)
    expect(renderSupabaseJs(request)).toMatchObject({ ok: false, error: { kind: 'render' } })
  })

  it('refuse in supabase-js what it cannot send, and map what it can', () => {
    expect(renderSupabaseJs(parsed('GET /rest/v1/t HTTP/1.1\nPrefer: handling=strict'))).toMatchObject({
      ok: false,
    })
    expect(renderSupabaseJs(parsed('GET /rest/v1/t HTTP/1.1\nX-Custom: 1'))).toMatchObject({ ok: false })
    const single = renderSupabaseJs(
      parsed('GET /rest/v1/t?id=eq.1 HTTP/1.1\nAccept: application/vnd.pgrst.object+json'),
    )
    expect(single.ok && single.code.endsWith('.single()')).toBe(true)
  })
})
