import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../store/database'
import { testBackends } from '../store/test-databases'
import { FeedbackStore } from './feedback-store'

describe.each(testBackends())('FeedbackStore on $name', (backend) => {
  afterAll(() => backend.cleanUp())

  it.skipIf(backend.skip)('keeps answers and comments across a close and a reopen', async () => {
    const location = await backend.newLocation()
    const first = await openDatabase(location)
    const store = new FeedbackStore(first)
    const yes = await store.record({ page: '/guides/getting-started', helpful: true })
    const no = await store.record({ page: '/guides/auth', helpful: false })
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
  })

  it.skipIf(backend.skip)('adds a comment once, and only to an answer that exists', async () => {
    const database = await openDatabase(await backend.newLocation())
    const store = new FeedbackStore(database)
    const answer = await store.record({ page: '/guides/x', helpful: false })
    expect(await store.addComment(answer.id, 'first')).toBe('saved')
    expect(await store.addComment(answer.id, 'second')).toBe('already-commented')
    expect(await store.addComment('7b0f1c1e-3f5d-4a53-9a57-0d6f0c1f0e55', 'x')).toBe('not-found')
    expect((await store.list())[0]?.comment).toBe('first')
    await database.close()
  })
})
