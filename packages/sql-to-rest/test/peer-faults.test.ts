/** The known faults of the public @supabase/sql-to-rest 0.1.8, each proven absent here. */
import { beforeAll, describe, expect, it } from 'vitest'
import { initTranslator, renderCurl, renderHttp, renderSupabaseJs, translate } from '../src/index'
import { translateOk } from './support/translate-ok'

beforeAll(() => initTranslator())

const request = translateOk

function code(render: { ok: true; code: string } | { ok: false }): string {
  if (!render.ok) throw new Error('rendering failed')
  return render.code
}

describe('faults of the peer translator that we do not have', () => {
  it('keeps the second NOT of not (x is not null)', () => {
    expect(request('select * from t where not (x is not null)').query).toEqual([
      ['select', '*'],
      ['x', 'is.null'],
    ])
    expect(code(renderSupabaseJs(request('select * from t where not (x is not null)')))).toContain(
      ".is('x', null)",
    )
  })

  it('quotes values with commas or parentheses inside or()', () => {
    const { query } = request("select * from t where a = 'x,y' or a = '(z)' or a = 'p)q'")
    expect(query).toContainEqual(['or', '(a.eq."x,y",a.eq."(z)",a.eq."p)q")'])
  })

  it('keeps the schema', () => {
    const read = request('select id from library.books')
    expect(read.headers).toContainEqual({ name: 'Accept-Profile', value: 'library' })
    expect(code(renderSupabaseJs(read))).toContain(".schema('library')")
    const write = request("update library.books set title = 'x' where id = 1")
    expect(write.headers).toContainEqual({ name: 'Content-Profile', value: 'library' })
  })

  it('makes .range() exactly as long as LIMIT', () => {
    expect(code(renderSupabaseJs(request('select * from t limit 10 offset 20')))).toContain('.range(20, 29)')
    expect(code(renderSupabaseJs(request('select * from t limit 1 offset 5')))).toContain('.range(5, 5)')
  })

  it('percent-encodes the path', () => {
    const model = request('select * from "my table"')
    expect(model.path).toBe('/my%20table')
    expect(code(renderCurl(model))).toContain("'http://localhost:54321/rest/v1/my%20table?select=*'")
    expect(code(renderHttp(model))).toMatch(/^GET \/rest\/v1\/my%20table\?select=\* HTTP\/1\.1$/m)
  })

  it('puts !inner inside single quotes in curl, never double quotes', () => {
    const curl = code(
      renderCurl(request('select b.title, a.name from books b join authors a on a.id = b.author_id')),
    )
    const urlArgument = curl.split(' \\\n')[0]!
    expect(urlArgument).toMatch(/^curl '[^']*!inner[^']*'$/)
    expect(curl).not.toMatch(/"[^"]*!inner[^"]*"/)
  })

  it('never drops the modifiers of numeric(10,2)', () => {
    const result = translate('select price::numeric(10,2) from books')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.kind).toBe('unsupported')
    expect(result.error.message).toMatch(/modifiers/)
    // The peer sent `price::numeric`: a cast that silently stops rounding to two decimals.
    expect(JSON.stringify(result)).not.toContain('price::numeric')
  })

  it('keeps every digit of big integers', () => {
    const model = request('select * from events where id = 12345678901234567890')
    expect(model.query).toContainEqual(['id', 'eq.12345678901234567890'])
    expect(code(renderSupabaseJs(model))).toContain(".eq('id', '12345678901234567890')")
    const insert = request('insert into events (id) values (9007199254740993)')
    expect(insert.body).toEqual({ id: '9007199254740993' })
  })

  it.each([
    ['select * from t where done is true', ['done', 'is.true']],
    ['select * from t where done is not false', ['done', 'not.is.false']],
    ['select * from t where done', ['done', 'eq.true']],
    ['select * from t where id not in (1, 2)', ['id', 'not.in.(1,2)']],
    ["select * from t where name not like 'a%'", ['name', 'not.like.a%']],
    ["select * from t where name not ilike 'a%'", ['name', 'not.ilike.a%']],
  ])('translates %s', (sql, param) => {
    expect(request(sql).query).toContainEqual(param)
  })

  it('reports syntax errors with their position', () => {
    const result = translate('select * from books wher id = 1')
    expect(result).toMatchObject({ ok: false, error: { kind: 'parse', position: 25 } })
    if (!result.ok) expect(result.error.hint).toContain('line 1, column 26')
  })
})
