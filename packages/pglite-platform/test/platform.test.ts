import type { PGlite } from '@electric-sql/pglite'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  applyPlatformSchema,
  asAnon,
  asRole,
  asUser,
  attemptSql,
  authenticatedClaims,
  createAuthUser,
  createPlatformDb,
  type PlatformRole,
} from '../src/index'

let db: PGlite

/**
 * Starting PGlite with the stand-in: about 3 s on an idle machine with no template yet (initdb,
 * then the schema), 28 s measured with both cores oversubscribed; from the template, 1 to 5 s.
 */
const START_DATABASE_MS = 90_000

beforeAll(async () => {
  db = await createPlatformDb()
}, START_DATABASE_MS)

afterAll(async () => {
  await db.close()
})

async function scalar<T>(query: Promise<{ rows: Record<string, unknown>[] }>): Promise<T> {
  const { rows } = await query
  const first = rows[0]
  if (first === undefined) throw new Error('query returned no row')
  return Object.values(first)[0] as T
}

describe('roles', () => {
  it('creates the three API roles, and only service_role bypasses row-level security', async () => {
    const { rows } = await db.query<{
      rolname: string
      rolbypassrls: boolean
      rolcanlogin: boolean
    }>(
      `select rolname, rolbypassrls, rolcanlogin from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
    )
    expect(rows).toEqual([
      { rolname: 'anon', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticated', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'service_role', rolbypassrls: true, rolcanlogin: false },
    ])
  })

  it('can be applied a second time without error', async () => {
    await expect(applyPlatformSchema(db)).resolves.toBeUndefined()
  })
})

describe('asRole and the auth functions', () => {
  const user = { id: '3f1d2a4e-5b6c-4d7e-8f90-a1b2c3d4e5f6', email: 'ada@example.com' }

  it('runs as the role with the claims that auth.uid(), auth.role() and auth.jwt() read', async () => {
    const row = await asUser(db, user, async (tx) => {
      const { rows } = await tx.query<Record<string, unknown>>(
        `select current_user as who, auth.uid() as uid, auth.role() as role,
                auth.email() as email, auth.jwt() ->> 'aud' as aud`,
      )
      return rows[0]
    })
    expect(row).toEqual({
      who: 'authenticated',
      uid: user.id,
      role: 'authenticated',
      email: 'ada@example.com',
      aud: 'authenticated',
    })
  })

  it('gives anon no user id and a role claim of anon', async () => {
    const row = await asAnon(db, async (tx) => {
      const { rows } = await tx.query<Record<string, unknown>>(
        'select current_user as who, auth.uid() as uid, auth.role() as role',
      )
      return rows[0]
    })
    expect(row).toEqual({ who: 'anon', uid: null, role: 'anon' })
  })

  it('passes extra claims through to auth.jwt()', async () => {
    const claims = authenticatedClaims(user, { app_metadata: { plan: 'pro' } })
    const plan = await asRole(db, 'authenticated', claims, (tx) =>
      scalar<string>(tx.query(`select auth.jwt() -> 'app_metadata' ->> 'plan'`)),
    )
    expect(plan).toBe('pro')
  })

  it('leaves the owner connection untouched afterwards', async () => {
    await asUser(db, user, (tx) => tx.query('select 1'))
    const { rows } = await db.query<Record<string, unknown>>(
      'select current_user as who, auth.uid() as uid, auth.jwt() as jwt',
    )
    expect(rows[0]).toEqual({ who: 'postgres', uid: null, jwt: null })
  })

  it('reads the older one-setting-per-claim form as well', async () => {
    const uid = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claim.sub', $1, true)`, [user.id])
      return scalar<string>(tx.query('select auth.uid()'))
    })
    expect(uid).toBe(user.id)
  })

  it('rolls back what the callback did when it throws', async () => {
    await db.exec('create table public.rollback_probe (n int)')
    await expect(
      asRole(db, 'service_role', null, async (tx) => {
        await tx.query('insert into public.rollback_probe values (1)')
        throw new Error('stop here')
      }),
    ).rejects.toThrow('stop here')
    expect(await scalar<number>(db.query('select count(*)::int from public.rollback_probe'))).toBe(0)
  })

  it('refuses a role that is not an API role', async () => {
    const role = 'postgres; drop table auth.users' as PlatformRole
    await expect(asRole(db, role, null, (tx) => tx.query('select 1'))).rejects.toThrow(/unknown role/)
  })

  it('refuses claims whose role disagrees with the role argument', async () => {
    const claims = JSON.parse('{"role":"service_role"}') as Record<string, never>
    await expect(asRole(db, 'anon', claims, (tx) => tx.query('select 1'))).rejects.toThrow(/disagrees/)
  })
})

