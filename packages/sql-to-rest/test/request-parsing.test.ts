/**
 * The other direction: PostgREST requests read back into the request model. Every golden case
 * that translates makes a round trip SQL -> request -> raw HTTP / curl / URL -> request and must
 * come back as the same request and the same operation.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { parseRestRequest } from '../src/grammar/parse-request'
import { initTranslator, renderCurl, renderHttp, translate, type RequestModel } from '../src/index'
import { loadGoldenFiles } from './support/golden-cases'

beforeAll(() => initTranslator())

// Scalar values carry a JavaScript form (1 or '1') that the query string cannot tell apart.
function comparable(request: RequestModel): unknown {
  return JSON.parse(
    JSON.stringify(request, (key, value: unknown) => (key === 'js' ? undefined : value)),
  ) as unknown
}

function parsed(text: string): RequestModel {
  const result = parseRestRequest(text)
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}\n${text}`)
  return result.request
}

const cases = loadGoldenFiles().flatMap(({ file, cases }) =>
  cases
    .filter((entry) => entry.model !== undefined)
    .map((entry) => ({ name: `${file}: ${entry.name}`, sql: entry.sql })),
)

describe('round trips through the three text forms', () => {
  for (const { name, sql } of cases) {
    it(name, () => {
      const result = translate(sql)
      if (!result.ok) throw new Error(result.error.message)
      const request = result.request
      const http = renderHttp(request, { baseUrl: 'https://abcd.basebox.dev/rest/v1' })
      const curl = renderCurl(request)
      if (!http.ok || !curl.ok) throw new Error('rendering failed')
      expect(comparable(parsed(http.code))).toEqual(comparable(request))
      expect(comparable(parsed(curl.code))).toEqual(comparable(request))
      if (request.method === 'GET' && request.headers.length === 0) {
        const url = /^curl '([^']*)'/.exec(curl.code)![1]!
        expect(comparable(parsed(url))).toEqual(comparable(request))
      }
    })
  }
})

describe('reading requests written by hand', () => {
  it('reads a URL with embeds, filters, logic, order and paging', () => {
    const request = parsed(
      'https://abcd.basebox.dev/rest/v1/products?select=name,price,...categories!inner(category:name)&categories.name=eq.Kitchen&or=(price.lt.5,image.is.null)&order=price.desc.nullslast&limit=10&offset=20',
    )
    expect(request.operation).toMatchObject({
      kind: 'select',
      relation: { name: 'products' },
      limit: 10,
      offset: 20,
      order: [{ field: { column: 'price' }, direction: 'desc', nulls: 'last' }],
    })
    const op = request.operation as Extract<RequestModel['operation'], { kind: 'select' }>
    expect(op.select[2]).toMatchObject({ kind: 'embed', relation: 'categories', inner: true, spread: true })
    expect(op.filters).toHaveLength(2)
    expect(op.filters[0]).toMatchObject({
      embedPath: ['categories'],
      operator: 'eq',
      value: { value: { text: 'Kitchen' } },
    })
    expect(op.filters[1]).toMatchObject({ kind: 'group', operator: 'or' })
  })

  it('reads an insert from curl with a body and preferences', () => {
    const request = parsed(
      `curl -X POST 'http://localhost:54321/rest/v1/products?select=id' -H 'Prefer: return=representation' -H "Content-Type: application/json" -d '{"name":"Kite","price":23}'`,
    )
    expect(request.operation).toMatchObject({
      kind: 'insert',
      rows: [{ name: 'Kite', price: 23 }],
      singleRow: true,
      returning: [{ kind: 'field', field: { column: 'id' } }],
    })
  })

  it('reads a raw HTTP function call with its schema', () => {
    const request = parsed(
      'POST /rest/v1/rpc/search_products HTTP/1.1\nHost: localhost\nContent-Profile: shop\n\n{"term":"mug"}',
    )
    expect(request.operation).toMatchObject({
      kind: 'rpc',
      relation: { schema: 'shop', name: 'search_products' },
      args: { term: 'mug' },
    })
  })

  it.each([
    ['/rest/v1/products?price=foo.10', 'parse', '"foo" is not a PostgREST operator.'],
    ['/rest/v1/products?price=10', 'parse', '"10" has no operator: write operator.value, such as eq.5.'],
    [
      '/rest/v1/products?price=is.maybe',
      'parse',
      'is.maybe is not allowed: is takes null, true, false or unknown.',
    ],
    [
      '/rest/v1/products?or=(price.lt.5',
      'parse',
      'or=(price.lt.5: a logic group is written (a.eq.1,b.eq.2).',
    ],
    ['/rest/v1/products?limit=ten', 'parse', 'limit=ten is not a whole number.'],
    ['PUT /rest/v1/products', 'unsupported', 'PUT requests have no SQL equivalent here.'],
    ['/rest/v1/', 'parse', 'The path "/" does not name a table or function.'],
  ])('refuses %s with a %s error', (text, kind, message) => {
    const result = parseRestRequest(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ kind, message })
  })
})
