import type { Queryable } from './database'

/** The random id this database was given when it was created (migration 4); it never changes. */
export async function readStoreId(db: Queryable): Promise<string> {
  const [row] = await db.query<{ store_id: string }>('select store_id from store_identity')
  if (!row) throw new Error('the database has no store identity')
  return row.store_id
}
