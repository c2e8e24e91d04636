/**
 * The realtime guides' SQL, run from the pages themselves and tried as each API role: a visitor
 * (anon), two signed-in users, and service_role. Private channels are checked the way the
 * realtime service checks a join: as the joining user, with `realtime.topic` set, a select on
 * realtime.messages decides whether they may receive and an insert whether they may send.
 */
import { asAnon, asRole, asUser, attemptSql, createAuthUser, type AuthUser } from '@docs/pglite-platform'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseAfterGuide } from './page-database'

const SETUP_TIMEOUT = 120_000
const RLS_REFUSED = '42501'

type Extension = 'broadcast' | 'presence'

/** Leaves one message on the topic, as the realtime service does before it checks a join. */
async function probe(db: PGlite, topic: string, extension: Extension) {
  await db.query(`insert into realtime.messages (topic, extension, event) values ($1, $2, 'probe')`, [
    topic,
    extension,
  ])
}

function withTopic<T>(topic: string, run: (tx: Transaction) => Promise<T>) {
  return async (tx: Transaction) => {
    await tx.query(`select set_config('realtime.topic', $1, true)`, [topic])
    return run(tx)
  }
}

const mayReceive = (topic: string, extension: Extension) =>
  withTopic(topic, (tx) =>
    tx
      .query<{ allowed: boolean }>(
        `select exists (select 1 from realtime.messages where topic = realtime.topic() and extension = $1) as allowed`,
        [extension],
      )
      .then(({ rows }) => rows[0]!.allowed),
  )

async function maySend(
  join: (run: (tx: Transaction) => Promise<unknown>) => Promise<unknown>,
  topic: string,
  extension: Extension,
): Promise<boolean> {
  const outcome = await attemptSql(() =>
    join(
      withTopic(topic, (tx) =>
        tx.query(`insert into realtime.messages (topic, extension, event) values ($1, $2, 'check')`, [
          topic,
          extension,
        ]),
      ),
    ),
  )
  if (!outcome.ok && outcome.error.code !== RLS_REFUSED) throw new Error(outcome.error.message)
  return outcome.ok
}

function twoUsers(db: PGlite): Promise<[AuthUser, AuthUser]> {
  return Promise.all([
    createAuthUser(db, { email: 'ada@example.com' }),
    createAuthUser(db, { email: 'grace@example.com' }),
  ])
}

