/**
 * Requests PostgREST 12.2 (the Supabase CLI's local stack) refuses, and what the translator emits
 * instead, on the tool's sample shop: ordering by a joined column, count(*) beside an embed that
 * selects nothing, to-many joins, aggregates in a spread, joins that name no foreign key. Each
 * request that translates also runs on the REST engine (PostgREST 12.2 over PGlite) and must
 * return the SQL's rows, in the SQL's order where it orders them.
 */
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareRows } from '../src/execute/compare'
import { runRequest } from '../src/execute/run-both'
import { runSql } from '../src/execute/run'
import { initTranslator, renderHttp, sampleDataSql, sampleSchemaSql, translate } from '../src/index'
import type { RequestModel } from '@docs/postgrest-request'
import { restEngine } from './support/rest-engine'

let db: PGlite
let rest: ReturnType<typeof restEngine>

beforeAll(async () => {
  await initTranslator()
  db = new PGlite()
  await db.exec(sampleSchemaSql)
  await db.exec(sampleDataSql())
  rest = restEngine(db)
}, 60_000)

afterAll(() => db.close())

/** The request line and the Prefer header, decoded. */
function requestText(sql: string): string {
  const result = translate(sql)
  if (!result.ok) throw new Error(`${result.error.message}\n${result.error.hint}`)
  return describeRequest(result.request)
}

function describeRequest(request: RequestModel): string {
  const http = renderHttp(request)
  if (!http.ok) throw new Error(http.error.message)
  const [line] = http.code.split('\n')
  const prefer = request.headers.find((header) => header.name === 'Prefer')
  return decodeURIComponent(line!.replace(' HTTP/1.1', '')) + (prefer ? ` (Prefer: ${prefer.value})` : '')
}

function refusal(sql: string) {
  const result = translate(sql)
  if (result.ok) throw new Error(`expected a refusal: ${describeRequest(result.request)}`)
  return result.error
}

/** Runs the SQL and its translation; the rows must agree, in order when `ordered`. */
async function sameRows(sql: string, ordered: boolean): Promise<void> {
  const result = translate(sql)
  if (!result.ok) throw new Error(result.error.message)
  const original = await runSql(db, sql, { returnsRows: true })
  if (!original.ok) throw new Error(original.message)
  const answer = await runRequest(db, rest, result.request)
  if (!answer.ok) throw new Error(answer.message)
  expect(answer.error, describeRequest(result.request)).toBeUndefined()
  if (result.request.method === 'HEAD') {
    const range = answer.headers.find(([name]) => name === 'content-range')?.[1] ?? ''
    expect(original.rows).toHaveLength(1)
    expect(range.split('/')[1]).toBe(String(original.rows[0]![0]![1]))
    return
  }
  const comparison = compareRows(original.rows, answer.rows, { ordered })
  expect(comparison, describeRequest(result.request)).toMatchObject({
    onlyInSql: [],
    onlyInRest: [],
    verdict: 'same',
  })
  expect(comparison.sqlCount).toBeGreaterThan(0)
}

