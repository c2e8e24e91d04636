/**
 * The other direction: PostgREST requests read back into the request model. Every golden case
 * that translates makes a round trip SQL -> request -> raw HTTP / curl / URL -> request and must
 * come back as the same request and the same operation.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { TranslateError } from '../src/errors'
import { arrayLiteralText, buildRequest, parseRestParts, parseRestRequest } from '@docs/postgrest-request'
import { initTranslator, renderCurl, renderHttp, translate, type RequestModel } from '../src/index'
import { loadGoldenFiles } from './support/golden-cases'

beforeAll(() => initTranslator())

// Scalar values carry a JavaScript form (1 or '1') that the query string cannot tell apart.
function comparable(request: RequestModel): unknown {
  return JSON.parse(
    JSON.stringify(request, (key, value: unknown) => (key === 'js' ? undefined : value)),
  ) as unknown
}

/**
 * The translator's request with what its renderings send spelled out the way a parsed request
 * holds it: the literal of a quantified operator (`text`) and the columns= of several rows.
 */
function asSent(request: RequestModel): unknown {
  return comparable({
    ...request,
    operation: JSON.parse(
      JSON.stringify(request.operation, (_key, value: unknown) => {
        const node = value as Record<string, unknown> | null
        if (node && typeof node === 'object' && node.kind === 'array' && node.text === undefined) {
          return { ...node, text: arrayLiteralText(node.items as string[]) }
        }
        if (node && typeof node === 'object' && node.kind === 'insert' && !node.singleRow && !node.columns) {
          const rows = node.rows as Record<string, unknown>[]
          const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))]
          return columns.length > 0 ? { ...node, columns } : node
        }
        return value
      }),
    ) as RequestModel['operation'],
  })
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
      expect(comparable(parsed(http.code))).toEqual(asSent(request))
      expect(comparable(parsed(curl.code))).toEqual(asSent(request))
      if (request.method === 'GET' && request.headers.length === 0) {
        const url = /^curl '([^']*)'/.exec(curl.code)![1]!
        expect(comparable(parsed(url))).toEqual(asSent(request))
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
    ['/rest/v1/products?price=foo.10', 'PGRST100', '"foo" is not a PostgREST operator.'],
    ['/rest/v1/products?price=10', 'PGRST100', '"10" has no operator: write operator.value, such as eq.5.'],
    [
      '/rest/v1/products?price=is.maybe',
      'PGRST100',
      'is.maybe is not allowed: is takes null, true, false or unknown.',
    ],
    [
      '/rest/v1/products?or=(price.lt.5',
      'PGRST100',
      'The logic tree or=(price.lt.5 does not parse: unexpected end of input expecting "," or ")" (at character 12).',
    ],
  ])('refuses %s with %s', (text, code, message) => {
    const result = parseRestRequest(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'parse', code, message })
  })

  it('refuses what has no request model as unsupported, without a PostgREST code', () => {
    for (const text of ['/rest/v1/', 'OPTIONS /rest/v1/products']) {
      const result = parseRestRequest(text)
      expect(result).toMatchObject({ ok: false, error: { kind: 'unsupported' } })
      if (!result.ok) expect(result.error.code).toBeUndefined()
    }
  })
})

// ---- PostgREST 12.2's grammar, point by point (src/PostgREST/ApiRequest/QueryParams.hs) ---------

type Op<K extends RequestModel['operation']['kind']> = Extract<RequestModel['operation'], { kind: K }>

function operationOf<K extends RequestModel['operation']['kind']>(text: string, kind: K): Op<K> {
  const operation = parsed(text).operation
  expect(operation.kind).toBe(kind)
  return operation as Op<K>
}

function failure(text: string): TranslateError {
  const result = parseRestRequest(text)
  if (result.ok) throw new Error(`expected a fault: ${text}`)
  return result.error
}

const http = (head: string, body?: string) => (body === undefined ? head : `${head}\n\n${body}`)

