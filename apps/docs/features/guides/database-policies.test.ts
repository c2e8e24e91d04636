/**
 * The database guides' runnable SQL, executed in page order on PGlite with the platform stand-ins,
 * and the policies, views, functions and triggers they define checked as each API role: a
 * visitor (anon), two different signed-in users, and the service role. The SQL is read from the
 * pages, so a change to a guide is a change to what these tests run.
 */
import {
  asAnon,
  asRole,
  asUser,
  attemptSql,
  authenticatedClaims,
  createAuthUser,
  type AuthUser,
} from '@docs/pglite-platform'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseAfterGuide, runnableSqlOf } from './page-database'

/** Starting PGlite and running a page takes a while on a busy machine. */
const PAGE_TIMEOUT = 120_000

/** A fresh database with the page's runnable SQL applied in order, as the sample check runs it. */

const names = (tx: Transaction, sql: string) =>
  tx.query<{ name: string }>(sql).then(({ rows }) => rows.map((row) => row.name))

const affected = (tx: Transaction, sql: string, params: unknown[] = []) =>
  tx.query(sql, params).then((result) => result.affectedRows ?? 0)

describe('row-level security guide: the shop', () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser
  let staff: AuthUser
  let cupId: number
  let draftId: number
  let adaOrderId: number

  const orderIds = (tx: Transaction) =>
    tx
      .query<{ id: number }>('select id from public.orders order by id')
      .then(({ rows }) => rows.map((r) => r.id))

  beforeAll(async () => {
    db = await databaseAfterGuide('database/row-level-security.mdx')
    ada = await createAuthUser(db, { email: 'ada.test@example.com' })
    grace = await createAuthUser(db, { email: 'grace.test@example.com' })
    staff = await createAuthUser(db, { email: 'staff.test@example.com' })
    const products = await db.query<{ id: number; name: string }>(
      `insert into public.products (name, price, published)
       values ('Test cup', 10, true), ('Test draft', 20, false) returning id, name`,
    )
    cupId = products.rows[0]!.id
    draftId = products.rows[1]!.id
    const order = await db.query<{ id: number }>(
      'insert into public.orders (customer_id, product_id, quantity) values ($1, $2, 1) returning id',
      [ada.id, cupId],
    )
    adaOrderId = order.rows[0]!.id
  }, PAGE_TIMEOUT)

  afterAll(async () => {
    await db?.close()
  })

  it('left the state the page describes: Ada cancelled her order, Grace changed nothing', async () => {
    const { rows } = await db.query<{ email: string; status: string }>(
      `select u.email, o.status from public.orders o join auth.users u on u.id = o.customer_id
       where u.email in ('ada@example.com', 'grace@example.com')`,
    )
    expect(rows).toEqual([{ email: 'ada@example.com', status: 'cancelled' }])
  })

  describe('products', () => {
    const productNames = (tx: Transaction) =>
      names(tx, `select name from public.products where name like 'Test %' order by name`)

    it('shows visitors published products only', async () => {
      expect(await asAnon(db, productNames)).toEqual(['Test cup'])
    })

    it('shows signed-in customers published products only', async () => {
      expect(await asUser(db, ada, productNames)).toEqual(['Test cup'])
      expect(await asUser(db, grace, productNames)).toEqual(['Test cup'])
    })

    it('shows staff (app_metadata.role) the drafts too', async () => {
      const claims = authenticatedClaims(staff, { app_metadata: { role: 'staff' } })
      expect(await asRole(db, 'authenticated', claims, productNames)).toEqual(['Test cup', 'Test draft'])
    })

    it('ignores a staff role the user wrote into their own user_metadata', async () => {
      const claims = authenticatedClaims(grace, { user_metadata: { role: 'staff' } })
      expect(await asRole(db, 'authenticated', claims, productNames)).toEqual(['Test cup'])
      const outcome = await attemptSql(() =>
        asRole(db, 'authenticated', claims, (tx) =>
          tx.query(`insert into public.products (name, price) values ('Sneaky', 1)`),
        ),
      )
      expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
    })

    it('lets staff add and edit products, and nobody else', async () => {
      const claims = authenticatedClaims(staff, { app_metadata: { role: 'staff' } })
      await asRole(db, 'authenticated', claims, (tx) =>
        tx.query(`insert into public.products (name, price) values ('Test staff pick', 5)`),
      )
      const priceChange = `update public.products set price = 1 where id = $1`
      expect(await asRole(db, 'authenticated', claims, (tx) => affected(tx, priceChange, [draftId]))).toBe(1)
      expect(await asUser(db, ada, (tx) => affected(tx, priceChange, [cupId]))).toBe(0)
      expect(await asAnon(db, (tx) => affected(tx, priceChange, [cupId]))).toBe(0)
      const visitorInsert = await attemptSql(() =>
        asAnon(db, (tx) => tx.query(`insert into public.products (name, price) values ('Anon', 1)`)),
      )
      expect(visitorInsert).toMatchObject({ ok: false, error: { code: '42501' } })
    })
  })

  describe('orders', () => {
    it('hides every order from visitors', async () => {
      expect(await asAnon(db, orderIds)).toEqual([])
    })

    it("shows each customer their own orders and not the other's", async () => {
      expect(await asUser(db, ada, orderIds)).toEqual([adaOrderId])
      expect(await asUser(db, grace, orderIds)).toEqual([])
    })

    it('lets a customer place a pending order for themselves, customer_id defaulting to them', async () => {
      const placed = await asUser(db, grace, (tx) =>
        tx.query<{ customer_id: string; status: string }>(
          'insert into public.orders (product_id, quantity) values ($1, 3) returning customer_id, status',
          [cupId],
        ),
      )
      expect(placed.rows).toEqual([{ customer_id: grace.id, status: 'pending' }])
    })

    it('refuses an order for someone else, an already paid order, and an order from a visitor', async () => {
      const forAda = await attemptSql(() =>
        asUser(db, grace, (tx) =>
          tx.query('insert into public.orders (customer_id, product_id, quantity) values ($1, $2, 1)', [
            ada.id,
            cupId,
          ]),
        ),
      )
      expect(forAda).toMatchObject({
        ok: false,
        error: { code: '42501', message: 'new row violates row-level security policy for table "orders"' },
      })
      const paid = await attemptSql(() =>
        asUser(db, grace, (tx) =>
          tx.query(`insert into public.orders (product_id, quantity, status) values ($1, 1, 'paid')`, [
            cupId,
          ]),
        ),
      )
      expect(paid).toMatchObject({ ok: false, error: { code: '42501' } })
      const visitor = await attemptSql(() =>
        asAnon(db, (tx) =>
          tx.query('insert into public.orders (product_id, quantity) values ($1, 1)', [cupId]),
        ),
      )
      expect(visitor).toMatchObject({ ok: false, error: { code: '42501' } })
    })

    it('refuses orders from users who signed in anonymously', async () => {
      const guest = await createAuthUser(db, { email: 'guest.test@example.com' })
      const claims = authenticatedClaims(guest, { is_anonymous: true })
      const outcome = await attemptSql(() =>
        asRole(db, 'authenticated', claims, (tx) =>
          tx.query('insert into public.orders (product_id, quantity) values ($1, 1)', [cupId]),
        ),
      )
      expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
      const member = authenticatedClaims(guest, { is_anonymous: false })
      await asRole(db, 'authenticated', member, (tx) =>
        tx.query('insert into public.orders (product_id, quantity) values ($1, 1)', [cupId]),
      )
    })

    it('lets the owner cancel a pending order, but not mark it paid or touch other columns', async () => {
      const order = await asUser(db, ada, (tx) =>
        tx.query<{ id: number }>(
          'insert into public.orders (product_id, quantity) values ($1, 1) returning id',
          [cupId],
        ),
      )
      const id = order.rows[0]!.id
      const markPaid = await attemptSql(() =>
        asUser(db, ada, (tx) => tx.query(`update public.orders set status = 'paid' where id = $1`, [id])),
      )
      expect(markPaid).toMatchObject({ ok: false, error: { code: '42501' } })
      const quantity = await attemptSql(() =>
        asUser(db, ada, (tx) => tx.query('update public.orders set quantity = 50 where id = $1', [id])),
      )
      expect(quantity).toMatchObject({
        ok: false,
        error: { code: '42501', message: 'permission denied for table orders' },
      })
      const cancel = `update public.orders set status = 'cancelled' where id = $1`
      expect(await asUser(db, grace, (tx) => affected(tx, cancel, [id]))).toBe(0)
      expect(await asAnon(db, (tx) => affected(tx, cancel, [id]))).toBe(0)
      expect(await asUser(db, ada, (tx) => affected(tx, cancel, [id]))).toBe(1)
      // Cancelled is no longer pending, so the using condition no longer matches it.
      expect(await asUser(db, ada, (tx) => affected(tx, cancel, [id]))).toBe(0)
    })

    it('lets nobody but the service role delete orders', async () => {
      const remove = 'delete from public.orders where id = $1'
      expect(await asUser(db, ada, (tx) => affected(tx, remove, [adaOrderId]))).toBe(0)
      expect(await asUser(db, grace, (tx) => affected(tx, remove, [adaOrderId]))).toBe(0)
      expect(await asAnon(db, (tx) => affected(tx, remove, [adaOrderId]))).toBe(0)
      const everyOrder = await asRole(db, 'service_role', null, orderIds)
      expect(everyOrder).toContain(adaOrderId)
      expect(await asRole(db, 'service_role', null, (tx) => affected(tx, remove, [adaOrderId]))).toBe(1)
    })
  })

  it('an update policy with only `using` still refuses handing a row to another user', async () => {
    // The common-mistakes list says Postgres checks the new row against `using` when `with check`
    // is missing; this proves it on a throwaway table.
    await db.exec(`
      create table public.using_only (id int primary key, owner_id uuid not null);
      alter table public.using_only enable row level security;
      grant select, update on public.using_only to authenticated;
      create policy "owners read" on public.using_only for select using ((select auth.uid()) = owner_id);
      create policy "owners update" on public.using_only for update using ((select auth.uid()) = owner_id);
    `)
    try {
      await db.query('insert into public.using_only values (1, $1)', [ada.id])
      const handOver = await attemptSql(() =>
        asUser(db, ada, (tx) => tx.query('update public.using_only set owner_id = $1 where id = 1', [grace.id])),
      )
      expect(handOver).toMatchObject({
        ok: false,
        error: { code: '42501', message: 'new row violates row-level security policy for table "using_only"' },
      })
    } finally {
      await db.exec('drop table public.using_only')
    }
  })

  describe('team projects through a security definer function', () => {
    beforeAll(async () => {
      await db.query(`insert into public.team_members (team_id, user_id) values (1, $1), (2, $2), (2, $1)`, [
        ada.id,
        grace.id,
      ])
      await db.exec(`insert into public.projects (team_id, name) values (1, 'Roastery'), (2, 'Tea room')`)
    })

    const projectNames = (tx: Transaction) => names(tx, 'select name from public.projects order by name')

    it('shows members the projects of their teams only', async () => {
      expect(await asUser(db, ada, projectNames)).toEqual(['Roastery', 'Tea room'])
      expect(await asUser(db, grace, projectNames)).toEqual(['Tea room'])
      expect(await asAnon(db, projectNames)).toEqual([])
      expect(await asRole(db, 'service_role', null, projectNames)).toEqual(['Roastery', 'Tea room'])
    })

    it('shows members the memberships of their own teams', async () => {
      const memberCount = (tx: Transaction) =>
        tx
          .query<{ n: number }>('select count(*)::int as n from public.team_members')
          .then(({ rows }) => rows[0]!.n)
      expect(await asUser(db, grace, memberCount)).toBe(2)
      expect(await asUser(db, ada, memberCount)).toBe(3)
    })

    it('keeps the lookup function away from visitors', async () => {
      const outcome = await attemptSql(() => asAnon(db, (tx) => tx.query('select private.my_team_ids()')))
      expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
    })
  })
})

