/**
 * Writes the data folders of `data-dirs.ts` for the build, each only when what it is made from
 * changed: its SQL, the PGlite build, the initdb and start settings and the trimming code. The key
 * sits beside the tar.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { dumpCompactDataDir } from '@docs/pglite-platform'
import { INITDB_PARAMS, dataDirs, emptyDataDir, makeDataDir, type DataDirSpec } from './data-dirs'
import { PAGE_START_PARAMS } from './open-data-dir'

/** PGlite's Postgres build and file system image, which the data folder's format follows. */
function pgliteBuild(): Buffer[] {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  return ['pglite.wasm', 'pglite.data'].map((name) => readFileSync(path.join(dist, name)))
}

function keyOf(spec: DataDirSpec, build: Buffer[]): string {
  const hash = createHash('sha256')
  for (const file of build) hash.update(file)
  const settings = [...INITDB_PARAMS, ...PAGE_START_PARAMS].join(' ')
  return hash.update(`\0${dumpCompactDataDir.toString()}\0${settings}\0${spec.sql}`).digest('hex')
}

/** Returns the files it wrote (an unchanged one is left as it is). */
export async function writeDataDirs(siteRoot: string): Promise<string[]> {
  const build = pgliteBuild()
  // One initdb for all the folders to be made: each starts from this trimmed, empty database.
  let start: Promise<Blob> | undefined
  const written = await Promise.all(
    dataDirs.map(async (spec) => {
      const file = path.join(siteRoot, spec.file)
      const keyFile = `${file}.key`
      const key = keyOf(spec, build)
      if (existsSync(file) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return undefined
      start ??= emptyDataDir()
      const tar = await makeDataDir(spec.sql, await start)
      // Written aside and renamed, so a build never bundles half a file.
      writeFileSync(`${file}.partial`, tar)
      renameSync(`${file}.partial`, file)
      writeFileSync(keyFile, key)
      return spec.file
    }),
  )
  return written.filter((file): file is string => file !== undefined)
}
