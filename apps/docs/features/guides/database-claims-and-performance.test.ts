/**
 * The custom-claims and query-performance guides, built from their own runnable SQL in page order:
 * the access token hook as the auth server calls it (as supabase_auth_admin), the grants that keep
 * it away from the API roles, the policies that read its claim, and the catalog checks the
 * performance page tells readers to run in CI.
 */
import {
  asAnon,
  asRole,
  attemptSql,
  authenticatedClaims,
  createAuthUser,
  createPlatformDb,
  type AuthUser,
} from '@docs/pglite-platform'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseAfterGuide, runnableSqlOf } from './page-database'

const PAGE_TIMEOUT = 120_000

/** The token claims of `user` with the hook's `user_role` claim, as the API would see them. */
function tokenOf(user: AuthUser, userRole: string | null) {
  return authenticatedClaims(user, { user_role: userRole })
}

describe('custom claims guide: the access token hook and the policies that read it', () => {
  let db: PGlite
  let editor: AuthUser
  let admin: AuthUser
  let reader: AuthUser

  /** Calls the hook the way the auth server does: as its own role, inside a transaction. */
  const runHook = (event: object) =>
    db.transaction(async (tx) => {
      await tx.exec('set local role supabase_auth_admin')
      const { rows } = await tx.query<{ event: { claims: Record<string, unknown> } }>(
        'select public.custom_access_token_hook($1::jsonb) as event',
        [JSON.stringify(event)],
      )
      return rows[0]!.event
    })

  const titles = (tx: Transaction) =>
    tx
      .query<{ title: string }>('select title from public.articles order by title')
      .then(({ rows }) => rows.map((row) => row.title))

  beforeAll(async () => {
    db = await databaseAfterGuide('database/custom-claims.mdx')
    editor = await createAuthUser(db, { email: 'editor.test@example.com' })
    admin = await createAuthUser(db, { email: 'admin.test@example.com' })
    reader = await createAuthUser(db, { email: 'reader.test@example.com' })
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'editor'), ($2, 'admin')`, [
      editor.id,
      admin.id,
    ])
    await db.query(
      `insert into public.articles (author_id, title, published)
       values ($1, 'Draft', false), ($1, 'Published', true)`,
      [editor.id],
    )
  }, PAGE_TIMEOUT)

  afterAll(async () => {
    await db?.close()
  })

  it('adds the user_role claim and keeps the claims the auth server sent', async () => {
    const claims = { sub: editor.id, role: 'authenticated', aal: 'aal1', session_id: 's1', is_anonymous: false }
    const event = await runHook({ user_id: editor.id, claims, authentication_method: 'password' })
    expect(event.claims).toEqual({ ...claims, user_role: 'editor' })
  })

  it('writes a null claim for a user without a role', async () => {
    const event = await runHook({ user_id: reader.id, claims: { role: 'authenticated' } })
    expect(event.claims).toEqual({ role: 'authenticated', user_role: null })
  })

  it('keeps the hook and the roles table away from the API roles', async () => {
    const hookCall = (tx: Transaction) =>
      tx.query(`select public.custom_access_token_hook('{"user_id": null, "claims": {}}'::jsonb)`)
    for (const outcome of [
      await attemptSql(() => asAnon(db, hookCall)),
      await attemptSql(() => asRole(db, 'authenticated', tokenOf(reader, null), hookCall)),
      await attemptSql(() =>
        asRole(db, 'authenticated', tokenOf(reader, null), (tx) => tx.query('select * from public.user_roles')),
      ),
    ]) {
      expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
    }
  })

  it('needs the policy for supabase_auth_admin: without it every token says null', async () => {
    await db.exec(`drop policy "The auth server reads roles" on public.user_roles`)
    try {
      const event = await runHook({ user_id: editor.id, claims: {} })
      expect(event.claims).toEqual({ user_role: null })
    } finally {
      await db.exec(`create policy "The auth server reads roles" on public.user_roles
        for select to supabase_auth_admin using (true)`)
    }
  })

  it('shows drafts to editors and admins only', async () => {
    expect(await asAnon(db, titles)).toEqual(['Published'])
    expect(await asRole(db, 'authenticated', tokenOf(reader, null), titles)).toEqual(['Published'])
    expect(await asRole(db, 'authenticated', tokenOf(editor, 'editor'), titles)).toEqual(['Draft', 'Published'])
    expect(await asRole(db, 'authenticated', tokenOf(admin, 'admin'), titles)).toEqual(['Draft', 'Published'])
  })

  it('ignores a role written into user_metadata', async () => {
    const claims = authenticatedClaims(reader, { user_metadata: { user_role: 'admin' } })
    expect(await asRole(db, 'authenticated', claims, titles)).toEqual(['Published'])
  })

  it('lets editors write but not users without a role', async () => {
    const insert = (tx: Transaction) => tx.query(`insert into public.articles (title) values ('New one')`)
    await asRole(db, 'authenticated', tokenOf(editor, 'editor'), insert)
    const refused = await attemptSql(() => asRole(db, 'authenticated', tokenOf(reader, null), insert))
    expect(refused).toMatchObject({ ok: false, error: { code: '42501' } })
  })

  it('lets only holders of articles.delete delete, through authorize()', async () => {
    const remove = (tx: Transaction) =>
      tx.query(`delete from public.articles where title = 'Draft'`).then((r) => r.affectedRows ?? 0)
    expect(await asRole(db, 'authenticated', tokenOf(editor, 'editor'), remove)).toBe(0)
    expect(await asRole(db, 'authenticated', tokenOf(reader, null), remove)).toBe(0)
    expect(await asRole(db, 'authenticated', tokenOf(admin, 'admin'), remove)).toBe(1)
    const permissions = await attemptSql(() =>
      asRole(db, 'authenticated', tokenOf(admin, 'admin'), (tx) => tx.query('select * from public.role_permissions')),
    )
    expect(permissions).toMatchObject({ ok: false, error: { code: '42501' } })
  })
})

describe('query performance guide: the catalog checks', () => {
  const blocks = runnableSqlOf('database/query-performance.mdx')
  const unindexedForeignKeys = blocks.find((sql) => sql.includes("c.contype = 'f'"))!
  const mutableSearchPath = blocks.find((sql) => sql.includes("like 'search_path=%'"))!

  it('finds the unindexed foreign key before the index of step 4, and nothing after', async () => {
    const db = await createPlatformDb()
    try {
      await db.exec(blocks[0]!)
      const before = await db.query<{ foreign_key: string; columns: string[] }>(unindexedForeignKeys)
      expect(before.rows).toEqual([{ table_name: 'tickets', foreign_key: 'tickets_account_id_fkey', columns: ['account_id'] }])
      for (const sql of blocks.slice(1)) await db.exec(sql)
      expect((await db.query(unindexedForeignKeys)).rows).toEqual([])
    } finally {
      await db.close()
    }
  }, PAGE_TIMEOUT)

  describe('after the whole page', () => {
    let db: PGlite

    beforeAll(async () => {
      db = await databaseAfterGuide('database/query-performance.mdx')
    }, PAGE_TIMEOUT)

    afterAll(async () => {
      await db?.close()
    })

    it('lists functions without a fixed search_path, and not the report function', async () => {
      await db.exec(`create function public.loose() returns int language sql as 'select 1'`)
      const { rows } = await db.query<{ function_name: string }>(mutableSearchPath)
      expect(rows.map((row) => row.function_name)).toEqual(['loose()'])
    })

    it('gives the report function its own statement timeout and the role its new one', async () => {
      const fn = await db.query<{ proconfig: string[] }>(
        `select proconfig from pg_proc where proname = 'monthly_ticket_report'`,
      )
      expect(fn.rows[0]!.proconfig).toContain('statement_timeout=30s')
      const role = await db.query<{ settings: string[] }>(
        `select s.setconfig as settings from pg_db_role_setting s
         join pg_roles r on r.oid = s.setrole where r.rolname = 'authenticated'`,
      )
      expect(role.rows[0]!.settings).toContain('statement_timeout=15s')
    })
  })
})
