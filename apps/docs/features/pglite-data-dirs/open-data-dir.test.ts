import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { makeDataDir } from './data-dirs'
import { startDataDir } from './open-data-dir'

describe('startDataDir', () => {
  it('starts the data folder with its data and the page’s smaller shared buffers', async () => {
    const folder = gunzipSync(
      await makeDataDir("create table notes (body text); insert into notes values ('kept');"),
    )
    const db = await startDataDir(new Blob([folder]))
    try {
      expect((await db.query('select body from notes')).rows).toEqual([{ body: 'kept' }])
      const { rows } = await db.query<{ setting: string }>(
        "select setting from pg_settings where name = 'shared_buffers'",
      )
      // 16 MB in 8 kB pages, where initdb's configuration says 128 MB.
      expect(rows[0]?.setting).toBe('2048')
    } finally {
      await db.close()
    }
  }, 60_000)
})