describe('is takes its values in any letter case (pTriVal: ciString)', () => {
  it.each([
    ['is.NULL', 'null'],
    ['is.Null', 'null'],
    ['is.TRUE', 'true'],
    ['is.False', 'false'],
    ['is.unKnown', 'unknown'],
  ])('done=%s', (value, expected) => {
    const [filter] = operationOf(`/rest/v1/chores?done=${value}`, 'select').filters
    expect(filter).toMatchObject({ operator: 'is', value: { kind: 'is', value: expected } })
  })

  it('and in logic trees and negated', () => {
    const [group] = operationOf('/rest/v1/chores?or=(done.not.is.NULL,id.eq.1)', 'select').filters
    expect(group).toMatchObject({ items: [{ negated: true, value: { kind: 'is', value: 'null' } }, {}] })
  })
})

describe('a repeated select, on_conflict or columns: the first wins (lookupParam uses L.lookup)', () => {
  it('select', () => {
    const request = parsed('/rest/v1/products?select=id&select=name')
    expect((request.operation as Op<'select'>).select).toEqual([
      { kind: 'field', field: { column: 'id', jsonPath: [] } },
    ])
    // The request keeps both parameters as sent.
    expect(request.query).toEqual([
      ['select', 'id'],
      ['select', 'name'],
    ])
  })

  it('a select without a value still comes first, and means *', () => {
    expect(operationOf('/rest/v1/products?select&select=name', 'select').select).toEqual([{ kind: 'star' }])
  })

  it('on_conflict and columns', () => {
    const insert = operationOf(
      http(
        'POST /rest/v1/t?on_conflict=a&on_conflict=b&columns=a,b&columns=c HTTP/1.1\nContent-Type: application/json\nPrefer: resolution=merge-duplicates',
        '[{"a":1,"b":2}]',
      ),
      'insert',
    )
    expect(insert.onConflict).toEqual({ columns: ['a'], resolution: 'merge-duplicates' })
    expect(insert.columns).toEqual(['a', 'b'])
  })
})

describe('embed modifiers: the first join type and the first hint win (pEmbedParams)', () => {
  it.each([
    ['categories!inner!left(name)', true, undefined],
    ['categories!left!inner(name)', false, undefined],
    ['categories!fk!inner(name)', true, 'fk'],
    ['categories!inner!fk(name)', true, 'fk'],
  ])('%s', (item, inner, hint) => {
    const [embed] = operationOf(`/rest/v1/products?select=${item}`, 'select').select
    expect(embed).toMatchObject({ kind: 'embed', relation: 'categories', inner })
    expect((embed as { hint?: string }).hint).toBe(hint)
  })

  it('a third modifier is a grammar fault', () => {
    expect(failure('/rest/v1/products?select=categories!a!inner!left(name)')).toMatchObject({
      code: 'PGRST100',
    })
  })
})

describe('quantified operators (quantOperator) and their array literal', () => {
  it.each(['neq(any).{1,2}', 'cs(any).{1}', 'in(all).(1)', 'is(any).null', 'eq(some).{1}'])(
    '%s is a grammar fault',
    (value) => {
      expect(failure(`/rest/v1/products?id=${value}`)).toMatchObject({ kind: 'parse', code: 'PGRST100' })
    },
  )

  it('says which operators take a quantifier', () => {
    expect(failure('/rest/v1/products?id=neq(any).{1,2}').message).toBe(
      'neq(any) is not allowed: only eq, gte, gt, lte, lt, like, ilike, match and imatch take (any) or (all).',
    )
  })

  it.each(['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'])(
    '%s takes (any) and (all)',
    (op) => {
      for (const quantifier of ['any', 'all'] as const) {
        const [filter] = operationOf(`/rest/v1/products?name=${op}(${quantifier}).{a,b}`, 'select').filters
        expect(filter).toMatchObject({ operator: op, quantifier })
      }
    },
  )

  it('keeps the literal as sent: NULL stays a null element, * stays *', () => {
    const [filter] = operationOf('/rest/v1/products?category_id=eq(any).{9,NULL}', 'select').filters
    expect(filter).toMatchObject({ value: { kind: 'array', text: '{9,NULL}', items: ['9', 'NULL'] } })
    const [like] = operationOf('/rest/v1/products?name=like(all).{*a*,"b%20c"}', 'select').filters
    expect(like).toMatchObject({ value: { kind: 'array', text: '{*a*,"b c"}', items: ['*a*', 'b c'] } })
  })

  it('renders the literal back unchanged', () => {
    const request = parsed('/rest/v1/products?category_id=eq(any).{9,NULL}')
    const rebuilt = buildRequest(request.operation)
    expect(rebuilt.query).toEqual([
      ['select', '*'],
      ['category_id', 'eq(any).{9,NULL}'],
    ])
  })

  it('takes any text: PostgREST leaves the array syntax to Postgres', () => {
    const [filter] = operationOf('/rest/v1/products?id=eq(any).5', 'select').filters
    expect(filter).toMatchObject({ value: { kind: 'array', text: '5', items: [] } })
  })
})

