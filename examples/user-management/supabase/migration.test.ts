/**
 * The migration, applied to a real Postgres (PGlite) on top of a stand-in for the platform's
 * auth and storage schemas, and checked as each API role.
 */
import {
  asAnon,
  asRole,
  asUser,
  attemptSql,
  createAuthUser,
  createPlatformDb,
  type AuthUser,
} from '@docs/pglite-platform'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { readdir, readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Profile } from '../src/database.types'
import { usernameLengthViolation, usernameTakenViolation } from '../test/platform-answers'

const migrationsDir = new URL('./migrations/', import.meta.url)

/**
 * Starting PGlite with the platform stand-in and running the migration: a few seconds on an idle
 * machine, about 30 s measured with both cores oversubscribed (the 10 s default failed in CI).
 */
const START_DATABASE_MS = 90_000

let db: PGlite
let ada: AuthUser
let grace: AuthUser

/** A user that exists in auth, each test its own so that tests do not depend on each other. */
let userCount = 0
function newUser(userMetadata: Record<string, unknown> = {}): Promise<AuthUser> {
  userCount += 1
  return createAuthUser(db, { email: `user${userCount}@example.com`, userMetadata })
}

async function profileOf(id: string): Promise<Profile | undefined> {
  const { rows } = await db.query<Profile>('select * from public.profiles where id = $1', [id])
  return rows[0]
}

async function updatedRows(tx: Transaction, sql: string, params: unknown[]): Promise<number> {
  return (await tx.query(sql, params)).affectedRows ?? 0
}

beforeAll(async () => {
  db = await createPlatformDb()
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort()
  for (const file of files) {
    await db.exec(await readFile(new URL(file, migrationsDir), 'utf8'))
  }
  ada = await newUser({ full_name: 'Ada Lovelace', avatar_url: 'ada/portrait.png' })
  grace = await newUser({ full_name: 'Grace Hopper' })
}, START_DATABASE_MS)

afterAll(async () => {
  await db?.close()
})

describe('migration files', () => {
  it('has exactly one, named the way the CLI names migrations', async () => {
    const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^\d{14}_user_management\.sql$/)
  })
})

describe('profiles table', () => {
  it('matches the columns the app is typed against', async () => {
    // Record<keyof Profile, ...> makes the compiler check this list against the app's type.
    const expected: Record<keyof Profile, { type: string; nullable: boolean }> = {
      id: { type: 'uuid', nullable: false },
      updated_at: { type: 'timestamp with time zone', nullable: true },
      username: { type: 'text', nullable: true },
      full_name: { type: 'text', nullable: true },
      avatar_url: { type: 'text', nullable: true },
      website: { type: 'text', nullable: true },
    }
    const { rows } = await db.query<{
      column_name: string
      data_type: string
      is_nullable: string
    }>(
      `select column_name, data_type, is_nullable from information_schema.columns
       where table_schema = 'public' and table_name = 'profiles'`,
    )
    const actual = Object.fromEntries(
      rows.map((row) => [row.column_name, { type: row.data_type, nullable: row.is_nullable === 'YES' }]),
    )
    expect(actual).toEqual(expected)
  })
})

describe('profile created at sign-up', () => {
  it('copies full_name and avatar_url from the user metadata', async () => {
    expect(await profileOf(ada.id)).toMatchObject({
      id: ada.id,
      full_name: 'Ada Lovelace',
      avatar_url: 'ada/portrait.png',
      username: null,
      website: null,
    })
  })

  it('leaves the fields empty when there is no metadata', async () => {
    const bare = await newUser()
    expect(await profileOf(bare.id)).toMatchObject({ full_name: null, avatar_url: null })
  })

  it('goes away with the account', async () => {
    const leaving = await newUser({ full_name: 'Leaving' })
    await db.query('delete from auth.users where id = $1', [leaving.id])
    expect(await profileOf(leaving.id)).toBeUndefined()
  })
})