describe('ordering by a joined column', () => {
  // order=categories(name) sorts by the embed's output column `name` (Plan.hs addRelatedOrders,
  // SqlFragment.hs pgFmtOrderTerm): an embed that renames or leaves out the column fails (42703).
  const cases: [sql: string, request: string][] = [
    [
      'select p.name, c.name from products p join categories c on c.id = p.category_id order by c.name desc, p.name limit 5',
      'GET /rest/v1/products?select=name,...categories!category_id!inner(category_name:name),categories_order:categories!category_id()&order=categories_order(name).desc,name.asc&limit=5',
    ],
    [
      'select p.name, c.id from products p join categories c on c.id = p.category_id order by c.name, p.id',
      'GET /rest/v1/products?select=name,...categories!category_id!inner(id),categories_order:categories!category_id()&order=categories_order(name).asc,id.asc',
    ],
    [
      'select p.name, c.name as cat from products p join categories c on c.id = p.category_id order by c.name, p.name',
      'GET /rest/v1/products?select=name,...categories!category_id!inner(cat:name),categories_order:categories!category_id()&order=categories_order(name).asc,name.asc',
    ],
    // The output alias in ORDER BY is the column it names.
    [
      'select p.name, c.name as cat from products p join categories c on c.id = p.category_id order by cat desc, p.name',
      'GET /rest/v1/products?select=name,...categories!category_id!inner(cat:name),categories_order:categories!category_id()&order=categories_order(name).desc,name.asc',
    ],
    // The embed returns name as it is: no second embed.
    [
      'select c.name, p.price from products p join categories c on c.id = p.category_id order by c.name, p.price, p.id',
      'GET /rest/v1/products?select=...categories!category_id!inner(name),price&order=categories(name).asc,price.asc,id.asc',
    ],
    // An embed without items reads every column.
    [
      'select p.name from products p join categories c on c.id = p.category_id order by c.name desc, p.name',
      'GET /rest/v1/products?select=name,categories!category_id!inner()&order=categories(name).desc,name.asc',
    ],
    // A left join keeps the products without a category; the ordering embed never drops a row.
    [
      'select p.name, c.name as category from products p left join categories c on c.id = p.category_id order by c.name nulls first, p.name',
      'GET /rest/v1/products?select=name,...categories!category_id(category:name),categories_order:categories!category_id()&order=categories_order(name).asc.nullsfirst,name.asc',
    ],
    [
      "select p.name, c.name as category from products p join categories c on c.id = p.category_id where c.name >= 'O' order by c.name desc, p.name",
      'GET /rest/v1/products?select=name,...categories!category_id!inner(category:name),categories_order:categories!category_id()&categories.name=gte.O&order=categories_order(name).desc,name.asc',
    ],
  ]
  for (const [sql, request] of cases) {
    it(sql, async () => {
      expect(requestText(sql)).toBe(request)
      await sameRows(sql, true)
    })
  }

  it('ordering by a joined column under an aggregate: as the embed returns it, or refused', async () => {
    const sql =
      'select c.name, count(*) from products p join categories c on c.id = p.category_id group by c.name order by c.name'
    expect(requestText(sql)).toBe(
      'GET /rest/v1/products?select=...categories!category_id!inner(name),count()&order=categories(name).asc',
    )
    await sameRows(sql, true)
    const renamed = refusal(
      'select c.name as category, count(*) from products p join categories c on c.id = p.category_id group by c.name order by c.name',
    )
    expect(renamed.kind).toBe('unsupported')
    expect(renamed.message).toMatch(/GROUP BY/)
    expect(renamed.advice?.create).toMatch(/^create view products_view as/)
  })

  it('a left join filtered on the ordered table says the order follows the kept rows', () => {
    const result = translate(
      "select p.name, c.name as category from products p left join categories c on c.id = p.category_id where c.name <> 'Toys' order by c.name",
    )
    if (!result.ok) throw new Error(result.error.message)
    const warning = result.warnings.find((entry) => entry.code === 'left-join-filter')
    expect(warning?.message).toMatch(/ORDER BY/)
  })
})