describe('negative JSON array indexes (pJsonPath: pJIdx)', () => {
  it('in filters, select and order', () => {
    const operation = operationOf(
      '/rest/v1/t?select=last:data->arr->-1,data->>-2&data->arr->-1=eq.1&order=data->-1.desc',
      'select',
    )
    expect(operation.filters[0]).toMatchObject({
      field: {
        column: 'data',
        jsonPath: [
          { arrow: '->', key: 'arr' },
          { arrow: '->', key: -1 },
        ],
      },
    })
    expect(operation.select).toMatchObject([
      { field: { jsonPath: [{ key: 'arr' }, { key: -1 }] }, alias: 'last' },
      { field: { jsonPath: [{ arrow: '->>', key: -2 }] } },
    ])
    expect(operation.order[0]).toMatchObject({ field: { jsonPath: [{ key: -1 }] }, direction: 'desc' })
    expect(buildRequest(operation).query[1]).toEqual(['data->arr->-1', 'eq.1'])
  })

  it('a quoted "-1" is a key, and a badly formed negative is a fault', () => {
    const [filter] = operationOf('/rest/v1/t?data->"-1"=eq.1', 'select').filters
    expect(filter).toMatchObject({ field: { jsonPath: [{ key: '-1' }] } })
    expect(failure('/rest/v1/t?select=data->>-78xy').postgrest).toEqual({
      status: 400,
      message: '"failed to parse select parameter (data->>-78xy)" (line 1, column 11)',
      details: 'unexpected \'x\' expecting digit, "->", "::", ".", "," or end of input',
      hint: null,
    })
  })
})

describe('logic-tree values end at , and ) unless quoted (pLogicSingleVal)', () => {
  it('or=(name.eq.a(b),id.eq.1) is read as PostgREST reads it: name = a(b, the rest ignored', () => {
    const result = parseRestRequest('/rest/v1/products?or=(name.eq.a(b),id.eq.1)')
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const [group] = (result.request.operation as Op<'select'>).filters
    expect(group).toMatchObject({
      kind: 'group',
      operator: 'or',
      items: [{ field: { column: 'name' }, operator: 'eq', value: { value: { text: 'a(b' } } }],
    })
    expect((group as { items: unknown[] }).items).toHaveLength(1)
    expect(result.ignored).toEqual([{ parameter: 'or=(name.eq.a(b),id.eq.1)', text: ',id.eq.1)' }])
  })

  it('a quoted value keeps its parentheses and commas', () => {
    const [group] = operationOf('/rest/v1/products?or=(name.eq."a(b),c",id.eq.1)', 'select').filters
    expect(group).toMatchObject({
      items: [{ value: { value: { text: 'a(b),c' } } }, { field: { column: 'id' } }],
    })
  })

  it('a bare value may not hold a comma', () => {
    expect(failure('/rest/v1/products?or=(name.eq.a,b)')).toMatchObject({ code: 'PGRST100' })
  })
})

