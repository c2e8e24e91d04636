import { gunzipSync } from 'node:zlib'
import type { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { makeDataDir } from './data-dirs'
import { startDataDir } from './open-data-dir'

/** The bytes of the WAL segments in the database's folder. */
async function walBytes(db: PGlite): Promise<number> {
  const { rows } = await db.query<{ bytes: number }>(
    `select coalesce(sum(size), 0)::int as bytes from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'`,
  )
  return rows[0]?.bytes ?? 0
}

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
      // WAL segments of 1 MB: the folder held in the page's memory keeps one, not 16 MB of zeros.
      const segment = await db.query<{ wal_segment_size: string }>('show wal_segment_size')
      expect(segment.rows[0]?.wal_segment_size).toBe('1MB')
      expect(await walBytes(db)).toBeLessThanOrEqual(2 * 1024 * 1024)
    } finally {
      await db.close()
    }
  }, 60_000)
})
