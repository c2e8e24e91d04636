/**
 * The SQL of the auth hooks and sessions guides, run from the pages: each hook is called the way
 * the auth server calls it (`select <function>(event)` as supabase_auth_admin, which holds only the
 * page's grants), and the live-session policy is tried as a signed-in user whose token names a
 * live, a signed-out or an ended session.
 */
import {
  asAnon,
  asRole,
  attemptSql,
  authenticatedClaims,
  createAuthUser,
  type AuthUser,
} from '@docs/pglite-platform'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseAfterGuide } from './page-database'

const SLOW = { timeout: 300_000 }
const RLS_OR_GRANT_REFUSED = '42501'

/** One call of a hook, as the auth server makes it: in a transaction, as supabase_auth_admin. */
async function callHook<T = Record<string, unknown>>(db: PGlite, fn: string, event: object): Promise<T> {
  return db.transaction(async (tx: Transaction) => {
    await tx.exec('set local role supabase_auth_admin')
    const { rows } = await tx.query<{ out: T }>(`select ${fn}($1::jsonb) as out`, [JSON.stringify(event)])
    return rows[0]!.out
  })
}

const tokenClaims = {
  aud: 'authenticated',
  exp: 1_900_000_000,
  iat: 1_899_996_400,
  sub: '7c3f1f9e-1d0a-4a3b-9b61-3f2f7a0d9c11',
  email: 'ada@example.com',
  phone: '',
  role: 'authenticated',
  aal: 'aal1',
  session_id: 'c1a1f0f4-9d47-4b8e-9a3e-5c4f7e2b1d00',
  is_anonymous: false,
  app_metadata: { provider: 'email' },
  user_metadata: { full_name: 'Ada', avatar: 'x'.repeat(500) },
}

describe('auth/auth-hooks', SLOW, () => {
  let db: PGlite
  const userId = '7c3f1f9e-1d0a-4a3b-9b61-3f2f7a0d9c11'

  beforeAll(async () => {
    db = await databaseAfterGuide('auth/auth-hooks.mdx')
  }, SLOW.timeout)
  afterAll(() => db?.close())

  it('drops user_metadata, adds the sign-in method and keeps every claim the server requires', async () => {
    const out = await callHook<{ claims: Record<string, unknown> }>(db, 'public.custom_access_token_hook', {
      user_id: userId,
      claims: tokenClaims,
      authentication_method: 'password',
    })
    expect(out.claims).not.toHaveProperty('user_metadata')
    expect(out.claims['sign_in_method']).toBe('password')
    for (const required of [
      'aud',
      'exp',
      'iat',
      'sub',
      'email',
      'phone',
      'role',
      'aal',
      'session_id',
      'is_anonymous',
    ]) {
      expect(out.claims[required], required).toEqual(tokenClaims[required as keyof typeof tokenClaims])
    }
  })

  it('keeps the hooks away from the API roles', async () => {
    const call = (tx: Transaction) =>
      tx.query(`select public.custom_access_token_hook('{"claims": {}}'::jsonb)`)
    expect(await attemptSql(() => asAnon(db, call))).toMatchObject({
      ok: false,
      error: { code: RLS_OR_GRANT_REFUSED },
    })
    const signedIn = authenticatedClaims({ id: userId })
    expect(await attemptSql(() => asRole(db, 'authenticated', signedIn, call))).toMatchObject({
      ok: false,
      error: { code: RLS_OR_GRANT_REFUSED },
    })
  })

  it('locks a user out after five wrong passwords, even for the right one, and forgets successes', async () => {
    const attempt = (valid: boolean) =>
      callHook<{ decision: string }>(db, 'public.password_verification_hook', { user_id: userId, valid })
    expect((await attempt(false)).decision).toBe('continue')
    expect((await attempt(true)).decision).toBe('continue')
    for (let i = 0; i < 5; i++) expect((await attempt(false)).decision).toBe('continue')
    expect((await attempt(true)).decision).toBe('reject')
    // Failures older than ten minutes no longer count.
    await db.query(`update private.failed_sign_ins set failed_at = now() - interval '11 minutes'`)
    expect((await attempt(true)).decision).toBe('continue')
    const { rows } = await db.query(`select 1 from private.failed_sign_ins where user_id = $1`, [userId])
    expect(rows).toHaveLength(0)
  })

  it('queues each auth email for the worker, to the new address for an email change', async () => {
    await callHook(db, 'public.send_email_hook', {
      user: { id: userId, email: 'ada@example.com' },
      email_data: {
        email_action_type: 'magiclink',
        token: '123456',
        token_hash: 'abc',
        redirect_to: 'http://127.0.0.1:3000',
      },
    })
    await callHook(db, 'public.send_email_hook', {
      user: { id: userId, email: 'ada@example.com', new_email: 'ada@new.example.com' },
      email_data: { email_action_type: 'email_change', token: '654321', token_hash: 'def', redirect_to: '' },
    })
    const { rows } = await db.query<{ to_address: string; action: string; token: string }>(
      `select to_address, action, token from private.email_outbox order by id`,
    )
    expect(rows).toEqual([
      { to_address: 'ada@example.com', action: 'magiclink', token: '123456' },
      { to_address: 'ada@new.example.com', action: 'email_change', token: '654321' },
    ])
  })
})

describe('auth/sessions: only from a live session', SLOW, () => {
  let db: PGlite
  let ada: AuthUser
  const live = '0f6a3c52-8f1e-4d7b-a2c9-6e5b4d3c2b1a'
  const signedOut = '5d9e7c1b-3a2f-4e6d-8c0b-1a2b3c4d5e6f'
  const ended = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'

  beforeAll(async () => {
    db = await databaseAfterGuide('auth/sessions.mdx')
    ada = await createAuthUser(db, { email: 'ada@example.com' })
    await db.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [live, ada.id])
    await db.query(
      `insert into auth.sessions (id, user_id, not_after) values ($1, $2, now() - interval '1 minute')`,
      [ended, ada.id],
    )
    await db.query(`insert into public.payouts (owner_id, amount_cents) values ($1, 5000)`, [ada.id])
  }, SLOW.timeout)
  afterAll(() => db?.close())

  const asSession = <T>(sessionId: string, run: (tx: Transaction) => Promise<T>) =>
    asRole(db, 'authenticated', authenticatedClaims(ada, { session_id: sessionId }), run)
  const payouts = (tx: Transaction) =>
    tx.query('select amount_cents from public.payouts').then(({ rows }) => rows.length)

  it('shows the owner their payouts while the session exists', async () => {
    expect(await asSession(live, payouts)).toBe(1)
  })

  it('shows nothing to a token whose session was signed out or has ended', async () => {
    expect(await asSession(signedOut, payouts)).toBe(0)
    expect(await asSession(ended, payouts)).toBe(0)
  })
})
