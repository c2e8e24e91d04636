/**
 * Embedded Postgres (PGlite) in a data folder: right for one local process (`npm start`, tests).
 * PGlite is single-process: a lock file next to the folder stops a second server from opening
 * the same data and corrupting it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { Database, Queryable } from './database'
import { StoreError } from './store-error'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes `<dataDir>.lock` for this process; a lock left by a dead process is taken over. */
function acquireLock(lockFile: string): () => void {
  mkdirSync(path.dirname(lockFile), { recursive: true })
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error
      const owner = Number(readFileSync(lockFile, 'utf8').trim())
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new StoreError(
          `the data directory is in use by process ${owner}; if no platform API is running, delete ${lockFile}`,
        )
      }
      rmSync(lockFile, { force: true })
    }
  }
  const release = () => {
    process.removeListener('exit', release)
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile, { force: true })
    } catch {
      // Already gone.
    }
  }
  // A process that exits without closing the database still frees the lock.
  process.once('exit', release)
  return release
}

const queryable = (db: PGlite | Transaction): Queryable => ({
  async query<Row>(sql: string, params: unknown[] = []) {
    return (await db.query<Row>(sql, params)).rows
  },
})

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const directory = path.resolve(dataDir)
  const release = acquireLock(`${directory}.lock`)
  let db: PGlite
  try {
    mkdirSync(directory, { recursive: true })
    db = await PGlite.create(directory)
  } catch (error) {
    release()
    throw new StoreError(`cannot open the data directory ${directory}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    async close() {
      try {
        await db.close()
      } finally {
        release()
      }
    },
  }
}