describe('GET and HEAD function calls: arguments are the parameters that are no filters', () => {
  it('GET /rpc/fn with arguments, select and filters', () => {
    const request = parsed('GET /rest/v1/rpc/search_products?term=mug&select=name&price=lt.15')
    expect(request.method).toBe('GET')
    expect(request.body).toBeUndefined()
    expect(request.operation).toMatchObject({
      kind: 'rpc',
      method: 'GET',
      relation: { name: 'search_products' },
      args: { term: 'mug' },
      select: [{ kind: 'field', field: { column: 'name' } }],
      filters: [{ field: { column: 'price' }, operator: 'lt', value: { value: { text: '15' } } }],
    })
    expect(buildRequest(request.operation)).toMatchObject({
      method: 'GET',
      path: '/rpc/search_products',
      query: [
        ['term', 'mug'],
        ['select', 'name'],
        ['price', 'lt.15'],
      ],
      headers: [],
    })
  })

  it('HEAD, a repeated argument (for VARIADIC) and the schema from Accept-Profile', () => {
    const request = parsed('HEAD /rest/v1/rpc/fn?v=1&v=2&id=eq.3 HTTP/1.1\nAccept-Profile: shop')
    expect(request.operation).toMatchObject({
      kind: 'rpc',
      method: 'HEAD',
      relation: { schema: 'shop', name: 'fn' },
      args: { v: ['1', '2'] },
      filters: [{ field: { column: 'id' } }],
    })
    expect(buildRequest(request.operation).query).toEqual([
      ['v', '1'],
      ['v', '2'],
      ['id', 'eq.3'],
    ])
  })

  it('a value that starts an operator and breaks it is a fault, not an argument', () => {
    for (const value of ['not.foo', 'in.foo', 'is.maybe']) {
      expect(failure(`/rest/v1/rpc/fn?term=${value}`)).toMatchObject({ code: 'PGRST100' })
    }
  })

  it('POST reads no arguments from the query string', () => {
    expect(failure('POST /rest/v1/rpc/fn?term=mug HTTP/1.1\n\n{}')).toMatchObject({ code: 'PGRST100' })
  })
})

describe('order, limit and offset of embedded resources (reservedEmbeddable)', () => {
  it('are read per embed path', () => {
    const operation = operationOf(
      '/rest/v1/products?select=*,reviews(*,votes(*))&reviews.order=stars.desc&reviews.limit=1&reviews.offset=2&reviews.votes.order=at.asc.nullsfirst&reviews.votes.limit=3',
      'select',
    )
    expect(operation.filters).toEqual([])
    expect(operation.embedded).toEqual([
      {
        embedPath: ['reviews'],
        order: [{ field: { column: 'stars', jsonPath: [] }, direction: 'desc' }],
        limit: 1,
        offset: 2,
      },
      {
        embedPath: ['reviews', 'votes'],
        order: [{ field: { column: 'at', jsonPath: [] }, direction: 'asc', nulls: 'first' }],
        limit: 3,
      },
    ])
    expect(buildRequest(operation).query.slice(1)).toEqual([
      ['reviews.order', 'stars.desc'],
      ['reviews.offset', '2'],
      ['reviews.limit', '1'],
      ['reviews.votes.order', 'at.asc.nullsfirst'],
      ['reviews.votes.limit', '3'],
    ])
  })

  it('an embedded logic tree is a filter group on the embed', () => {
    const [group] = operationOf('/rest/v1/products?reviews.or=(stars.gt.4,stars.lt.2)', 'select').filters
    expect(group).toMatchObject({
      kind: 'group',
      embedPath: ['reviews'],
      items: [{ embedPath: ['reviews'] }, {}],
    })
  })

  it('the first order of a path wins, the last limit', () => {
    const operation = operationOf('/rest/v1/t?order=a&order=b&limit=1&limit=2', 'select')
    expect(operation.order).toEqual([{ field: { column: 'a', jsonPath: [] }, direction: 'asc' }])
    expect(operation.limit).toBe(2)
  })
})

describe('limit and offset values are read with readMaybe (QueryParams.ranges, getRanges)', () => {
  it.each([
    ['limit=abc', {}],
    ['offset=abc', {}],
    ['limit=1.5', {}],
    ['limit=%2B3', {}],
    ['limit=+3', { limit: 3 }],
    ['limit=%205%20', { limit: 5 }],
    ['limit=(7)', { limit: 7 }],
    ['limit=0x10', { limit: 16 }],
    ['limit=0', { limit: 0 }],
    ['limit=10&offset=abc', { limit: 10 }],
    ['offset=-4', { offset: 0 }],
    ['offset=20&limit=10', { limit: 10, offset: 20 }],
  ])('%s', (query, expected) => {
    const { limit, offset } = operationOf(`/rest/v1/items?${query}`, 'select')
    expect({
      ...(limit === undefined ? {} : { limit }),
      ...(offset === undefined ? {} : { offset }),
    }).toEqual(expected)
  })

  it.each(['limit=-1', 'limit=-1&offset=2', 'limit=abc&offset=5', 'limit=0&offset=5'])(
    '%s is not satisfiable (PGRST103)',
    (query) => {
      expect(failure(`/rest/v1/items?${query}`)).toMatchObject({
        code: 'PGRST103',
        postgrest: {
          status: 416,
          message: 'Requested range not satisfiable',
          details: 'Limit should be greater than or equal to zero.',
        },
      })
    },
  )

  it('a GET reads the Range header with them', () => {
    expect(operationOf('GET /rest/v1/items HTTP/1.1\nRange: 5-9', 'select')).toMatchObject({
      limit: 5,
      offset: 5,
    })
    expect(operationOf('GET /rest/v1/items?limit=2 HTTP/1.1\nRange: 0-9', 'select')).toMatchObject({
      limit: 2,
    })
    expect(operationOf('GET /rest/v1/items HTTP/1.1\nRange: 5-', 'select')).toMatchObject({ offset: 5 })
    // The intersection of rows 5-9 and the first two rows is empty.
    expect(failure('GET /rest/v1/items?limit=2 HTTP/1.1\nRange: 5-9')).toMatchObject({ code: 'PGRST103' })
    expect(failure('GET /rest/v1/items HTTP/1.1\nRange: 9-5').postgrest).toMatchObject({
      status: 416,
      details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    })
    // Only GET reads it.
    expect(operationOf('HEAD /rest/v1/items HTTP/1.1\nRange: 5-9', 'select').limit).toBeUndefined()
  })
})

