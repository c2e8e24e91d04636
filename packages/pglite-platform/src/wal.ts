import type { PGlite } from '@electric-sql/pglite'

/**
 * A database in the page writes WAL on every Run (each one reloads its data), and PGlite has no
 * checkpointer: the log would only grow, in the tab's memory, for as long as the page is open.
 * After a Run, a checkpoint once more than `limitBytes` were written since the last one lets
 * Postgres remove the old segments (it keeps `min_wal_size` of them). The check is one query.
 * Returns whether it checkpointed.
 */
export async function checkpointPastWal(db: PGlite, limitBytes: number): Promise<boolean> {
  const { rows } = await db.query<{ written: string }>(
    `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::text as written
     from pg_control_checkpoint()`,
  )
  if (Number(rows[0]?.written ?? 0) <= limitBytes) return false
  await db.exec('checkpoint')
  return true
}
