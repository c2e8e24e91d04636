import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { checkpointPastWal } from '../src/wal'

const MB = 1024 * 1024

/** The bytes of the WAL segments in the database's folder. */
async function walBytes(db: PGlite): Promise<number> {
  const { rows } = await db.query<{ bytes: number }>(
    `select coalesce(sum(size), 0)::int as bytes from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'`,
  )
  return rows[0]?.bytes ?? 0
}

describe('checkpointPastWal', () => {
  it('keeps the log of a reused database bounded, where PGlite alone lets it grow', async () => {
    const db = await PGlite.create({
      initDbStartParams: ['--wal-segsize=1'],
      startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=4MB'],
    })
    try {
      await db.exec('create table notes (body text)')
      const write = () =>
        db.exec(`insert into notes select repeat(md5(g::text), 20) from generate_series(1, 5000) g;
                 delete from notes;`)
      // Small writes do not checkpoint: the check alone is one query.
      expect(await checkpointPastWal(db, 64 * MB)).toBe(false)

      for (let run = 0; run < 6; run++) await write()
      const grown = await walBytes(db)
      // No checkpointer: six runs' worth of log is still there.
      expect(grown).toBeGreaterThan(8 * MB)

      for (let run = 0; run < 6; run++) {
        await write()
        await checkpointPastWal(db, 2 * MB)
      }
      // max_wal_size of segments kept for reuse, the one in use, and at most one run's worth.
      expect(await walBytes(db)).toBeLessThanOrEqual(8 * MB)
      expect(await walBytes(db)).toBeLessThan(grown)
    } finally {
      await db.close()
    }
  }, 120_000)
})