describe('views guide: security-invoker views', () => {
  let db: PGlite
  let reader: AuthUser

  beforeAll(async () => {
    db = await databaseAfterGuide('database/views.mdx')
    reader = await createAuthUser(db, { email: 'reader.test@example.com' })
    // The page drops the leaky view after showing it; bring it back to prove the difference.
    await db.exec(`create view public.leaky as select name, cost from public.products`)
  }, PAGE_TIMEOUT)

  afterAll(async () => {
    await db?.close()
  })

  it('a plain view shows visitors the unpublished product and its cost', async () => {
    expect(await asAnon(db, (tx) => names(tx, 'select name from public.leaky order by name'))).toContain(
      'Prototype mug',
    )
  })

  it('the security-invoker views apply the table policies for visitors and users', async () => {
    for (const view of ['product_ratings', 'published_products']) {
      const sql = `select name from public.${view} order by name`
      expect(await asAnon(db, (tx) => names(tx, sql)), view).toEqual(['Espresso cup'])
      expect(await asUser(db, reader, (tx) => names(tx, sql)), view).toEqual(['Espresso cup'])
    }
    // The service role bypasses the policies, so through the view it sees the draft too.
    expect(
      await asRole(db, 'service_role', null, (tx) => names(tx, 'select name from public.product_ratings')),
    ).toContain('Prototype mug')
  })

  it('no view in public is left running as its owner except the one made here', async () => {
    // The page's own query, so a change to the page is a change to what runs here.
    const query = runnableSqlOf('database/views.mdx').find((sql) => sql.includes('pg_options_to_table'))
    expect(query).toBeDefined()
    // `security_invoker = on` is stored as `security_invoker=on`: the query must not flag it.
    await db.exec(`create view public.invoker_on with (security_invoker = on) as select 1 as one`)
    try {
      const { rows } = await db.query<{ view_name: string }>(query!)
      expect(rows).toEqual([{ view_name: 'leaky' }])
    } finally {
      await db.exec('drop view public.invoker_on')
    }
  })

  it('the materialized view is closed to the API roles', async () => {
    const outcome = await attemptSql(() => asAnon(db, (tx) => tx.query('select * from public.review_stats')))
    expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
  })
})