describe('a parsed request keeps what was sent', () => {
  it('Prefer: count=exact on GET', () => {
    const request = parsed('GET /rest/v1/items?select=id HTTP/1.1\nPrefer: count=exact')
    expect(request.operation).toMatchObject({ kind: 'select', countOnly: false, count: 'exact' })
    expect(request.headers).toEqual([{ name: 'Prefer', value: 'count=exact' }])
    expect(buildRequest(request.operation).headers).toEqual([{ name: 'Prefer', value: 'count=exact' }])
  })

  it('HEAD without a count stays without one', () => {
    const request = parsed('HEAD /rest/v1/items')
    expect(request.operation).toMatchObject({ kind: 'select', countOnly: true })
    expect((request.operation as Op<'select'>).count).toBeUndefined()
    expect(request.headers).toEqual([])
    expect(buildRequest(request.operation)).toMatchObject({ method: 'HEAD', headers: [] })
    expect(operationOf('HEAD /rest/v1/items HTTP/1.1\nPrefer: count=planned', 'select').count).toBe('planned')
  })

  it('the first count of several Prefer headers wins', () => {
    const request = parsed(
      'GET /rest/v1/items HTTP/1.1\nPrefer: count=estimated, count=exact\nPrefer: count=planned',
    )
    expect((request.operation as Op<'select'>).count).toBe('estimated')
  })

  it('Range, Accept and other headers; not the credentials', () => {
    const request = parsed(
      "curl 'http://localhost:54321/rest/v1/items' -H 'apikey: k' -H 'Authorization: Bearer k' -H 'Range: 0-9' -H 'Accept: text/csv'",
    )
    expect(request.headers).toEqual([
      { name: 'Range', value: '0-9' },
      { name: 'Accept', value: 'text/csv' },
    ])
  })

  it('an array insert without columns= gets none', () => {
    const request = parsed(
      http('POST /rest/v1/items HTTP/1.1\nContent-Type: application/json', '[{"a":1},{"a":2}]'),
    )
    expect(request.query).toEqual([])
    expect((request.operation as Op<'insert'>).columns).toBeUndefined()
  })

  it('columns= as sent, in the operation', () => {
    const insert = operationOf(
      http('POST /rest/v1/items?columns="a",b HTTP/1.1\nContent-Type: application/json', '[{"a":1},{"b":2}]'),
      'insert',
    )
    expect(insert.columns).toEqual(['a', 'b'])
  })

  it('a body whose numbers JavaScript would round is kept as sent', () => {
    const request = parsed(
      http(
        'POST /rest/v1/items HTTP/1.1\nContent-Type: application/json',
        '{"price":1.10,"id":9007199254740993}',
      ),
    )
    expect(request.rawBody).toBe('{"price":1.10,"id":9007199254740993}')
    const exact = parsed(
      http('POST /rest/v1/items HTTP/1.1\nContent-Type: application/json', '{"price":1.5}'),
    )
    expect(exact.rawBody).toBeUndefined()
  })
})