describe('public schema privileges', () => {
  it('lets API roles reach new public tables, with row-level security deciding rows', async () => {
    await db.exec(`
      create table public.notes (id int primary key, body text);
      insert into public.notes values (1, 'first'), (2, 'second');
    `)
    const count = (role: PlatformRole) =>
      asRole(db, role, null, (tx) => scalar<number>(tx.query('select count(*)::int from notes')))

    expect(await count('anon')).toBe(2)

    await db.exec('alter table public.notes enable row level security')
    expect(await count('anon')).toBe(0)
    expect(await count('authenticated')).toBe(0)
    expect(await count('service_role')).toBe(2)
  })

  it('keeps auth.users out of reach of the API roles', async () => {
    const outcome = await attemptSql(() => asAnon(db, (tx) => tx.query('select * from auth.users')))
    expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
  })
})

describe('createAuthUser', () => {
  it('stores the user with their metadata and a generated id', async () => {
    const created = await createAuthUser(db, {
      email: 'grace@example.com',
      userMetadata: { full_name: 'Grace Hopper' },
    })
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(created.userMetadata).toEqual({ full_name: 'Grace Hopper' })
    const { rows } = await db.query<{ email: string; provider: string }>(
      `select email, raw_app_meta_data ->> 'provider' as provider from auth.users where id = $1`,
      [created.id],
    )
    expect(rows).toEqual([{ email: 'grace@example.com', provider: 'email' }])
  })

  it('keeps a given id, and reports a taken e-mail as a unique violation', async () => {
    const id = '0b9a3c1e-7d55-4c62-9b8e-2f4a6d8c0e13'
    expect((await createAuthUser(db, { id, email: 'linus@example.com' })).id).toBe(id)
    const again = await attemptSql(() => createAuthUser(db, { email: 'linus@example.com' }))
    expect(again).toMatchObject({
      ok: false,
      error: { code: '23505', constraint: 'users_email_partial_key', table: 'users' },
    })
  })
})

describe('storage', () => {
  beforeAll(async () => {
    await db.exec(`insert into storage.buckets (id, name) values ('docs', 'docs')`)
  })

  it('refuses API roles until a policy allows them', async () => {
    const outcome = await attemptSql(() =>
      asAnon(db, (tx) => tx.query(`insert into storage.objects (bucket_id, name) values ('docs', 'a.txt')`)),
    )
    expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
  })

  it('records the uploading user as the owner, as the storage service does', async () => {
    await db.exec(`
      create policy "docs uploads" on storage.objects for insert
        to anon, authenticated with check (bucket_id = 'docs');
    `)
    const user = { id: '6c0f3e2a-1b4d-4e8f-9a7c-5d3b2e1f0a98' }
    await asUser(db, user, (tx) =>
      tx.query(`insert into storage.objects (bucket_id, name) values ('docs', 'mine/a.txt')`),
    )
    await asAnon(db, (tx) =>
      tx.query(`insert into storage.objects (bucket_id, name) values ('docs', 'nobody.txt')`),
    )
    const { rows } = await db.query(
      `select name, owner, owner_id, path_tokens from storage.objects
       where bucket_id = 'docs' order by name`,
    )
    expect(rows).toEqual([
      { name: 'mine/a.txt', owner: user.id, owner_id: user.id, path_tokens: ['mine', 'a.txt'] },
      { name: 'nobody.txt', owner: null, owner_id: null, path_tokens: ['nobody.txt'] },
    ])
  })

  it('splits object names with foldername, filename and extension', async () => {
    const { rows } = await db.query(
      `select storage.foldername(n) as folders, storage.filename(n) as file,
              storage.extension(n) as ext
       from unnest(array['u1/pics/cat.photo.png', 'top.txt', 'README']) as n`,
    )
    expect(rows).toEqual([
      { folders: ['u1', 'pics'], file: 'cat.photo.png', ext: 'png' },
      { folders: [], file: 'top.txt', ext: 'txt' },
      { folders: [], file: 'README', ext: 'README' },
    ])
  })
})

