/**
 * The row-level security the auth guides teach, run for real: each page's `runnable` SQL is
 * applied in page order to its own PGlite with the platform stand-ins, then every policy is
 * exercised as anon, as two different signed-in users and as service_role.
 */
import {
  asAnon,
  asRole,
  attemptSql,
  authenticatedClaims,
  createAuthUser,
  createPlatformDb,
  type AuthUser,
  type JwtClaims,
} from '@docs/pglite-platform'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractFromMdx } from '@/features/code-samples/extract-mdx'
import { languageOf } from '@/features/code-samples/samples'
import { listGuides } from './guides'

/** PGlite starts slowly on a busy machine; the queries themselves are quick. */
const SLOW = { timeout: 300_000 }

/** A database with the runnable SQL of one guide applied, as a migration would apply it. */
async function databaseForGuide(href: string): Promise<PGlite> {
  const guide = listGuides().find((candidate) => candidate.href === href)
  if (!guide) throw new Error(`no guide at ${href}`)
  const blocks = extractFromMdx(guide.file, guide.body).filter(
    (sample) => sample.runnable && languageOf(sample.lang) === 'sql',
  )
  if (blocks.length === 0) throw new Error(`${guide.file} has no runnable SQL`)
  const db = await createPlatformDb()
  for (const block of blocks) await db.exec(block.code)
  return db
}

function asSignedIn<T>(
  db: PGlite,
  user: AuthUser,
  extra: JwtClaims,
  run: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return asRole(db, 'authenticated', authenticatedClaims(user, extra), run)
}

function asServiceRole<T>(db: PGlite, run: (tx: Transaction) => Promise<T>): Promise<T> {
  return asRole(db, 'service_role', null, run)
}

async function count(tx: Transaction, sql: string, params: unknown[] = []): Promise<number> {
  return (await tx.query(sql, params)).rows.length
}

describe('MFA guide: invoices need aal2', SLOW, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  beforeAll(async () => {
    db = await databaseForGuide('/guides/auth/mfa')
    ada = await createAuthUser(db, { email: 'ada@example.com' })
    grace = await createAuthUser(db, { email: 'grace@example.com' })
    await db.query(
      `insert into public.invoices (owner_id, amount_cents) values ($1, 1200), ($1, 800), ($2, 4500)`,
      [ada.id, grace.id],
    )
  }, SLOW.timeout)

  afterAll(async () => {
    await db?.close()
  })

  it('shows nothing to visitors', async () => {
    expect(await asAnon(db, (tx) => count(tx, 'select * from public.invoices'))).toBe(0)
  })

  it('shows an owner nothing while the session is only aal1', async () => {
    const seen = await asSignedIn(db, ada, { aal: 'aal1' }, (tx) => count(tx, 'select * from public.invoices'))
    expect(seen).toBe(0)
  })

  it('shows each user only their own invoices once the session is aal2', async () => {
    const adas = await asSignedIn(db, ada, { aal: 'aal2' }, (tx) =>
      tx.query<{ owner_id: string }>('select owner_id from public.invoices'),
    )
    expect(adas.rows).toHaveLength(2)
    expect(adas.rows.every((row) => row.owner_id === ada.id)).toBe(true)

    const graces = await asSignedIn(db, grace, { aal: 'aal2' }, (tx) =>
      tx.query<{ owner_id: string }>('select owner_id from public.invoices'),
    )
    expect(graces.rows.map((row) => row.owner_id)).toEqual([grace.id])
  })

  it('lets no user write invoices through the API, not even at aal2', async () => {
    const outcome = await attemptSql(() =>
      asSignedIn(db, ada, { aal: 'aal2' }, (tx) =>
        tx.query('insert into public.invoices (amount_cents) values (100)'),
      ),
    )
    expect(outcome.ok).toBe(false)
    if (!outcome.ok) expect(outcome.error.code).toBe('42501')
  })

  it('lets service_role read every invoice', async () => {
    expect(await asServiceRole(db, (tx) => count(tx, 'select * from public.invoices'))).toBe(3)
  })
})

