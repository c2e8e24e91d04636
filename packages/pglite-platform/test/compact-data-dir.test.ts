import { PGlite } from '@electric-sql/pglite'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { dumpCompactDataDir } from '../src/index'

/** initdb, the trim and a second start: a few seconds idle, much longer on a busy machine. */
const DATABASE_MS = 120_000

describe('dumpCompactDataDir', () => {
  it(
    'ships a working database without the templates or initdb’s WAL, at a quarter of the size',
    async () => {
      const db = await PGlite.create()
      const full = await db.dumpDataDir('none')
      await db.exec(`create table shelf (id int primary key, title text);
                     insert into shelf values (1, 'Dune'), (2, 'Emma');`)
      const compact = await dumpCompactDataDir(db)
      await db.close()

      const fullGzip = gzipSync(Buffer.from(await full.arrayBuffer())).length
      const compactGzip = gzipSync(Buffer.from(await compact.arrayBuffer())).length
      expect(compactGzip).toBeLessThan(fullGzip / 3)

      const copy = await PGlite.create({ loadDataDir: compact })
      try {
        const { rows } = await copy.query('select id, title from shelf order by id')
        expect(rows).toEqual([
          { id: 1, title: 'Dune' },
          { id: 2, title: 'Emma' },
        ])
        const databases = await copy.query<{ datname: string }>('select datname from pg_database')
        expect(databases.rows.map((row) => row.datname)).toEqual(['postgres'])
        // One WAL segment, the one in use: none of initdb's is left behind or ahead of it.
        const wal = await copy.query<{ n: number }>(
          `select count(*)::int as n from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'`,
        )
        expect(wal.rows[0]?.n).toBe(1)
        // Writes after the start land in the new WAL segment and read back.
        await copy.exec(`insert into shelf values (3, 'Persuasion')`)
        const count = await copy.query<{ n: number }>('select count(*)::int as n from shelf')
        expect(count.rows[0]?.n).toBe(3)

        // A trimmed folder trims again (the build makes its folders from one trimmed start).
        const again = await PGlite.create({ loadDataDir: await dumpCompactDataDir(copy) })
        try {
          const titles = await again.query<{ title: string }>('select title from shelf order by id')
          expect(titles.rows.map((row) => row.title)).toEqual(['Dune', 'Emma', 'Persuasion'])
        } finally {
          await again.close()
        }
      } finally {
        await copy.close()
      }
    },
    DATABASE_MS,
  )
})
