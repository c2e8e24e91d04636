/**
 * Page feedback ("Was this page helpful?" answers and their comments) in the platform API's
 * database: PGlite in a folder or a PostgreSQL server (see ../store/database.ts).
 */
import { randomUUID } from 'node:crypto'
import type { Database } from '../store/database'

export interface FeedbackEntry {
  id: string
  page: string
  helpful: boolean
  comment: string | null
  createdAt: string
  commentedAt: string | null
}

export type CommentOutcome = 'saved' | 'not-found' | 'already-commented'

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
  constructor(private readonly db: Database) {}

  async record(input: { page: string; helpful: boolean }): Promise<FeedbackEntry> {
    const [row] = await this.db.query<FeedbackRow>(
      'insert into feedback (id, page, helpful) values ($1, $2, $3) returning *',
      [randomUUID(), input.page, input.helpful],
    )
    if (!row) throw new Error('the insert returned no row')
    return toEntry(row)
  }

  /** A comment is added once, to an answer that exists. */
  async addComment(id: string, comment: string): Promise<CommentOutcome> {
    const updated = await this.db.query<{ id: string }>(
      'update feedback set comment = $2, commented_at = now() where id = $1 and comment is null returning id',
      [id, comment],
    )
    if (updated.length > 0) return 'saved'
    const existing = await this.db.query<{ id: string }>('select id from feedback where id = $1', [id])
    return existing.length > 0 ? 'already-commented' : 'not-found'
  }

  async list(options: { page?: string; limit?: number } = {}): Promise<FeedbackEntry[]> {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 1000)
    const rows = options.page
      ? await this.db.query<FeedbackRow>(
          'select * from feedback where page = $1 order by created_at desc, id limit $2',
          [options.page, limit],
        )
      : await this.db.query<FeedbackRow>('select * from feedback order by created_at desc, id limit $1', [
          limit,
        ])
    return rows.map(toEntry)
  }
}