describe('Anonymous sign-ins guide: guests keep a cart but cannot review', SLOW, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser
  let guest: AuthUser
  const permanent = { is_anonymous: false }
  const anonymous = { is_anonymous: true }

  beforeAll(async () => {
    db = await databaseForGuide('/guides/auth/anonymous-sign-ins')
    ada = await createAuthUser(db, { email: 'ada@example.com' })
    grace = await createAuthUser(db, { email: 'grace@example.com' })
    // Anonymous users have no email; the stand-in needs one only to return the row.
    guest = await createAuthUser(db, { email: 'guest@example.invalid' })
    await db.query('update auth.users set email = null, is_anonymous = true where id = $1', [guest.id])
    await db.query(`insert into public.reviews (author_id, product_sku, stars) values ($1, 'MUG-1', 5)`, [
      grace.id,
    ])
  }, SLOW.timeout)

  afterAll(async () => {
    await db?.close()
  })

  it('lets visitors read reviews but not write them or see carts', async () => {
    expect(await asAnon(db, (tx) => count(tx, 'select * from public.reviews'))).toBe(1)
    const write = await attemptSql(() =>
      asAnon(db, (tx) =>
        tx.query(`insert into public.reviews (author_id, product_sku, stars) values ($1, 'MUG-1', 1)`, [ada.id]),
      ),
    )
    expect(write.ok).toBe(false)
    expect(await asAnon(db, (tx) => count(tx, 'select * from public.cart_items'))).toBe(0)
  })

  it('lets a guest fill their own cart', async () => {
    await asSignedIn(db, guest, anonymous, (tx) =>
      tx.query(`insert into public.cart_items (product_sku, quantity) values ('MUG-1', 2)`),
    )
    const mine = await asSignedIn(db, guest, anonymous, (tx) =>
      tx.query<{ owner_id: string }>('select owner_id from public.cart_items'),
    )
    expect(mine.rows.map((row) => row.owner_id)).toEqual([guest.id])
  })

  it('refuses a review from a guest', async () => {
    const outcome = await attemptSql(() =>
      asSignedIn(db, guest, anonymous, (tx) =>
        tx.query(`insert into public.reviews (product_sku, stars) values ('MUG-1', 4)`),
      ),
    )
    expect(outcome.ok).toBe(false)
    if (!outcome.ok) expect(outcome.error.code).toBe('42501')
  })

  it('refuses a review from a token without the is_anonymous claim', async () => {
    const outcome = await attemptSql(() =>
      asSignedIn(db, ada, {}, (tx) => tx.query(`insert into public.reviews (product_sku, stars) values ('MUG-1', 4)`)),
    )
    expect(outcome.ok).toBe(false)
  })

  it('accepts a review from a permanent user, written as themselves only', async () => {
    await asSignedIn(db, ada, permanent, (tx) =>
      tx.query(`insert into public.reviews (product_sku, stars, body) values ('MUG-1', 4, 'Solid mug')`),
    )
    const impersonation = await attemptSql(() =>
      asSignedIn(db, ada, permanent, (tx) =>
        tx.query(`insert into public.reviews (author_id, product_sku, stars) values ($1, 'MUG-1', 1)`, [grace.id]),
      ),
    )
    expect(impersonation.ok).toBe(false)
  })

  it("keeps one user's cart out of another's reach", async () => {
    await asSignedIn(db, ada, permanent, (tx) =>
      tx.query(`insert into public.cart_items (product_sku) values ('TEE-2')`),
    )
    const graceSees = await asSignedIn(db, grace, permanent, (tx) => count(tx, 'select * from public.cart_items'))
    expect(graceSees).toBe(0)
    const changed = await asSignedIn(db, grace, permanent, (tx) =>
      tx.query('update public.cart_items set quantity = 99 where owner_id = $1', [ada.id]),
    )
    expect(changed.affectedRows ?? 0).toBe(0)
  })

  it('lets service_role see every cart and write any review', async () => {
    expect(await asServiceRole(db, (tx) => count(tx, 'select * from public.cart_items'))).toBe(2)
    await asServiceRole(db, (tx) =>
      tx.query(`insert into public.reviews (author_id, product_sku, stars) values ($1, 'TEE-2', 3)`, [guest.id]),
    )
    expect(await asServiceRole(db, (tx) => count(tx, 'select * from public.reviews'))).toBe(3)
  })
})

