import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FeedbackStore } from './feedback-store'

const dirs: string[] = []
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'feedback-store-'))
  dirs.push(dir)
  return path.join(dir, 'feedback')
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('FeedbackStore', () => {
  it('keeps answers and comments across a close and a reopen', { timeout: 60_000 }, async () => {
    const dataDir = tempDataDir()
    const first = await FeedbackStore.open(dataDir)
    const yes = await first.record({ page: '/guides/getting-started', helpful: true })
    const no = await first.record({ page: '/guides/auth', helpful: false })
    expect(await first.addComment(no.id, 'The PKCE part lost me')).toBe('saved')
    await first.close()

    const second = await FeedbackStore.open(dataDir)
    const entries = await second.list()
    expect(entries.map((entry) => [entry.id, entry.page, entry.helpful, entry.comment]).sort()).toEqual(
      [
        [yes.id, '/guides/getting-started', true, null],
        [no.id, '/guides/auth', false, 'The PKCE part lost me'],
      ].sort(),
    )
    expect(await second.list({ page: '/guides/auth' })).toHaveLength(1)
    await second.close()
  })

  it('adds a comment once, and only to an answer that exists', { timeout: 60_000 }, async () => {
    const store = await FeedbackStore.open(tempDataDir())
    const answer = await store.record({ page: '/guides/x', helpful: false })
    expect(await store.addComment(answer.id, 'first')).toBe('saved')
    expect(await store.addComment(answer.id, 'second')).toBe('already-commented')
    expect(await store.addComment('7b0f1c1e-3f5d-4a53-9a57-0d6f0c1f0e55', 'x')).toBe('not-found')
    expect((await store.list())[0]?.comment).toBe('first')
    await store.close()
  })

  it(
    'refuses a data directory another live process holds, and frees it on close',
    { timeout: 60_000 },
    async () => {
      const dataDir = tempDataDir()
      const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'])
      try {
        writeFileSync(`${dataDir}.lock`, String(holder.pid))
        await expect(FeedbackStore.open(dataDir)).rejects.toThrow(`in use by process ${holder.pid}`)
      } finally {
        holder.kill()
        await once(holder, 'exit')
      }
      // The holder is gone: its lock is stale and is taken over.
      const store = await FeedbackStore.open(dataDir)
      expect(existsSync(`${dataDir}.lock`)).toBe(true)
      await store.close()
      expect(existsSync(`${dataDir}.lock`)).toBe(false)
    },
  )
})
