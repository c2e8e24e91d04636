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

export async function openDataDir(url: URL): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await fetchDataDir(url) })
}