describe('realtime/broadcast', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser
  const game = '0b6a2f8e-5d1c-4c3e-9f7a-2e4d6b8a0c1f'

  beforeAll(async () => {
    db = await databaseAfterGuide('realtime/broadcast.mdx')
    ;[ada, grace] = await twoUsers(db)
    await db.query(`insert into public.game_players (game_id, user_id) values ($1, $2)`, [game, ada.id])
    await probe(db, `game:${game}`, 'broadcast')
    await probe(db, `orders:${ada.id}`, 'broadcast')
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('broadcasts each order change to its customer’s topic, in the postgres_changes shape', async () => {
    const { rows: placed } = await db.query<{ id: number }>(
      `insert into public.orders (customer_id, total_cents) values ($1, 1250) returning id`,
      [ada.id],
    )
    await db.query(`update public.orders set status = 'paid' where id = $1`, [placed[0]!.id])
    const { rows } = await db.query<{ event: string; payload: Record<string, unknown>; private: boolean }>(
      `select event, payload, private from realtime.messages
       where topic = $1 and event <> 'probe' order by inserted_at, event`,
      [`orders:${ada.id}`],
    )
    expect(rows.map((row) => row.event).sort()).toEqual(['INSERT', 'UPDATE', 'status'])
    expect(rows.every((row) => row.private)).toBe(true)
    expect(rows.find((row) => row.event === 'status')?.payload).toEqual({
      order_id: placed[0]!.id,
      status: 'paid',
    })
    expect(rows.find((row) => row.event === 'UPDATE')?.payload).toMatchObject({
      operation: 'UPDATE',
      table: 'orders',
      record: { status: 'paid' },
      old_record: { status: 'placed' },
    })
  })

  it('sends no status message when the status does not change', async () => {
    const count = () =>
      db
        .query<{ n: number }>(`select count(*)::int as n from realtime.messages where event = 'status'`)
        .then(({ rows }) => rows[0]!.n)
    const before = await count()
    await db.query(`update public.orders set total_cents = total_cents + 1`)
    expect(await count()).toBe(before)
  })

  it('lets a customer receive their own order topic only', async () => {
    expect(await asUser(db, ada, mayReceive(`orders:${ada.id}`, 'broadcast'))).toBe(true)
    expect(await asUser(db, grace, mayReceive(`orders:${ada.id}`, 'broadcast'))).toBe(false)
    expect(await asAnon(db, mayReceive(`orders:${ada.id}`, 'broadcast'))).toBe(false)
    expect(await asRole(db, 'service_role', null, mayReceive(`orders:${ada.id}`, 'broadcast'))).toBe(true)
  })

  it('lets customers send nothing on their order topic', async () => {
    expect(await maySend((run) => asUser(db, ada, run), `orders:${ada.id}`, 'broadcast')).toBe(false)
  })

  it('admits players of a game to send and receive, and nobody else', async () => {
    const topic = `game:${game}`
    expect(await asUser(db, ada, mayReceive(topic, 'broadcast'))).toBe(true)
    expect(await maySend((run) => asUser(db, ada, run), topic, 'broadcast')).toBe(true)
    expect(await asUser(db, grace, mayReceive(topic, 'broadcast'))).toBe(false)
    expect(await maySend((run) => asUser(db, grace, run), topic, 'broadcast')).toBe(false)
    expect(await asAnon(db, mayReceive(topic, 'broadcast'))).toBe(false)
    expect(await maySend((run) => asAnon(db, run), topic, 'broadcast')).toBe(false)
    expect(await maySend((run) => asRole(db, 'service_role', null, run), topic, 'broadcast')).toBe(true)
  })

  it('does not let a game’s players into its presence, which the policies do not name', async () => {
    const topic = `game:${game}`
    await probe(db, topic, 'presence')
    expect(await asUser(db, ada, mayReceive(topic, 'presence'))).toBe(false)
    expect(await maySend((run) => asUser(db, ada, run), topic, 'presence')).toBe(false)
  })
})

describe('realtime/presence', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser
  const document = '9a4e2c71-3b5d-4f08-8e6a-1c7d9b2f4e30'

  beforeAll(async () => {
    db = await databaseAfterGuide('realtime/presence.mdx')
    ;[ada, grace] = await twoUsers(db)
    await db.query(`insert into public.document_collaborators (document_id, user_id) values ($1, $2)`, [
      document,
      ada.id,
    ])
    await probe(db, `document:${document}`, 'presence')
    await probe(db, `document:${document}`, 'broadcast')
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('lets collaborators see and show presence in their document', async () => {
    const topic = `document:${document}`
    expect(await asUser(db, ada, mayReceive(topic, 'presence'))).toBe(true)
    expect(await maySend((run) => asUser(db, ada, run), topic, 'presence')).toBe(true)
  })

  it('keeps everyone else out, and grants presence only, not broadcast', async () => {
    const topic = `document:${document}`
    expect(await asUser(db, grace, mayReceive(topic, 'presence'))).toBe(false)
    expect(await maySend((run) => asUser(db, grace, run), topic, 'presence')).toBe(false)
    expect(await asAnon(db, mayReceive(topic, 'presence'))).toBe(false)
    expect(await asUser(db, ada, mayReceive(topic, 'broadcast'))).toBe(false)
    expect(await asRole(db, 'service_role', null, mayReceive(topic, 'presence'))).toBe(true)
  })
})

describe('realtime/postgres-changes', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser
  let room: number

  const visibleBodies = (tx: Transaction) =>
    tx
      .query<{ body: string }>(`select body from public.messages order by id`)
      .then(({ rows }) => rows.map((row) => row.body))

  beforeAll(async () => {
    db = await databaseAfterGuide('realtime/postgres-changes.mdx')
    ;[ada, grace] = await twoUsers(db)
    const { rows } = await db.query<{ id: number }>(
      `insert into public.rooms (name) values ('general') returning id`,
    )
    room = rows[0]!.id
    await db.query(`insert into public.room_members (room_id, user_id) values ($1, $2)`, [room, ada.id])
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('publishes the messages table with its full old row', async () => {
    const { rows } = await db.query(
      `select p.schemaname, p.tablename, c.relreplident as identity from pg_publication_tables p
       join pg_class c on c.relname = p.tablename
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
       where p.pubname = 'supabase_realtime'`,
    )
    expect(rows).toEqual([{ schemaname: 'public', tablename: 'messages', identity: 'f' }])
  })

  it('lets members post as themselves, and nobody else post', async () => {
    const post = (body: string) => (tx: Transaction) =>
      tx.query(`insert into public.messages (room_id, body) values ($1, $2)`, [room, body])
    expect((await attemptSql(() => asUser(db, ada, post('hello')))).ok).toBe(true)
    expect(await attemptSql(() => asUser(db, grace, post('let me in')))).toMatchObject({
      ok: false,
      error: { code: RLS_REFUSED },
    })
    expect(await attemptSql(() => asAnon(db, post('anonymous')))).toMatchObject({
      ok: false,
      error: { code: RLS_REFUSED },
    })
    const impersonation = (tx: Transaction) =>
      tx.query(`insert into public.messages (room_id, author_id, body) values ($1, $2, 'as grace')`, [
        room,
        grace.id,
      ])
    expect(await attemptSql(() => asUser(db, ada, impersonation))).toMatchObject({
      ok: false,
      error: { code: RLS_REFUSED },
    })
  })

  it('sends change events to room members only, as their select policy decides', async () => {
    expect(await asUser(db, ada, visibleBodies)).toEqual(['hello'])
    expect(await asUser(db, grace, visibleBodies)).toEqual([])
    expect(await asAnon(db, visibleBodies)).toEqual([])
    expect(await asRole(db, 'service_role', null, visibleBodies)).toEqual(['hello'])
  })
})

describe('realtime/limits-and-troubleshooting: notes', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser

  beforeAll(async () => {
    db = await databaseAfterGuide('realtime/limits-and-troubleshooting.mdx')
    ;[ada, grace] = await twoUsers(db)
    await db.query(`insert into public.notes (owner_id, body) values ($1, 'ada''s note')`, [ada.id])
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('streams notes to their owner only', async () => {
    const bodies = (tx: Transaction) =>
      tx
        .query<{ body: string }>(`select body from public.notes`)
        .then(({ rows }) => rows.map((row) => row.body))
    expect(await asUser(db, ada, bodies)).toEqual(["ada's note"])
    expect(await asUser(db, grace, bodies)).toEqual([])
    expect(await asAnon(db, bodies)).toEqual([])
    expect(await asRole(db, 'service_role', null, bodies)).toEqual(["ada's note"])
  })
})

describe('realtime/authorization', { timeout: 30_000 }, () => {
  let db: PGlite
  let ada: AuthUser
  let grace: AuthUser
  const team = '3e1d2c4b-5a69-4f7e-8d0c-9b8a7f6e5d4c'
  const topic = `team:${team}`

  beforeAll(async () => {
    db = await databaseAfterGuide('realtime/authorization.mdx')
    ;[ada, grace] = await twoUsers(db)
    await db.query(`insert into public.team_members (team_id, user_id) values ($1, $2)`, [team, ada.id])
    await probe(db, topic, 'broadcast')
    await probe(db, topic, 'presence')
    await probe(db, `user:${ada.id}`, 'broadcast')
    await probe(db, 'announcements', 'broadcast')
  }, SETUP_TIMEOUT)
  afterAll(() => db?.close())

  it('admits team members to receive and send broadcast and presence, and nobody else', async () => {
    for (const extension of ['broadcast', 'presence'] as const) {
      expect(await asUser(db, ada, mayReceive(topic, extension))).toBe(true)
      expect(await maySend((run) => asUser(db, ada, run), topic, extension)).toBe(true)
      expect(await asUser(db, grace, mayReceive(topic, extension))).toBe(false)
      expect(await maySend((run) => asUser(db, grace, run), topic, extension)).toBe(false)
      expect(await asAnon(db, mayReceive(topic, extension))).toBe(false)
    }
  })

  it('lets each user receive only their own inbox, and send to none', async () => {
    expect(await asUser(db, ada, mayReceive(`user:${ada.id}`, 'broadcast'))).toBe(true)
    expect(await asUser(db, grace, mayReceive(`user:${ada.id}`, 'broadcast'))).toBe(false)
    expect(await maySend((run) => asUser(db, ada, run), `user:${ada.id}`, 'broadcast')).toBe(false)
  })

  it('lets everyone signed in read announcements and only staff send them', async () => {
    const asStaff = <T>(run: (tx: Transaction) => Promise<T>) =>
      asRole(db, 'authenticated', { sub: ada.id, app_metadata: { staff: true } }, run)
    expect(await asUser(db, grace, mayReceive('announcements', 'broadcast'))).toBe(true)
    expect(await asAnon(db, mayReceive('announcements', 'broadcast'))).toBe(false)
    expect(await maySend((run) => asUser(db, grace, run), 'announcements', 'broadcast')).toBe(false)
    expect(await maySend(asStaff, 'announcements', 'broadcast')).toBe(true)
  })

  it('needs the select policy too for a send checked the local Realtime way (insert ... returning)', async () => {
    // Realtime v2.29.15 checks sending with INSERT ... RETURNING *, which row-level security also
    // holds to the select policies: the page's local-stack row says so.
    await db.exec(`
      create policy "Grace may insert on the lobby" on realtime.messages for insert to authenticated
        with check ((select realtime.topic()) = 'lobby')`)
    const insert = (returning: boolean) => (tx: Transaction) =>
      withTopic('lobby', (inner) =>
        inner.query(
          `insert into realtime.messages (topic, extension, event) values ('lobby', 'broadcast', 'check')${returning ? ' returning *' : ''}`,
        ),
      )(tx)
    expect((await attemptSql(() => asUser(db, grace, insert(false)))).ok).toBe(true)
    expect(await attemptSql(() => asUser(db, grace, insert(true)))).toMatchObject({
      ok: false,
      error: { code: RLS_REFUSED },
    })
  })
})