describe('reading profiles', () => {
  const everyName = (tx: Transaction) =>
    tx.query<{ id: string }>('select id from public.profiles').then(({ rows }) => rows.map((row) => row.id))

  it('is open to visitors who are not signed in', async () => {
    const ids = await asAnon(db, everyName)
    expect(ids).toEqual(expect.arrayContaining([ada.id, grace.id]))
  })

  it("is open to signed-in users, other people's profiles included", async () => {
    const ids = await asUser(db, grace, everyName)
    expect(ids).toEqual(expect.arrayContaining([ada.id, grace.id]))
  })
})

describe('writing profiles', () => {
  it('lets a user update their own profile', async () => {
    const user = await newUser()
    const changed = await asUser(db, user, (tx) =>
      updatedRows(tx, 'update public.profiles set website = $1 where id = $2', [
        'https://example.com',
        user.id,
      ]),
    )
    expect(changed).toBe(1)
    expect((await profileOf(user.id))?.website).toBe('https://example.com')
  })

  it("does not let a user update someone else's profile", async () => {
    const changed = await asUser(db, grace, (tx) =>
      updatedRows(tx, 'update public.profiles set full_name = $1 where id = $2', ['Hacked', ada.id]),
    )
    expect(changed).toBe(0)
    expect((await profileOf(ada.id))?.full_name).toBe('Ada Lovelace')
  })

  it('does not let a visitor update any profile', async () => {
    const changed = await asAnon(db, (tx) =>
      updatedRows(tx, 'update public.profiles set full_name = $1', ['Hacked']),
    )
    expect(changed).toBe(0)
  })

  it('lets a user insert their own missing profile, and nobody else’s', async () => {
    // Accounts made before the migration have no profile; the app's first save creates it.
    const early = await newUser()
    const other = await newUser()
    await db.query('delete from public.profiles where id = any($1)', [[early.id, other.id]])

    const forOther = await attemptSql(() =>
      asUser(db, early, (tx) =>
        tx.query('insert into public.profiles (id, username) values ($1, $2)', [other.id, 'sneaky']),
      ),
    )
    expect(forOther).toMatchObject({
      ok: false,
      error: {
        code: '42501',
        message: 'new row violates row-level security policy for table "profiles"',
      },
    })

    const asVisitor = await attemptSql(() =>
      asAnon(db, (tx) => tx.query('insert into public.profiles (id) values ($1)', [other.id])),
    )
    expect(asVisitor).toMatchObject({ ok: false, error: { code: '42501' } })

    await asUser(db, early, (tx) =>
      tx.query('insert into public.profiles (id, username) values ($1, $2)', [early.id, 'early']),
    )
    expect((await profileOf(early.id))?.username).toBe('early')
  })

  it("accepts the app's upsert for the user's own row and refuses it for another", async () => {
    const upsert = `insert into public.profiles (id, username, updated_at) values ($1, $2, now())
                    on conflict (id) do update set username = excluded.username,
                                                   updated_at = excluded.updated_at`
    const user = await newUser({ full_name: 'Kept' })
    await asUser(db, user, (tx) => tx.query(upsert, [user.id, `kept${userCount}`]))
    expect(await profileOf(user.id)).toMatchObject({
      username: `kept${userCount}`,
      full_name: 'Kept',
    })

    const intoAda = await attemptSql(() => asUser(db, user, (tx) => tx.query(upsert, [ada.id, 'x'])))
    expect(intoAda).toMatchObject({ ok: false, error: { code: '42501' } })
  })
})

describe('username rules', () => {
  const setUsername = (user: AuthUser, username: string) =>
    attemptSql(() =>
      asUser(db, user, (tx) =>
        tx.query('update public.profiles set username = $1 where id = $2', [username, user.id]),
      ),
    )

  it('refuses a 2-character username with username_length, as the app expects', async () => {
    const outcome = await setUsername(await newUser(), 'ab')
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: '23514', constraint: 'username_length', table: 'profiles' },
    })
    // The app's fake network answers with this code and message; both must be what Postgres says.
    if (outcome.ok) return
    expect(outcome.error.code).toBe(usernameLengthViolation.code)
    expect(outcome.error.message).toBe(usernameLengthViolation.message)
  })

  it('accepts 3 characters', async () => {
    const user = await newUser()
    expect(await setUsername(user, 'abc')).toMatchObject({ ok: true })
    expect((await profileOf(user.id))?.username).toBe('abc')
  })

  it('refuses a username another profile has', async () => {
    const first = await newUser()
    const second = await newUser()
    expect(await setUsername(first, 'taken')).toMatchObject({ ok: true })
    const outcome = await setUsername(second, 'taken')
    expect(outcome).toMatchObject({ ok: false, error: { code: '23505' } })
    if (outcome.ok) return
    expect(outcome.error.message).toBe(usernameTakenViolation.message)
  })
})

