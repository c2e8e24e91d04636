import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite, type PGliteInterface, type PGliteOptions } from '@electric-sql/pglite'
import { platformSchemaSql } from './platform-schema'

/** Adds the platform stand-in (roles, `auth`, `storage`) to an existing database. */
export async function applyPlatformSchema(db: PGliteInterface): Promise<void> {
  await db.exec(platformSchemaSql)
}

/**
 * Where the template of this stand-in and this PGlite build is kept between processes (each test
 * file runs in a process of its own): named by a hash of both, so a change to either makes a new
 * one. The folder is `pglite-platform-templates` in the OS's temporary folder, or
 * PGLITE_PLATFORM_TEMPLATES.
 */
function templateFile(): string {
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const wasm = statSync(path.join(path.dirname(pgliteEntry), 'pglite.wasm'))
  const key = createHash('sha256')
    .update(`${wasm.size}:${wasm.mtimeMs}\0${platformSchemaSql}`)
    .digest('hex')
    .slice(0, 16)
  const folder = process.env.PGLITE_PLATFORM_TEMPLATES ?? path.join(tmpdir(), 'pglite-platform-templates')
  return path.join(folder, `${key}.tar`)
}

interface Template {
  dump: Blob
  /** The file it was read from, when another process made it. */
  readFrom?: string
}

async function makeTemplate({ reuse }: { reuse: boolean }): Promise<Template> {
  let file: string | undefined
  try {
    file = templateFile()
    if (reuse) return { dump: new Blob([readFileSync(file)]), readFrom: file }
  } catch {
    // Not made yet (or unreadable): make it below.
  }
  const db = await PGlite.create()
  let dump: Blob
  try {
    await applyPlatformSchema(db)
    dump = await db.dumpDataDir('none')
  } finally {
    await db.close()
  }
  if (file) {
    // Written aside and renamed, so a process reading it never sees half a file.
    const partial = `${file}.${process.pid}.partial`
    try {
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
    } catch {
      rmSync(partial, { force: true })
    }
  }
  return { dump }
}

/**
 * The data folder of a new database with the stand-in applied. A fresh PGlite runs initdb, which
 * with the stand-in's SQL is most of the cost of starting one (seconds on an idle machine, tens of
 * seconds on a busy core); a database started from this copy skips both.
 */
let template: Promise<Template> | undefined

function platformTemplate(options = { reuse: true }): Promise<Template> {
  template ??= makeTemplate(options)
  // A template that failed is made again by the next call rather than failing every later one.
  template.catch(() => (template = undefined))
  return template
}

/**
 * Starts an embedded Postgres with the platform stand-in applied. The connection is the
 * database owner (`postgres`), which is how migrations run on the platform; use `asRole` to run
 * statements as an API role. In memory unless `options.dataDir` says otherwise. Each database is
 * its own, started from a copy of one template (kept on disk for the next process).
 */
export async function createPlatformDb(options: PGliteOptions = {}): Promise<PGlite> {
  if (options.dataDir || options.loadDataDir) {
    const db = await PGlite.create(options)
    try {
      await applyPlatformSchema(db)
    } catch (error) {
      await db.close()
      throw error
    }
    return db
  }
  const { dump, readFrom } = await platformTemplate()
  try {
    return await PGlite.create({ ...options, loadDataDir: dump })
  } catch (error) {
    if (!readFrom) throw error
    // A file left broken (a full disk, a killed writer): make the template again, here.
    rmSync(readFrom, { force: true })
    template = undefined
    const fresh = await platformTemplate({ reuse: false })
    return PGlite.create({ ...options, loadDataDir: fresh.dump })
  }
}