describe('functions guide: buy_product', () => {
  let db: PGlite
  let buyer: AuthUser
  let other: AuthUser

  beforeAll(async () => {
    db = await databaseAfterGuide('database/functions.mdx')
    buyer = await createAuthUser(db, { email: 'buyer.test@example.com' })
    other = await createAuthUser(db, { email: 'other.test@example.com' })
  }, PAGE_TIMEOUT)

  afterAll(async () => {
    await db?.close()
  })

  const stockOf = async (id: number) =>
    (await db.query<{ stock: number }>('select stock from public.products where id = $1', [id])).rows[0]!
      .stock

  it('left 38 cups after the purchase the page makes', async () => {
    expect(await stockOf(1)).toBe(38)
  })

  it('lets a signed-in user buy a product they may not update directly', async () => {
    const direct = await asUser(db, buyer, (tx) =>
      affected(tx, 'update public.products set stock = 0 where id = 2'),
    )
    expect(direct).toBe(0)
    const sale = await asUser(db, buyer, (tx) =>
      tx.query<{ quantity: number; total: string; buyer_id: string }>(
        'select quantity, total, buyer_id from public.buy_product(2, 3)',
      ),
    )
    expect(sale.rows).toEqual([{ quantity: 3, total: '144.00', buyer_id: buyer.id }])
    expect(await stockOf(2)).toBe(9)
  })

  it('shows each buyer only their own sales', async () => {
    const count = (tx: Transaction) =>
      tx.query<{ n: number }>('select count(*)::int as n from public.sales').then(({ rows }) => rows[0]!.n)
    expect(await asUser(db, buyer, count)).toBe(1)
    expect(await asUser(db, other, count)).toBe(0)
    expect(await asRole(db, 'service_role', null, count)).toBe(2)
  })

  it('refuses visitors, and a purchase beyond the stock', async () => {
    const visitor = await attemptSql(() => asAnon(db, (tx) => tx.query('select public.buy_product(1, 1)')))
    expect(visitor).toMatchObject({ ok: false, error: { code: '42501' } })
    const tooMany = await attemptSql(() =>
      asUser(db, other, (tx) => tx.query('select public.buy_product(3, 1)')),
    )
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'P0001', message: 'not enough stock' } })
  })

  it('restock runs with the caller rights: a visitor finds no product to change', async () => {
    const outcome = await attemptSql(() => asAnon(db, (tx) => tx.query('select public.restock(1, 5)')))
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'P0002', message: 'product 1 does not exist' },
    })
  })
})