describe('avatars bucket', () => {
  const upload = (tx: Transaction, bucket: string, name: string) =>
    tx.query('insert into storage.objects (bucket_id, name) values ($1, $2)', [bucket, name])

  beforeAll(async () => {
    await db.exec(`insert into storage.buckets (id, name) values ('private', 'private')`)
  })

  it('exists', async () => {
    const { rows } = await db.query(`select id, name from storage.buckets where id = 'avatars'`)
    expect(rows).toEqual([{ id: 'avatars', name: 'avatars' }])
  })

  it('takes uploads from visitors and from signed-in users', async () => {
    await asAnon(db, (tx) => upload(tx, 'avatars', 'visitor.png'))
    await asUser(db, ada, (tx) => upload(tx, 'avatars', `${ada.id}/one.png`))
    const { rows } = await db.query<{ name: string; owner: string | null }>(
      `select name, owner from storage.objects where bucket_id = 'avatars' order by name`,
    )
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'visitor.png', owner: null },
        { name: `${ada.id}/one.png`, owner: ada.id },
      ]),
    )
  })

  it('refuses uploads to other buckets', async () => {
    const outcome = await attemptSql(() => asUser(db, ada, (tx) => upload(tx, 'private', 'a.png')))
    expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
  })

  it('shows its files to everybody', async () => {
    await asUser(db, grace, (tx) => upload(tx, 'avatars', `${grace.id}/shown.png`))
    const visible = (tx: Transaction) =>
      tx
        .query<{ name: string }>(`select name from storage.objects where bucket_id = 'avatars'`)
        .then(({ rows }) => rows.map((row) => row.name))
    expect(await asAnon(db, visible)).toContain(`${grace.id}/shown.png`)
    expect(await asUser(db, ada, visible)).toContain(`${grace.id}/shown.png`)
  })

  it('lets only the owner update a file', async () => {
    const name = `${grace.id}/mine.png`
    await asUser(db, grace, (tx) => upload(tx, 'avatars', name))
    const touch = `update storage.objects set metadata = $1 where bucket_id = 'avatars' and name = $2`

    expect(await asUser(db, ada, (tx) => updatedRows(tx, touch, ['{"by":"ada"}', name]))).toBe(0)
    expect(await asAnon(db, (tx) => updatedRows(tx, touch, ['{"by":"anon"}', name]))).toBe(0)
    expect(await asUser(db, grace, (tx) => updatedRows(tx, touch, ['{"by":"grace"}', name]))).toBe(1)

    const { rows } = await db.query(`select metadata from storage.objects where name = $1`, [name])
    expect(rows).toEqual([{ metadata: { by: 'grace' } }])
  })

  it('does not let the owner move a file out of the bucket', async () => {
    const name = `${ada.id}/stay.png`
    await asUser(db, ada, (tx) => upload(tx, 'avatars', name))
    const outcome = await attemptSql(() =>
      asUser(db, ada, (tx) =>
        tx.query(`update storage.objects set bucket_id = 'private' where name = $1`, [name]),
      ),
    )
    expect(outcome).toMatchObject({ ok: false, error: { code: '42501' } })
  })

  it('lets the service role past every policy', async () => {
    await asRole(db, 'service_role', null, (tx) => upload(tx, 'private', 'server.png'))
    const privateFiles = (tx: Transaction) =>
      tx
        .query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = 'private'`)
        .then(({ rows }) => rows[0]?.n)
    expect(await asRole(db, 'service_role', null, privateFiles)).toBe(1)
    expect(await asAnon(db, privateFiles)).toBe(0)
  })
})
