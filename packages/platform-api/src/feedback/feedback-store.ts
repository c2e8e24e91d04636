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

export type RecordOutcome =
  /** `replayed`: the key was seen before and this is the row its first post stored. */
  | { kind: 'recorded'; entry: FeedbackEntry; replayed: boolean }
  /** The key was used before for another page or answer. */
  | { kind: 'key-reused' }

interface FeedbackRow {
  id: string
  idempotency_key: string | null
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

  /**
   * Stores an answer. With an idempotency key, the first post stores the row and any later post
   * with the same key (a retry after a lost answer) gets that row back: the unique index on the
   * key decides, so two posts racing each other still store one row.
   */
  async record(input: { page: string; helpful: boolean; idempotencyKey?: string }): Promise<RecordOutcome> {
    const key = input.idempotencyKey ?? null
    const [row] = await this.db.query<FeedbackRow>(
      `insert into feedback (id, page, helpful, idempotency_key) values ($1, $2, $3, $4)
       on conflict (idempotency_key) do nothing returning *`,
      [randomUUID(), input.page, input.helpful, key],
    )
    if (row) return { kind: 'recorded', entry: toEntry(row), replayed: false }
    const [first] = await this.db.query<FeedbackRow>('select * from feedback where idempotency_key = $1', [
      key,
    ])
    if (!first) throw new Error('the insert stored no row and no row has its key')
    if (first.page !== input.page || first.helpful !== input.helpful) return { kind: 'key-reused' }
    return { kind: 'recorded', entry: toEntry(first), replayed: true }
  }

  /** A comment is added once, to an answer that exists; sending the same comment again is a no-op. */
  async addComment(id: string, comment: string): Promise<CommentOutcome> {
    const updated = await this.db.query<{ id: string }>(
      'update feedback set comment = $2, commented_at = now() where id = $1 and comment is null returning id',
      [id, comment],
    )
    if (updated.length > 0) return 'saved'
    const [existing] = await this.db.query<{ comment: string | null }>(
      'select comment from feedback where id = $1',
      [id],
    )
    if (!existing) return 'not-found'
    return existing.comment === comment ? 'saved' : 'already-commented'
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
