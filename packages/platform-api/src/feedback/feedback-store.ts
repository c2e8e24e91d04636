/**
 * Page feedback kept in an embedded Postgres (PGlite) data directory, so answers survive
 * restarts. PGlite is single-process: a lock file next to the directory stops a second server
 * from opening the same data and corrupting it.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'

export interface FeedbackEntry {
  id: string
  page: string
  helpful: boolean
  comment: string | null
  createdAt: string
  commentedAt: string | null
}

export type CommentOutcome = 'saved' | 'not-found' | 'already-commented'

export class FeedbackStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'FeedbackStoreError'
  }
}

const SCHEMA = `
  create table if not exists feedback (
    id uuid primary key,
    page text not null,
    helpful boolean not null,
    comment text,
    created_at timestamptz not null default now(),
    commented_at timestamptz
  );
  create index if not exists feedback_page_idx on feedback (page, created_at);
`

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
        throw new FeedbackStoreError(
          `the feedback data directory is in use by process ${owner}; if no platform API is running, delete ${lockFile}`,
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
  // A server stopped with SIGTERM exits without closing the store: the lock goes with it.
  process.once('exit', release)
  return release
}

interface FeedbackRow {
  id: string
  page: string
  helpful: boolean
  comment: string | null
  created_at: Date
  commented_at: Date | null
}

function toEntry(row: FeedbackRow): FeedbackEntry {
  return {
    id: row.id,
    page: row.page,
    helpful: row.helpful,
    comment: row.comment,
    createdAt: row.created_at.toISOString(),
    commentedAt: row.commented_at ? row.commented_at.toISOString() : null,
  }
}

export class FeedbackStore {
  private constructor(
    private readonly db: PGlite,
    private readonly releaseLock: () => void,
  ) {}

  /** Opens (creating when needed) the store in `dataDir`. */
  static async open(dataDir: string): Promise<FeedbackStore> {
    const directory = path.resolve(dataDir)
    const release = acquireLock(`${directory}.lock`)
    try {
      mkdirSync(directory, { recursive: true })
      const db = await PGlite.create(directory)
      await db.exec(SCHEMA)
      return new FeedbackStore(db, release)
    } catch (error) {
      release()
      throw new FeedbackStoreError(
        `cannot open the feedback data directory ${directory}: ${(error as Error).message}`,
        {
          cause: error,
        },
      )
    }
  }

  async record(input: { page: string; helpful: boolean }): Promise<FeedbackEntry> {
    const result = await this.db.query<FeedbackRow>(
      'insert into feedback (id, page, helpful) values ($1, $2, $3) returning *',
      [randomUUID(), input.page, input.helpful],
    )
    const row = result.rows[0]
    if (!row) throw new FeedbackStoreError('the insert returned no row')
    return toEntry(row)
  }

  /** A comment is added once, to an answer that exists. */
  async addComment(id: string, comment: string): Promise<CommentOutcome> {
    const updated = await this.db.query<FeedbackRow>(
      'update feedback set comment = $2, commented_at = now() where id = $1 and comment is null returning id',
      [id, comment],
    )
    if (updated.rows.length > 0) return 'saved'
    const existing = await this.db.query<{ id: string }>('select id from feedback where id = $1', [id])
    return existing.rows.length > 0 ? 'already-commented' : 'not-found'
  }

  async list(options: { page?: string; limit?: number } = {}): Promise<FeedbackEntry[]> {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 1000)
    const result = options.page
      ? await this.db.query<FeedbackRow>(
          'select * from feedback where page = $1 order by created_at desc, id limit $2',
          [options.page, limit],
        )
      : await this.db.query<FeedbackRow>('select * from feedback order by created_at desc, id limit $1', [
          limit,
        ])
    return result.rows.map(toEntry)
  }

  async close(): Promise<void> {
    try {
      await this.db.close()
    } finally {
      this.releaseLock()
    }
  }
}