describe('realtime', () => {
  it('has the supabase_realtime publication, empty until a table is added', async () => {
    await db.exec(`create table public.scores (id int primary key, points int)`)
    const tables = () =>
      db
        .query<{ tablename: string }>(
          `select tablename from pg_publication_tables where pubname = 'supabase_realtime'`,
        )
        .then(({ rows }) => rows.map((row) => row.tablename))
    expect(await tables()).toEqual([])
    await db.exec(`alter publication supabase_realtime add table public.scores`)
    expect(await tables()).toEqual(['scores'])
  })

  it('queues a private broadcast with realtime.send and exposes its topic to policies', async () => {
    const topic = await db.transaction(async (tx) => {
      await tx.query(`select realtime.send('{"n": 1}'::jsonb, 'tick', 'room:1')`)
      return scalar<string>(tx.query('select realtime.topic()'))
    })
    expect(topic).toBe('room:1')
    const { rows } = await db.query(
      `select topic, event, payload, private, extension from realtime.messages where topic = 'room:1'`,
    )
    expect(rows).toEqual([
      { topic: 'room:1', event: 'tick', payload: { n: 1 }, private: true, extension: 'broadcast' },
    ])
  })

  it('broadcasts row changes from a trigger in the postgres_changes shape', async () => {
    await db.exec(`
      create function public.scores_broadcast() returns trigger language plpgsql as $$
      begin
        perform realtime.broadcast_changes(
          'scores', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $$;
      create trigger scores_broadcast after insert or update on public.scores
        for each row execute function public.scores_broadcast();
      insert into public.scores values (1, 10);
      update public.scores set points = 11 where id = 1;
    `)
    const { rows } = await db.query(
      `select event, payload from realtime.messages where topic = 'scores' order by inserted_at, event`,
    )
    expect(rows).toEqual([
      {
        event: 'INSERT',
        payload: {
          operation: 'INSERT',
          schema: 'public',
          table: 'scores',
          record: { id: 1, points: 10 },
          old_record: null,
        },
      },
      {
        event: 'UPDATE',
        payload: {
          operation: 'UPDATE',
          schema: 'public',
          table: 'scores',
          record: { id: 1, points: 11 },
          old_record: { id: 1, points: 10 },
        },
      },
    ])
  })

  it('refuses API roles on realtime.messages until a policy allows them', async () => {
    const outcome = await attemptSql(() =>
      asAnon(db, (tx) =>
        tx.query(`insert into realtime.messages (topic, extension) values ('room:1', 'broadcast')`),
      ),
    )
    expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
    const seen = await asAnon(db, (tx) => tx.query('select * from realtime.messages'))
    expect(seen.rows).toEqual([])
  })
})

describe('attemptSql', () => {
  it('returns the value when the statement succeeds', async () => {
    const outcome = await attemptSql(() => scalar<number>(db.query('select 41 + 1')))
    expect(outcome).toEqual({ ok: true, value: 42 })
  })

  it('returns the SQLSTATE and message when Postgres refuses', async () => {
    const outcome = await attemptSql(() => db.query('select 1 / 0'))
    expect(outcome).toEqual({ ok: false, error: { code: '22012', message: 'division by zero' } })
  })

  it('throws errors that do not come from Postgres', async () => {
    await expect(attemptSql(() => Promise.reject(new RangeError('caller bug')))).rejects.toBeInstanceOf(
      RangeError,
    )
  })
})

describe('createPlatformDb', () => {
  it(
    'gives each call a database of its own, with the stand-in applied',
    async () => {
      const [one, two] = await Promise.all([createPlatformDb(), createPlatformDb()])
      try {
        await one.exec('create table public.only_here (id int)')
        await one.exec(`insert into storage.buckets (id, name) values ('one', 'one')`)
        const tables = await two.query(
          `select 1 from information_schema.tables where table_name = 'only_here'`,
        )
        expect(tables.rows).toEqual([])
        expect(
          await scalar<number>(two.query(`select count(*)::int from storage.buckets where id = 'one'`)),
        ).toBe(0)
        expect(await scalar<string>(two.query(`select to_regclass('auth.users')::text`))).toBe('auth.users')
      } finally {
        await Promise.all([one.close(), two.close()])
      }
    },
    2 * START_DATABASE_MS,
  )

  it(
    'makes its template again when the file another process left is broken',
    async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'pglite-platform-templates-test-'))
      vi.stubEnv('PGLITE_PLATFORM_TEMPLATES', folder)
      try {
        // A process that finds no file makes the template and leaves it for the next one.
        const writer = await freshModule()
        await (await writer.createPlatformDb()).close()
        const [file] = readdirSync(folder)
        expect(file).toMatch(/^[0-9a-f]{16}\.tar$/)
        const template = path.join(folder, file!)
        const size = statSync(template).size
        expect(size).toBeGreaterThan(1_000_000)

        writeFileSync(template, 'not a tar file')
        const reader = await freshModule()
        const database = await reader.createPlatformDb()
        try {
          expect(await scalar<string>(database.query(`select to_regclass('storage.objects')::text`))).toBe(
            'storage.objects',
          )
        } finally {
          await database.close()
        }
        expect(statSync(template).size).toBe(size)
      } finally {
        vi.unstubAllEnvs()
        rmSync(folder, { recursive: true, force: true })
      }
    },
    3 * START_DATABASE_MS,
  )
})

/** The module as a new process loads it: no template in memory yet. */
async function freshModule() {
  vi.resetModules()
  return (await import('../src/create-platform-db')) as typeof import('../src/create-platform-db')
}
