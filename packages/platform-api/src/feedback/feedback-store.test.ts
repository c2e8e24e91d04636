import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../store/database'
import { testBackends, timeoutForOpening } from '../store/test-databases'
import { MIGRATIONS, migrate } from '../store/migrations'
import { openPgliteDatabase } from '../store/pglite-database'
import { openPostgresDatabase } from '../store/postgres-database'
import { FeedbackStore } from './feedback-store'

/** Records an answer that must be stored, and returns its row. */
async function recorded(store: FeedbackStore, input: Parameters<FeedbackStore['record']>[0]) {
  const outcome = await store.record(input)
  if (outcome.kind !== 'recorded') throw new Error(`expected a stored answer, got ${outcome.kind}`)
  return outcome.entry
}

describe.each(testBackends())('FeedbackStore on $name', (backend) => {
  afterAll(() => backend.cleanUp())

  it.skipIf(backend.skip)(
    'keeps answers and comments across a close and a reopen',
    async () => {
      const location = await backend.newLocation()
      const first = await openDatabase(location)
      const store = new FeedbackStore(first)
      const yes = await recorded(store, { page: '/guides/getting-started', helpful: true })
      const no = await recorded(store, { page: '/guides/auth', helpful: false })
      expect(await store.addComment(no.id, 'The PKCE part lost me')).toBe('saved')
      await first.close()

      const second = await openDatabase(location)
      const entries = await new FeedbackStore(second).list()
      expect(entries.map((entry) => [entry.id, entry.page, entry.helpful, entry.comment]).sort()).toEqual(
        [
          [yes.id, '/guides/getting-started', true, null],
          [no.id, '/guides/auth', false, 'The PKCE part lost me'],
        ].sort(),
      )
      expect(await new FeedbackStore(second).list({ page: '/guides/auth' })).toHaveLength(1)
      expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.createdAt)))).toBe(true)
      await second.close()
    },
    timeoutForOpening(2),
  )

  it.skipIf(backend.skip)(
    'adds a comment once, and only to an answer that exists',
    async () => {
      const database = await openDatabase(await backend.newLocation())
      const store = new FeedbackStore(database)
      const answer = await recorded(store, { page: '/guides/x', helpful: false })
      expect(await store.addComment(answer.id, 'first')).toBe('saved')
      expect(await store.addComment(answer.id, 'second')).toBe('already-commented')
      // The same comment again is a retry whose answer was lost: it succeeds and changes nothing.
      expect(await store.addComment(answer.id, 'first')).toBe('saved')
      expect(await store.addComment('7b0f1c1e-3f5d-4a53-9a57-0d6f0c1f0e55', 'x')).toBe('not-found')
      expect((await store.list())[0]?.comment).toBe('first')
      await database.close()
    },
    timeoutForOpening(1),
  )
  it.skipIf(backend.skip)(
    'stores one row per idempotency key, however often and at once it is posted',
    async () => {
      const database = await openDatabase(await backend.newLocation())
      const store = new FeedbackStore(database)
      const key = 'c6a0b1f4-0a8e-4a5e-9a31-2f9d3c1e7b10'
      const answer = { page: '/guides/retry', helpful: true, idempotencyKey: key }
      const first = await store.record(answer)
      expect(first).toMatchObject({ kind: 'recorded', replayed: false })
      // The reader's retry after the acknowledgement was lost, and five more racing each other.
      const retries = await Promise.all(Array.from({ length: 6 }, () => store.record(answer)))
      for (const retry of retries) {
        expect(retry).toEqual({
          kind: 'recorded',
          replayed: true,
          entry: (first as { entry: unknown }).entry,
        })
      }
      expect(await store.record({ ...answer, helpful: false })).toEqual({ kind: 'key-reused' })
      expect(await store.record({ ...answer, page: '/guides/other' })).toEqual({ kind: 'key-reused' })
      // Answers without a key are each stored, as before.
      await recorded(store, { page: '/guides/retry', helpful: true })
      await recorded(store, { page: '/guides/retry', helpful: true })
      expect(await store.list({ page: '/guides/retry' })).toHaveLength(3)
      await database.close()
    },
    timeoutForOpening(1),
  )

  it.skipIf(backend.skip)(
    'keeps the answers stored before keys existed',
    async () => {
      const location = await backend.newLocation()
      // A database as the release before the keys left it.
      const older =
        'dataDir' in location
          ? await openPgliteDatabase(location.dataDir)
          : await openPostgresDatabase(location.databaseUrl)
      await migrate(
        older,
        MIGRATIONS.filter((migration) => migration.id < 3),
      )
      await older.query("insert into feedback (id, page, helpful) values ($1, '/guides/old', true)", [
        '0b9ef3f4-7d5e-4f0e-8f5a-1c2d3e4f5a6b',
      ])
      await older.close()

      const database = await openDatabase(location)
      const store = new FeedbackStore(database)
      expect((await store.list()).map((entry) => entry.page)).toEqual(['/guides/old'])
      await recorded(store, { page: '/guides/new', helpful: false, idempotencyKey: 'k'.repeat(20) })
      await recorded(store, { page: '/guides/new', helpful: false, idempotencyKey: 'k'.repeat(20) })
      expect(await store.list()).toHaveLength(2)
      await database.close()
    },
    timeoutForOpening(2),
  )
})
