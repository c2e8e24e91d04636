/**
 * The PGlite data folders the site ships, made at build time. A worker that starts PGlite from
 * one of them (`PGlite.create({ loadDataDir })`) skips initdb and the loading of its data, which
 * were most of the wait before a first Run: about 2.5 s idle, three times that on a busy machine.
 * Each is written beside the worker that fetches it (`new URL(file, import.meta.url)`), so the
 * bundler emits it as a hashed, long-cached asset; the files are never committed.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { apiRolesSql, dumpCompactDataDir, platformSchemaSql } from '@docs/pglite-platform'
import { sampleDataSql, sampleSchemaSql } from '@docs/sql-to-rest/sample'
import { EXAMPLE_USER_SQL } from '@docs/pglite-platform/example-keys'
import { repoRoot } from '@/lib/repo-paths'
import { PAGE_START_PARAMS } from './open-data-dir'

/** The user-management quickstart's migrations, in the order the CLI applies them. */
function userManagementMigrations(): string {
  const folder = path.join(repoRoot(), 'examples', 'user-management', 'supabase', 'migrations')
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(path.join(folder, name), 'utf8'))
    .join(';\n')
}

/**
 * WAL segments of 1 MB, not initdb's 16 MB. A database in the page keeps its whole folder in
 * memory, and Postgres always keeps at least one full segment: a 16 MB file of zeros that each
 * database held in the tab for the few kB of WAL an example writes.
 */
export const INITDB_PARAMS = ['--wal-segsize=1']

export interface DataDirSpec {
  /** Where the gzipped tar is written, from `apps/docs`. */
  file: string
  /** The SQL run on a fresh database before it is dumped. */
  sql: string
}

export const dataDirs: DataDirSpec[] = [
  {
    // The SQL to REST tool's sample shop (run.worker.ts): its requests are rolled back, so the
    // data stays as loaded here. The API roles come first, so the shop's tables are granted to
    // them as on the platform, and requests run as `anon`.
    file: 'features/sql-to-rest/sample-shop.pgdata.tar.gz',
    sql: `${apiRolesSql};\n${sampleSchemaSql};\n${sampleDataSql()}`,
  },
  {
    // The reference's examples (run.worker.ts): an empty database; each run loads its own data
    // source into it.
    file: 'features/reference/run/empty.pgdata.tar.gz',
    sql: '',
  },
  {
    // The guides' examples (guide-run.worker.ts): the platform's roles, `auth` and `storage` and
    // the example user; each run starts a fresh database from it and runs the page's SQL.
    file: 'features/guides/run/platform.pgdata.tar.gz',
    sql: `${platformSchemaSql};\n${EXAMPLE_USER_SQL}`,
  },
  {
    // The user-management quickstart's finished app (try-app/platform.worker.ts): the platform's
    // schema and the guide's migration, as after `supabase db push`, with no users yet.
    file: 'features/try-app/user-management.pgdata.tar.gz',
    sql: `${platformSchemaSql};\n${userManagementMigrations()}`,
  },
]

/**
 * A fresh database with `sql` applied, as the gzipped tar a browser starts PGlite from. Gzipped
 * here rather than by the host: hosts rarely compress a binary type on the fly, and the tar is
 * about 10 MB, most of it zeros, against about 1 MB gzipped. `start`, a trimmed empty database
 * (`emptyDataDir`), saves the initdb of each folder: seconds of CPU against a fraction of one.
 */
export async function makeDataDir(sql: string, start?: Blob): Promise<Buffer> {
  const db = await PGlite.create({
    startParams: PAGE_START_PARAMS,
    ...(start ? { loadDataDir: start } : { initDbStartParams: INITDB_PARAMS }),
  })
  try {
    if (sql) await db.exec(sql)
    const tar = Buffer.from(await (await dumpCompactDataDir(db)).arrayBuffer())
    // zlib's default level: level 9 takes five times as long for a file 1% smaller.
    return await promisify(gzip)(tar)
  } finally {
    await db.close()
  }
}

/** A fresh database, trimmed (`dumpCompactDataDir`), as an uncompressed tar to start others from. */
export async function emptyDataDir(): Promise<Blob> {
  const db = await PGlite.create({ startParams: PAGE_START_PARAMS, initDbStartParams: INITDB_PARAMS })
  try {
    return await dumpCompactDataDir(db)
  } finally {
    await db.close()
  }
}
