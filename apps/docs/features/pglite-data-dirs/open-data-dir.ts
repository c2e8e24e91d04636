/**
 * Starts PGlite in a worker from a data folder made at build time (`data-dirs.ts`): the gzipped
 * tar is unpacked while it streams in, and PGlite mounts it instead of running initdb.
 */
import { PGlite } from '@electric-sql/pglite'

/** The data folder's tar, unpacked: every database started from it is a fresh copy. */
export async function fetchDataDir(url: URL): Promise<Blob> {
  const response = await fetch(url)
  if (!response.ok || !response.body) {
    throw new Error(`The database could not be downloaded (HTTP ${response.status}).`)
  }
  const tar = await new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).blob()
  performance.mark('run-worker:data-dir-fetched')
  return tar
}

/**
 * Postgres settings for a database in the page, which holds its whole folder in the tab's memory.
 * - Shared buffers are 16 MB, not the 128 MB that initdb writes: the examples' databases are a few
 *   MB, and each 8 kB buffer PGlite reserves in its WebAssembly memory stays in the tab (about
 *   80 MB less per database).
 * - WAL (1 MB segments, `INITDB_PARAMS`) is kept to a few MB: a checkpoint keeps at most
 *   `max_wal_size` of segments for reuse, where the defaults keep up to 1 GB. PGlite has no
 *   checkpointer: a worker that reuses a database checkpoints it itself once it has written
 *   `WAL_CHECKPOINT_BYTES` (`checkpointPastWal`).
 */
export const PAGE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'min_wal_size=2MB',
  '-c',
  'max_wal_size=4MB',
]

/** WAL written since the last checkpoint after which a reused database checkpoints. */
export const WAL_CHECKPOINT_BYTES = 2 * 1024 * 1024

/** Starts PGlite on an unpacked data folder, with the page's settings. */
export function startDataDir(tar: Blob): Promise<PGlite> {
  return PGlite.create({ loadDataDir: tar, startParams: PAGE_START_PARAMS })
}

export async function openDataDir(url: URL): Promise<PGlite> {
  return startDataDir(await fetchDataDir(url))
}