describe('PUT: the single-row upsert', () => {
  const put = http(
    'PUT /rest/v1/employees?id=eq.4 HTTP/1.1\nContent-Type: application/json',
    '{"id":4,"name":"Sara"}',
  )

  it('is an insert with put set, its filters and its one row', () => {
    const request = parsed(put)
    expect(request.method).toBe('PUT')
    expect(request.operation).toMatchObject({
      kind: 'insert',
      put: true,
      rows: [{ id: 4, name: 'Sara' }],
      singleRow: true,
      filters: [{ field: { column: 'id' }, operator: 'eq', value: { value: { text: '4' } } }],
    })
    expect(buildRequest(request.operation)).toMatchObject({ method: 'PUT', query: [['id', 'eq.4']] })
  })

  it('refuses limit and offset (PGRST114)', () => {
    expect(failure(put.replace('?id=eq.4', '?id=eq.4&limit=1'))).toMatchObject({
      code: 'PGRST114',
      postgrest: { status: 400, message: 'limit/offset querystring parameters are not allowed for PUT' },
    })
  })

  it('reads the schema from Content-Profile', () => {
    const request = parsed(put.replace('HTTP/1.1', 'HTTP/1.1\nContent-Profile: hr'))
    expect(request.operation.relation).toEqual({ schema: 'hr', name: 'employees' })
  })
})

describe('limited updates and deletes (getRanges: LimitNoOrderError)', () => {
  const patch = (query: string) =>
    http(`PATCH /rest/v1/items?${query} HTTP/1.1\nContent-Type: application/json`, '{"done":true}')

  it('with an order: the order, limit and offset are read', () => {
    expect(operationOf(patch('id=gt.1&order=id&limit=2&offset=1'), 'update')).toMatchObject({
      order: [{ field: { column: 'id' } }],
      limit: 2,
      offset: 1,
    })
    expect(operationOf('DELETE /rest/v1/items?order=id.desc&limit=1', 'delete')).toMatchObject({
      order: [{ direction: 'desc' }],
      limit: 1,
    })
  })

  it('without an order: PGRST109', () => {
    expect(failure(patch('limit=2'))).toMatchObject({
      code: 'PGRST109',
      postgrest: {
        message: "A 'limit' was applied without an explicit 'order'",
        hint: "Apply an 'order' using unique column(s)",
      },
    })
    expect(failure('DELETE /rest/v1/items?offset=1')).toMatchObject({ code: 'PGRST109' })
  })

  it('an order without a limit changes nothing', () => {
    expect(operationOf(patch('order=id'), 'update').order).toBeUndefined()
  })
})

describe('every fault has the PostgREST code it would get', () => {
  const body = (contentType: string, text: string, path = '/rest/v1/items') =>
    http(`POST ${path} HTTP/1.1\nContent-Type: ${contentType}`, text)

  it.each([
    ['/rest/v1/items?select=name(', 'PGRST100', 400],
    ['/rest/v1/items?order=name.up', 'PGRST100', 400],
    ['/rest/v1/items?id=eq', 'PGRST100', 400],
    ['/rest/v1/items?a.=eq.1', 'PGRST100', 400],
    ['PATCH /rest/v1/rpc/fn', 'PGRST101', 405],
    ['TRACE /rest/v1/items', 'PGRST117', 405],
    ['get /rest/v1/items', 'PGRST117', 405],
  ])('%s: %s', (text, code, status) => {
    expect(failure(text)).toMatchObject({ kind: 'parse', code, postgrest: { status } })
  })

  it('PGRST100 carries the message and details PostgREST gives', () => {
    expect(failure('/rest/v1/items?a.b=noop.0').postgrest).toEqual({
      status: 400,
      message: '"failed to parse filter (noop.0)" (line 1, column 1)',
      details: 'unexpected "o" expecting "not" or operator (eq, gt, ...)',
      hint: null,
    })
  })

  it.each([
    ['not JSON', body('application/json', '{"a":'), 'Empty or invalid json'],
    ['no body', 'POST /rest/v1/items', 'Empty or invalid json'],
    ['rows with different keys', body('application/json', '[{"a":1},{"b":2}]'), 'All object keys must match'],
    ['an array of non-objects', body('application/json', '[1,2]'), 'All object keys must match'],
    ['an unknown media type', body('text/plain', 'hello'), 'Content-Type not acceptable: text/plain'],
    ['a short CSV line', body('text/csv', 'a,b\n1'), 'All lines must have same number of fields'],
  ])('PGRST102: %s', (_what, text, message) => {
    expect(failure(text)).toMatchObject({
      kind: 'parse',
      code: 'PGRST102',
      postgrest: { status: 400, message },
    })
  })

  it('with columns=, Postgres reads the body: its error code', () => {
    expect(failure(body('application/json', '{"a":', '/rest/v1/items?columns=a'))).toMatchObject({
      code: '22P02',
    })
  })

  it('a scalar body is read as no rows, as PostgREST does', () => {
    expect(operationOf(body('application/json', '5'), 'insert')).toMatchObject({ rows: [], singleRow: false })
  })

  it('an unknown path is a 404 without a code', () => {
    expect(failure('/rest/v1/a/b/c')).toMatchObject({ kind: 'parse', postgrest: { status: 404 } })
    expect(failure('/rest/v1/a/b/c').code).toBeUndefined()
  })

  it('CSV and form bodies are read, and kept as sent', () => {
    const csv = parsed(body('text/csv', 'name,price\nMug,NULL\nKite,23\n'))
    expect(csv.operation).toMatchObject({
      kind: 'insert',
      rows: [
        { name: 'Mug', price: null },
        { name: 'Kite', price: '23' },
      ],
    })
    expect(csv.rawBody).toBe('name,price\nMug,NULL\nKite,23')
    const form = parsed("curl -X POST 'http://localhost:54321/rest/v1/items' -d 'name=Mug&price=5'")
    expect(form.headers).toEqual([{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }])
    expect(form.operation).toMatchObject({ rows: [{ name: 'Mug', price: '5' }], singleRow: true })
  })
})

