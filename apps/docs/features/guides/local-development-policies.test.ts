/**
 * The products and orders tables of the local-development migrations guide, built from the page's
 * own runnable SQL in page order, and their policies checked as each API role.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  asAnon,
  asRole,
  asUser,
  attemptSql,
  createAuthUser,
  createPlatformDb,
  type AuthUser,
} from '@docs/pglite-platform'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractFromMdx } from '@/features/code-samples/extract-mdx'

const page = 'content/guides/local-development/migrations.mdx'
const docsDir = path.resolve(import.meta.dirname, '..', '..')

let db: PGlite
let ada: AuthUser
let grace: AuthUser
let mugId: number

beforeAll(async () => {
  db = await createPlatformDb()
  const blocks = extractFromMdx(page, readFileSync(path.join(docsDir, page), 'utf8')).filter(
    (sample) => sample.lang === 'sql' && sample.runnable,
  )
  for (const sample of blocks) await db.exec(sample.code)
  ada = await createAuthUser(db, { email: 'ada@example.com' })
  grace = await createAuthUser(db, { email: 'grace@example.com' })
  // Products are written by migrations and the seed, as the database owner.
  const { rows } = await db.query<{ id: number }>(
    "insert into public.products (sku, name, price_cents, stock) values ('MUG-001', 'Enamel mug', 1200, 5) returning id",
  )
  mugId = rows[0]!.id
}, 120_000)

afterAll(async () => {
  await db?.close()
})

async function placeOrder(user: AuthUser, quantity: number): Promise<number> {
  const { rows } = await asUser(db, user, (tx) =>
    tx.query<{ id: number }>(
      'insert into public.orders (product_id, quantity) values ($1, $2) returning id',
      [mugId, quantity],
    ),
  )
  return rows[0]!.id
}

describe('products', () => {
  it('can be read by visitors and signed-in users alike', async () => {
    const visitor = await asAnon(db, (tx) => tx.query<{ sku: string }>('select sku from public.products'))
    const user = await asUser(db, ada, (tx) => tx.query<{ sku: string }>('select sku from public.products'))
    expect(visitor.rows).toEqual([{ sku: 'MUG-001' }])
    expect(user.rows).toEqual([{ sku: 'MUG-001' }])
  })

  it('cannot be changed through the API by visitors or users, only by the service role', async () => {
    const visitorInsert = await attemptSql(() =>
      asAnon(db, (tx) =>
        tx.query("insert into public.products (sku, name, price_cents) values ('X', 'X', 1)"),
      ),
    )
    expect(visitorInsert.ok).toBe(false)
    const userUpdate = await asUser(db, ada, (tx) =>
      tx.query('update public.products set price_cents = 1 where id = $1', [mugId]),
    )
    expect(userUpdate.affectedRows).toBe(0)
    const service = await asRole(db, 'service_role', {}, (tx) =>
      tx.query('update public.products set stock = stock where id = $1', [mugId]),
    )
    expect(service.affectedRows).toBe(1)
  })
})

describe('orders', () => {
  it('belong to the user who places them, who alone can read them', async () => {
    const id = await placeOrder(ada, 2)
    const adaSees = await asUser(db, ada, (tx) => tx.query<{ id: number }>('select id from public.orders'))
    const graceSees = await asUser(db, grace, (tx) =>
      tx.query<{ id: number }>('select id from public.orders'),
    )
    expect(adaSees.rows.map((r) => r.id)).toContain(id)
    expect(graceSees.rows.map((r) => r.id)).not.toContain(id)
  })

  it('cannot be placed in another customer’s name or by a visitor', async () => {
    const forged = await attemptSql(() =>
      asUser(db, grace, (tx) =>
        tx.query('insert into public.orders (customer_id, product_id, quantity) values ($1, $2, 1)', [
          ada.id,
          mugId,
        ]),
      ),
    )
    expect(forged.ok).toBe(false)
    if (!forged.ok) expect(forged.error.code).toBe('42501')
    const visitor = await attemptSql(() =>
      asAnon(db, (tx) =>
        tx.query('insert into public.orders (product_id, quantity) values ($1, 1)', [mugId]),
      ),
    )
    expect(visitor.ok).toBe(false)
  })

  it('are all visible to the service role', async () => {
    await placeOrder(ada, 1)
    await placeOrder(grace, 3)
    const { rows } = await asRole(db, 'service_role', {}, (tx) =>
      tx.query<{ customer_id: string }>('select distinct customer_id from public.orders'),
    )
    expect(rows.map((r) => r.customer_id).sort()).toEqual([ada.id, grace.id].sort())
  })
})

describe('restock, as fixed by the second function migration', () => {
  it('adds stock and refuses a non-positive amount', async () => {
    const { rows } = await db.query<{ stock: number }>('select public.restock($1, 10) as stock', [mugId])
    expect(rows[0]!.stock).toBe(15)
    const refused = await attemptSql(() => db.query('select public.restock($1, 0)', [mugId]))
    expect(refused.ok).toBe(false)
  })
})