describe('Managing users guide: banned users cannot post', SLOW, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  function post(user: AuthUser, body: string) {
    return attemptSql(() =>
      asSignedIn(db, user, {}, (tx) => tx.query('insert into public.messages (body) values ($1)', [body])),
    )
  }

  beforeAll(async () => {
    db = await databaseForGuide('/guides/auth/managing-users')
    ada = await createAuthUser(db, { email: 'ada@example.com' })
    grace = await createAuthUser(db, { email: 'grace@example.com' })
  }, SLOW.timeout)

  afterAll(async () => {
    await db?.close()
  })

  it('lets a user who is not banned post as themselves, and only as themselves', async () => {
    expect((await post(ada, 'Hello')).ok).toBe(true)
    const impersonation = await attemptSql(() =>
      asSignedIn(db, ada, {}, (tx) =>
        tx.query('insert into public.messages (author_id, body) values ($1, $2)', [grace.id, 'Not me']),
      ),
    )
    expect(impersonation.ok).toBe(false)
  })

  it('refuses posts while banned_until is in the future, and accepts them after it passes', async () => {
    await db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [ada.id])
    const banned = await post(ada, 'Still here?')
    expect(banned.ok).toBe(false)
    if (!banned.ok) expect(banned.error.code).toBe('42501')

    // Another user is not affected by Ada's ban.
    expect((await post(grace, 'Hi all')).ok).toBe(true)

    await db.query(`update auth.users set banned_until = now() - interval '1 minute' where id = $1`, [ada.id])
    expect((await post(ada, 'Back again')).ok).toBe(true)
  })

  it('still lets a banned user read, since the ban policy covers inserts only', async () => {
    await db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [grace.id])
    const seen = await asSignedIn(db, grace, {}, (tx) => count(tx, 'select * from public.messages'))
    expect(seen).toBeGreaterThan(0)
    await db.query('update auth.users set banned_until = null where id = $1', [grace.id])
  })

  it('keeps the ban check away from visitors, who can neither call it nor read or post', async () => {
    const call = await attemptSql(() => asAnon(db, (tx) => tx.query('select public.current_user_is_banned()')))
    expect(call.ok).toBe(false)
    if (!call.ok) expect(call.error.code).toBe('42501')
    expect(await asAnon(db, (tx) => count(tx, 'select * from public.messages'))).toBe(0)
    const write = await attemptSql(() =>
      asAnon(db, (tx) => tx.query('insert into public.messages (author_id, body) values ($1, $2)', [ada.id, 'x'])),
    )
    expect(write.ok).toBe(false)
  })

  it('lets a signed-in user ask about their own ban only', async () => {
    await db.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [ada.id])
    const asAda = await asSignedIn(db, ada, {}, (tx) =>
      tx.query<{ banned: boolean }>('select public.current_user_is_banned() as banned'),
    )
    const asGrace = await asSignedIn(db, grace, {}, (tx) =>
      tx.query<{ banned: boolean }>('select public.current_user_is_banned() as banned'),
    )
    expect(asAda.rows[0]?.banned).toBe(true)
    expect(asGrace.rows[0]?.banned).toBe(false)
  })

  it('lets service_role post for anyone, banned or not', async () => {
    await asServiceRole(db, (tx) =>
      tx.query('insert into public.messages (author_id, body) values ($1, $2)', [ada.id, 'Moderator note']),
    )
    expect(await asServiceRole(db, (tx) => count(tx, 'select * from public.messages'))).toBe(4)
  })
})