describe('triggers guide: the new-user profile', () => {
  let db: PGlite

  beforeAll(async () => {
    db = await databaseAfterGuide('database/triggers.mdx')
  }, PAGE_TIMEOUT)

  afterAll(async () => {
    await db?.close()
  })

  it('creates a profile at sign-up from the metadata, or from the email without it', async () => {
    const named = await createAuthUser(db, { email: 'noor@example.com', userMetadata: { full_name: 'Noor' } })
    const bare = await createAuthUser(db, { email: 'kai@example.com' })
    const { rows } = await db.query<{ id: string; display_name: string }>(
      'select id, display_name from public.profiles where id = any($1)',
      [[named.id, bare.id]],
    )
    expect(rows).toHaveLength(2)
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: bare.id, display_name: 'kai' },
        { id: named.id, display_name: 'Noor' },
      ]),
    )
  })

  it('lets users edit only their own profile, visitors none', async () => {
    const one = await createAuthUser(db, { email: 'one@example.com' })
    const two = await createAuthUser(db, { email: 'two@example.com' })
    const rename = `update public.profiles set display_name = 'changed' where id = $1`
    expect(await asUser(db, two, (tx) => affected(tx, rename, [one.id]))).toBe(0)
    expect(await asAnon(db, (tx) => affected(tx, rename, [one.id]))).toBe(0)
    expect(await asUser(db, one, (tx) => affected(tx, rename, [one.id]))).toBe(1)
  })

  it('keeps the price history and refuses a price that more than doubles', async () => {
    const { rows } = await db.query<{ old_price: string | null; new_price: string }>(
      'select old_price, new_price from public.price_history order by id',
    )
    expect(rows).toEqual([
      { old_price: null, new_price: '12.50' },
      { old_price: '12.50', new_price: '14.00' },
    ])
    const refused = await attemptSql(() =>
      db.query(`update public.products set price = 100 where name = 'Espresso cup'`),
    )
    expect(refused).toMatchObject({ ok: false, error: { code: '23514' } })
  })
})