describe('parseRestParts: the parts of an HTTP request, without text', () => {
  it('reads a request the emulator receives', () => {
    const result = parseRestParts({
      method: 'POST',
      target: 'http://localhost:54321/rest/v1/rpc/add_item?select=id',
      headers: [
        { name: 'content-type', value: 'application/json' },
        { name: 'apikey', value: 'secret' },
      ],
      body: '{"name":"Mug"}',
    })
    expect(result).toMatchObject({
      ok: true,
      request: {
        method: 'POST',
        path: '/rpc/add_item',
        query: [['select', 'id']],
        headers: [{ name: 'content-type', value: 'application/json' }],
        body: { name: 'Mug' },
        operation: { kind: 'rpc', args: { name: 'Mug' }, select: [{ kind: 'field' }] },
      },
    })
  })

  it('splits the query string at ; as well as &, as http-types does', () => {
    const result = parseRestParts({ method: 'GET', target: '/rest/v1/items?name=eq.a;b', headers: [] })
    expect(result.ok && (result.request.operation as Op<'select'>).filters).toMatchObject([
      { value: { value: { text: 'a' } } },
    ])
  })

  it('an empty body calls a function without arguments', () => {
    const result = parseRestParts({ method: 'POST', target: '/rest/v1/rpc/now', headers: [] })
    expect(result).toMatchObject({ ok: true, request: { operation: { kind: 'rpc', args: {} } } })
  })
})