describe('count(*) beside a join', () => {
  // select=count(),categories!inner() puts "categories" in GROUP BY (SqlFragment.hs groupF): 42703.
  const cases: [sql: string, request: string][] = [
    [
      'select count(*) from products p join categories c on c.id = p.category_id',
      'HEAD /rest/v1/products?select=*,categories!category_id!inner() (Prefer: count=exact)',
    ],
    [
      "select count(*) from products p join categories c on c.id = p.category_id where c.name = 'Office'",
      'HEAD /rest/v1/products?select=*,categories!category_id!inner()&categories.name=eq.Office (Prefer: count=exact)',
    ],
    [
      "select count(*) as total from products p join categories c on c.id = p.category_id where p.price > 20 and c.name <> 'Toys'",
      'HEAD /rest/v1/products?select=*,categories!category_id!inner()&price=gt.20&categories.name=neq.Toys (Prefer: count=exact)',
    ],
  ]
  for (const [sql, request] of cases) {
    it(sql, async () => {
      expect(requestText(sql)).toBe(request)
      const result = translate(sql)
      expect(result.ok && result.notes.map((note) => note.code)).toEqual(['count-in-header'])
      expect(result.ok && result.notes[0]!.message).toMatch(/#4582/)
      await sameRows(sql, false)
    })
  }

  it('a lone count without a join keeps select=count()', () => {
    expect(requestText('select count(*) from products')).toBe('GET /rest/v1/products?select=count()')
  })

  it('other aggregates beside an embed that selects nothing are refused with a view', () => {
    for (const sql of [
      'select p.category_id, count(*) from products p join categories c on c.id = p.category_id group by p.category_id',
      "select max(p.price) from products p join categories c on c.id = p.category_id where c.name = 'Office'",
      'select count(p.id) from products p join categories c on c.id = p.category_id',
    ]) {
      const error = refusal(sql)
      expect(error.message, sql).toMatch(/GROUP BY.*42703/)
      expect(error.advice?.create, sql).toMatch(/^create view products_view as/)
    }
  })
})

describe('to-many joins', () => {
  // ...products(...) is refused with PGRST119 (Plan.hs validateSpreadEmbeds), and a nested
  // products(...) returns one row per category, not the join's rows.
  it('an inner join is refused with the join written from the other table, which runs', async () => {
    const error = refusal('select c.name, p.name from categories c join products p on p.category_id = c.id')
    expect(error.message).toMatch(/PGRST119/)
    expect(error.advice?.rewrite).toBe(
      'select c.name, p.name from products p join categories c on p.category_id = c.id',
    )
    expect(error.advice?.create).toBe(
      'create view categories_view as\n  select c.name, p.name as product_name from categories c join products p on p.category_id = c.id;',
    )
    expect(requestText(error.advice!.rewrite!)).toBe(
      'GET /rest/v1/products?select=...categories!category_id!inner(category_name:name),name',
    )
    // Rows are paired with the SQL's columns by name, which `name, name` cannot do: named apart.
    await sameRows(
      'select c.name as category, p.name from products p join categories c on p.category_id = c.id',
      false,
    )
  })

  it('an aggregate over a to-many join is refused; its inner form runs from the other table', async () => {
    const left = refusal(
      'select c.name, count(p.id) from categories c left join products p on p.category_id = c.id group by c.name',
    )
    expect(left.advice?.rewrite).toBeUndefined()
    expect(left.advice?.create).toMatch(/^create view categories_view as/)
    const inner = refusal(
      'select c.name, count(p.id) from categories c join products p on p.category_id = c.id group by c.name',
    )
    expect(requestText(inner.advice!.rewrite!)).toBe(
      'GET /rest/v1/products?select=...categories!category_id!inner(name),id.count()',
    )
    await sameRows(inner.advice!.rewrite!, false)
  })

  it('a to-many join that only filters is refused too: SQL repeats the category per product', () => {
    const error = refusal(
      'select c.name from categories c join products p on p.category_id = c.id where p.price > 40',
    )
    expect(error.message).toMatch(/products!inner\(\)/)
  })
})

describe('aggregates in a to-one spread', () => {
  // Plan.hs hoistSpreadAggFunctions moves them to the main query: grouped by the main columns.
  it('max of a joined column per product name', async () => {
    const sql =
      'select p.name, max(c.name) from products p join categories c on c.id = p.category_id group by p.name'
    expect(requestText(sql)).toBe(
      'GET /rest/v1/products?select=name,...categories!category_id!inner(max:name.max())',
    )
    await sameRows(sql, false)
  })

  it('two aggregates of one joined column keep apart', async () => {
    const sql =
      'select min(c.name), max(c.name) from products p left join categories c on c.id = p.category_id'
    expect(requestText(sql)).toBe(
      'GET /rest/v1/products?select=...categories!category_id(min:name.min(),max:name.max())',
    )
    await sameRows(sql, false)
  })
})

describe('joins that name no foreign key', () => {
  it('using (id) is refused: !id would follow products.category_id', () => {
    const error = refusal('select p.name, c.name from products p join categories c using (id)')
    expect(error.message).toMatch(/referenced column/)
    expect(error.hint).toMatch(/ON c\.id = p\.category_id/)
  })

  it('a self-reference embeds the row it points to by its foreign key column', () => {
    expect(
      requestText(
        'select e.name, m.name as manager from employees e left join employees m on m.id = e.manager_id order by m.name',
      ),
    ).toBe(
      'GET /rest/v1/employees?select=name,...manager_id(manager:name),manager_id_order:manager_id()&order=manager_id_order(name).asc',
    )
  })
})

describe('paging', () => {
  it('LIMIT 0 drops the offset, which PostgREST 12.2 refuses beside limit=0', async () => {
    const sql = 'select p.name from products p order by p.id limit 0 offset 3'
    expect(requestText(sql)).toBe('GET /rest/v1/products?select=name&order=id.asc&limit=0')
  })
})
