/**
 * The requests that the tool once called "Same rows" while PostgREST 12.2 refuses them, one
 * family per test, on the tool's sample shop; and the verdicts the tool now gives for them.
 * What PostgREST answers is read from its source at v12.2.12, cited per family.
 */
import { PGlite } from '@electric-sql/pglite'
import { parseRestRequest, runBothSides, sampleDataSql, sampleSchemaSql, TableSnapshots } from '../src/index'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRestHandler, type RestHandler } from '@docs/rest-engine'

let db: PGlite
let handle: RestHandler

beforeAll(async () => {
  db = await PGlite.create()
  await db.exec(sampleSchemaSql)
  await db.exec(sampleDataSql())
  handle = createRestHandler(db, { aggregatesEnabled: true, transactionEnd: 'rollback' })
}, 60_000)

afterAll(() => db.close())

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await handle(new Request(`http://localhost/rest/v1${path}`, { headers }))
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  }
}

describe('related order uses the embed’s own output (Plan.hs addRelatedOrders, SqlFragment.hs pgFmtOrderTerm)', () => {
  it('fails with 42703 when the ordered column is renamed in the embed (#13, #14, #15, #124)', async () => {
    const answer = await get(
      '/products?select=name,...categories!category_id!inner(category_name:name)&order=categories(name).desc,name.asc&limit=5',
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      code: '42703',
      message: 'column products_categories_1.name does not exist',
    })
  })

  it('fails with 42703 when the ordered column is not selected in the embed (#122)', async () => {
    const answer = await get(
      '/products?select=name,...categories!category_id!inner(id)&order=categories(name).asc&limit=3',
    )
    expect(answer).toMatchObject({ status: 400, body: { code: '42703' } })
  })

  it('is PGRST108 when the resource is not embedded', async () => {
    const answer = await get('/products?select=name&order=categories(name)&limit=3')
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'PGRST108', message: "'categories' is not an embedded resource in this request" },
    })
  })

  it('orders by the filtered embed: rows whose embed was filtered out sort as null', async () => {
    const answer = await get(
      '/products?select=name,categories(name)&categories.name=eq.Office&order=categories(name).asc,name.asc&limit=3',
    )
    expect(answer.status).toBe(200)
    const rows = answer.body as { categories: { name: string } | null }[]
    expect(rows.map((row) => row.categories?.name)).toEqual(['Office', 'Office', 'Office'])
  })

  it('works when the embed selects the column under its own name', async () => {
    const answer = await get(
      '/products?select=name,categories!inner(name)&order=categories(name).desc,name.asc&limit=2',
    )
    expect(answer.status).toBe(200)
    expect((answer.body as { categories: { name: string } }[]).map((row) => row.categories.name)).toEqual([
      'Toys',
      'Toys',
    ])
  })
})

describe('count() beside an empty embed (SqlFragment.hs groupF groups by every JsonEmbed; PostgREST#4582)', () => {
  it('fails with 42703 (#19, #134)', async () => {
    for (const path of [
      '/products?select=count(),categories!category_id!inner()',
      '/products?select=count(),categories!category_id!inner()&categories.name=eq.Office',
    ]) {
      const answer = await get(path)
      expect(answer).toMatchObject({
        status: 400,
        body: { code: '42703', message: 'column "categories" does not exist' },
      })
    }
  })

  it('the header count with the same embed works', async () => {
    const response = await handle(
      new Request(
        'http://localhost/rest/v1/products?select=*,categories!category_id!inner()&categories.name=eq.Office',
        {
          method: 'HEAD',
          headers: { Prefer: 'count=exact' },
        },
      ),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-range')).toBe('0-4/5')
  })
})

describe('spreads of a to-many relationship (Plan.hs validateSpreadEmbeds, Error.hs SpreadNotToOne)', () => {
  it('are PGRST119 on 12.2 (#6, #7, #128, #129, #31)', async () => {
    for (const path of [
      '/categories?select=name,...products!category_id!inner(product_name:name)',
      '/categories?select=name,...products!category_id(product_name:name)',
      '/categories?select=name,...products!category_id!inner(product_name:name)&products.price=gt.100',
      '/categories?select=name,...products!category_id!inner(product_name:name,price)&id=eq.3',
      '/categories?select=name,...products!category_id(id.count())',
    ]) {
      const answer = await get(path)
      expect(answer, path).toMatchObject({
        status: 400,
        body: {
          code: 'PGRST119',
          message: "A spread operation on 'products' is not possible",
          details: "'categories' and 'products' do not form a many-to-one or one-to-one relationship",
        },
      })
    }
  })
})

describe('aggregates inside a to-one spread are hoisted to the parent (Plan.hs hoistSpreadAggFunctions)', () => {
  it('groups the parent rows, as the SQL does (#131)', async () => {
    const answer = await get('/products?select=name,...categories!category_id!inner(name.max())')
    expect(answer.status).toBe(200)
    // 38 products, 2 without a category (the embed is inner): 36 names, one row each.
    expect(answer.body).toHaveLength(36)
    const sql = await db.query<{ n: number }>(
      'select count(*)::int as n from (select p.name from products p join categories c on c.id = p.category_id group by p.name) _',
    )
    expect((answer.body as unknown[]).length).toBe(sql.rows[0]!.n)
  })
})

describe('the tool’s verdict on these requests', () => {
  const snapshots = new TableSnapshots()
  const rest = () => ({
    handle: createRestHandler(db, {
      aggregatesEnabled: true,
      transactionEnd: 'rollback',
      inspect: snapshots.inspect,
    }),
    snapshots,
  })

  it('says PostgREST refuses a request it refuses, with the error it sends', async () => {
    const parsed = parseRestRequest(
      "curl 'http://localhost:54321/rest/v1/categories?select=name,...products!category_id!inner(product_name:name)'",
    )
    if (!parsed.ok) throw new Error(parsed.error.message)
    const both = await runBothSides(
      db,
      rest(),
      parsed.request,
      'select c.name, p.name from categories c join products p on p.category_id = c.id',
    )
    expect(both.rest.ok && both.rest.status).toBe(400)
    expect(both.rest.ok && both.rest.error?.code).toBe('PGRST119')
    expect(both.comparison).toBeUndefined()
  })

  it('calls the same rows in another order a mismatch (#126)', async () => {
    const parsed = parseRestRequest(
      "curl 'http://localhost:54321/rest/v1/products?select=id::text&order=id.asc'",
    )
    if (!parsed.ok) throw new Error(parsed.error.message)
    const both = await runBothSides(db, rest(), parsed.request, 'select id::text from products order by id')
    expect(both.comparison?.verdict).toBe('order-differs')
  })
})
