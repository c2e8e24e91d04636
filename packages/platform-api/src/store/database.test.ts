import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, writeFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './database'
import { migrate, MIGRATIONS } from './migrations'
import { testBackends, timeoutForOpening } from './test-databases'

describe.each(testBackends())('the database on $name', (backend) => {
  afterAll(() => backend.cleanUp())

  it.skipIf(backend.skip)(
    'applies every migration once, however often it opens',
    async () => {
      const location = await backend.newLocation()
      const first = await openDatabase(location)
      const applied = await first.query<{ id: number; name: string }>(
        'select id, name from schema_migrations order by id',
      )
      expect(applied.map((row) => [Number(row.id), row.name])).toEqual(MIGRATIONS.map((m) => [m.id, m.name]))
      expect(await migrate(first)).toEqual([])
      await first.close()
      const second = await openDatabase(location)
      expect(await migrate(second)).toEqual([])
      expect(await second.query('select * from revoked_tokens')).toEqual([])
      await second.close()
    },
    timeoutForOpening(2),
  )

  it.skipIf(backend.skip)(
    'applies a new migration after the shipped ones, all or nothing',
    async () => {
      const database = await openDatabase(await backend.newLocation())
      const broken = {
        id: 1000,
        name: 'broken',
        statements: ['create table half_done (id int)', 'select * from nowhere'],
      }
      await expect(migrate(database, [...MIGRATIONS, broken])).rejects.toThrow(/nowhere/)
      expect(
        await database.query("select 1 from information_schema.tables where table_name = 'half_done'"),
      ).toEqual([])
      const fixed = { id: 1000, name: 'fixed', statements: ['create table half_done (id int)'] }
      expect(await migrate(database, [...MIGRATIONS, fixed])).toEqual([1000])
      await database.close()
    },
    timeoutForOpening(1),
  )

  it.skipIf(backend.skip)(
    'rolls a transaction back when its work fails',
    async () => {
      const database = await openDatabase(await backend.newLocation())
      await expect(
        database.transaction(async (tx) => {
          await tx.query(`insert into revoked_tokens (token_id, expires_at) values ('t1', now())`)
          throw new Error('changed my mind')
        }),
      ).rejects.toThrow('changed my mind')
      expect(await database.query('select * from revoked_tokens')).toEqual([])
      await database.close()
    },
    timeoutForOpening(1),
  )
})

describe('PostgreSQL servers', () => {
  const [, postgres] = testBackends()
  afterAll(() => postgres!.cleanUp())

  it.skipIf(postgres!.skip)(
    'migrate once when several API processes start together',
    async () => {
      const location = await postgres!.newLocation()
      const databases = await Promise.all([1, 2, 3].map(() => openDatabase(location)))
      const rows = await databases[0]!.query<{ count: string }>('select count(*) from schema_migrations')
      expect(Number(rows[0]?.count)).toBe(MIGRATIONS.length)
      await Promise.all(databases.map((database) => database.close()))
    },
    timeoutForOpening(3),
  )

  it('an unreachable server is named in the error, without its password', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://app:secret@127.0.0.1:1/docs' })).rejects.toThrow(
      /cannot connect to postgres:\/\/app@127\.0\.0\.1:1\/docs/,
    )
  })
})

describe('PGlite data folders', () => {
  const [pglite] = testBackends()
  afterAll(() => pglite!.cleanUp())

  it(
    'refuses a folder another live process holds, and frees it on close',
    async () => {
      const location = await pglite!.newLocation()
      if (!('dataDir' in location)) throw new Error('expected a folder')
      const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'])
      try {
        writeFileSync(`${location.dataDir}.lock`, String(holder.pid))
        await expect(openDatabase(location)).rejects.toThrow(`in use by process ${holder.pid}`)
      } finally {
        holder.kill()
        await once(holder, 'exit')
      }
      // The holder is gone: its lock is stale and is taken over.
      const database = await openDatabase(location)
      expect(existsSync(`${location.dataDir}.lock`)).toBe(true)
      await database.close()
      expect(existsSync(`${location.dataDir}.lock`)).toBe(false)
    },
    timeoutForOpening(2),
  )
})