describe("PostgREST 12.2's own spec cases (test/spec/Feature/Query/*.hs)", () => {
  it.each([
    [
      '/rest/v1/entities?or=()',
      '"failed to parse logic tree (())" (line 1, column 4)',
      'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)',
    ],
    [
      'POST /rest/v1/articles?columns= HTTP/1.1\nContent-Type: application/json\n\n[{"id":204}]',
      '"failed to parse columns parameter ()" (line 1, column 1)',
      'unexpected end of input expecting field name (* or [a..z0..9_$])',
    ],
    [
      '/rest/v1/json_arr?id=eq.10&select=data->(!@%23$%^%26*_d->>!@%23$%^%26*_e::integer',
      '"failed to parse select parameter (data->(!@#$%^&*_d->>!@#$%^&*_e::integer)" (line 1, column 7)',
      'unexpected "(" expecting "-", digit or any non reserved character different from: .,>()',
    ],
    [
      '/rest/v1/json_arr?select=data->>--34',
      '"failed to parse select parameter (data->>--34)" (line 1, column 9)',
      'unexpected "-" expecting digit',
    ],
    [
      '/rest/v1/items?order=id.asc.nullslasttt',
      '"failed to parse order (id.asc.nullslasttt)" (line 1, column 17)',
      'unexpected \'t\' expecting "," or end of input',
    ],
    [
      '/rest/v1/ghostBusters?id=0',
      '"failed to parse filter (0)" (line 1, column 1)',
      'unexpected "0" expecting "not" or operator (eq, gt, ...)',
    ],
  ])('%s', (text, message, details) => {
    expect(failure(text)).toMatchObject({
      code: 'PGRST100',
      postgrest: { status: 400, message, details, hint: null },
    })
  })

  it.each([
    '/rest/v1/entities?and=( and ( id.in.( 1, 2, 3 ) , id.eq.3 ) , or ( id.eq.2 , id.eq.3 ) )&select=id',
    '/rest/v1/grandchild_entities?or=(id.eq.1, id.eq.2, id.eq.3)&select=id',
    '/rest/v1/grandchild_entities?or=(id.in.("1","2"),id.in.("3","4"))&select=id',
    '/rest/v1/json_arr?id=eq.10&select=data->!@%23$%^%26*_d->>!@%23$%^%26*_e::integer',
    '/rest/v1/json_arr?select=data&data->-1->b->>-1=eq.5',
    '/rest/v1/projects?id=eq.1&select=id, name, tasks(id, name, users(id, name))&tasks.order=name.asc&tasks.users.order=name.desc',
  ])('reads %s', (text) => {
    expect(parseRestRequest(text.replace(/ /g, '%20')).ok).toBe(true)
  })

  it('reads the whitespace of a logic tree as PostgREST does', () => {
    const [tree] = operationOf(
      '/rest/v1/entities?and=(%20and%20(%20id.in.(%201,%202,%203%20)%20,%20id.eq.3%20)%20)',
      'select',
    ).filters
    expect(tree).toMatchObject({
      kind: 'group',
      operator: 'and',
      items: [
        {
          kind: 'group',
          operator: 'and',
          items: [
            { operator: 'in', value: { items: [{ text: '1' }, { text: ' 2' }, { text: ' 3 ' }] } },
            { operator: 'eq', value: { value: { text: '3 ' } } },
          ],
        },
      ],
    })
  })
})

describe('a raw HTTP body written without the empty line before it', () => {
  const head = 'POST /rest/v1/products HTTP/1.1\nContent-Type: application/json'

  it('asks for the empty line rather than saying there is no body', () => {
    for (const body of ['{"name": "Kite", "price": 23}', '[{"name": "Kite"}]', '{\n  "name": "Kite"\n}']) {
      const error = failure(`${head}\n${body}`)
      expect(error.message).toBe('Leave an empty line before the body.')
      expect(error.hint).toContain('is not a header')
    }
    // JSON starts a body even before any Content-Type; other text does once one is given.
    expect(failure('POST /rest/v1/products HTTP/1.1\n{"name": "Kite"}').message).toBe(
      'Leave an empty line before the body.',
    )
    expect(
      failure('POST /rest/v1/products HTTP/1.1\nContent-Type: text/csv\nname,price\nKite,23').message,
    ).toBe('Leave an empty line before the body.')
  })

  it('reads the same request once the empty line is there', () => {
    expect(operationOf(http(head, '{"name": "Kite", "price": 23}'), 'insert').rows).toEqual([
      { name: 'Kite', price: 23 },
    ])
  })

  it('still names a header line without a name as such', () => {
    expect(failure('GET /rest/v1/products HTTP/1.1\nPrefer return=representation').message).toBe(
      'The header line "Prefer return=representation" has no name.',
    )
  })
})

describe('the base path the reader set', () => {
  it('comes off the URL before the resource, as /rest/v1 does', () => {
    const result = parseRestRequest('https://api.example.test/shop/api/products?select=name', {
      basePath: '/shop/api',
    })
    expect(result.ok && result.request.operation).toMatchObject({
      kind: 'select',
      relation: { name: 'products' },
    })
    expect(parseRestRequest('https://api.example.test/shop/api/products').ok).toBe(false)
  })

  it('leaves /rest/v1 URLs as they are read without it', () => {
    const result = parseRestRequest('http://localhost:54321/rest/v1/rpc/search_products?term=mug', {
      basePath: '/api',
    })
    expect(result.ok && result.request.operation).toMatchObject({ kind: 'rpc' })
  })
})
