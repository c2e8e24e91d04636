import { beforeAll, describe, expect, it } from 'vitest'
import { initTranslator, renderCurl, renderHttp, renderSupabaseJs } from '../src/index'
import { translateOk } from './support/translate-ok'
import { shellQuote } from '../src/render/curl'
import { encodeQueryComponent } from '../src/render/shared'
import { jsString } from '../src/render/supabase-js'

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
})
