import { beforeAll, describe, expect, it } from 'vitest'
import * as translator from '@docs/sql-to-rest'
import { DEFAULT_BASE_URL, restSample } from './tool-state'
import { translateForTool } from './translate-output'

beforeAll(async () => {
  await translator.initTranslator()
})

const code = (result: translator.RenderResult | undefined) => (result?.ok ? result.code : '')

describe('what the tool shows beside its outputs', () => {
  it('a lone count(*) returns one row, and its note offers the header-only count in every language', () => {
    const output = translateForTool(translator, 'select count(*) from products', DEFAULT_BASE_URL, 'k')
    expect(code(output.outputs.curl)).toContain('/rest/v1/products?select=count()')
    expect(code(output.outputs.js)).toContain(".select('count()')")
    expect(output.notes).toHaveLength(1)
    const [note] = output.notes
    expect(note!.message).toMatch(/db-aggregates-enabled/)
    expect(note!.message).toMatch(/Content-Range/)
    expect(code(note!.alternative?.curl)).toContain('--head')
    expect(code(note!.alternative?.http)).toMatch(
      /^HEAD \/rest\/v1\/products\?select=\* HTTP\/1\.1[\s\S]*Prefer: count=exact/,
    )
    expect(code(note!.alternative?.js)).toContain(".select('*', { count: 'exact', head: true })")
  })

  it('a refusal carries the request its advice makes, rendered with the base URL', () => {
    const output = translateForTool(
      translator,
      'select category_id, count(*) from products group by category_id having count(*) > 3',
      'https://abc.example.co/rest/v1',
      'k',
    )
    expect(output.error?.advice?.create).toMatch(/^create view products_view as\n/)
    expect(code(output.adviceCall?.curl)).toContain(
      "curl 'https://abc.example.co/rest/v1/products_view?select=*'",
    )
    expect(code(output.adviceCall?.js)).toContain(".from('products_view')")
  })

  it('a comma join comes with the query rewritten, and no request to call', () => {
    const output = translateForTool(
      translator,
      'select p.name, c.name from products p, categories c where c.id = p.category_id',
      DEFAULT_BASE_URL,
      'k',
    )
    expect(output.error?.advice?.rewrite).toBe(
      'select p.name, c.name from products p join categories c on c.id = p.category_id',
    )
    expect(output.adviceCall).toBeUndefined()
    const rewritten = translateForTool(translator, output.error!.advice!.rewrite!, DEFAULT_BASE_URL, 'k')
    // Both columns are called name: the spread one is renamed, and the note says why.
    expect(code(rewritten.outputs.curl)).toContain('...categories!category_id!inner(category_name:name)')
    expect(rewritten.notes.map((note) => note.message).join(' ')).toMatch(/renamed category_name/)
  })

  it('reads the REST sample at any base URL the reader sets, to the same request', () => {
    const atDefault = translateForTool(
      translator,
      restSample(DEFAULT_BASE_URL),
      DEFAULT_BASE_URL,
      'k',
      'rest',
    )
    for (const baseUrl of ['https://abc.example.co/rest/v1', 'https://proxy.test/api/rest']) {
      const output = translateForTool(translator, restSample(baseUrl), baseUrl, 'k', 'rest')
      expect(output.error, baseUrl).toBeUndefined()
      expect(output.request, baseUrl).toEqual(atDefault.request)
      expect(output.sql, baseUrl).toBe(atDefault.sql)
      expect(code(output.outputs.curl), baseUrl).toContain(`curl '${baseUrl}/products?select=`)
    }
    expect(atDefault.sql).toContain("where categories.name = 'Kitchen'")
  })

  it('asks for the empty line when a raw HTTP body follows the headers without one', () => {
    const output = translateForTool(
      translator,
      'POST /rest/v1/products HTTP/1.1\nContent-Type: application/json\n{"name": "Kite", "price": 23}',
      DEFAULT_BASE_URL,
      'k',
      'rest',
    )
    expect(output.error?.message).toBe('Leave an empty line before the body.')
  })
})
