/**
 * Runs before `next build`: puts the SQL parser's WASM, and the embedded Postgres the SQL-to-REST
 * tool runs queries on, at fixed public URLs. The files come from node_modules at every build and
 * are never committed.
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { libpgQueryWasmPath } from '@docs/sql-to-rest/wasm-path'

const target = path.join(import.meta.dirname, '..', 'public', 'wasm', 'libpg-query.wasm')
mkdirSync(path.dirname(target), { recursive: true })
copyFileSync(libpgQueryWasmPath(), target)
console.log(`Copied the SQL parser to ${path.relative(process.cwd(), target)}`)

// PGlite's loader looks for these next to its own script, which the bundler moves: the tool's
// worker fetches them from /wasm/pglite/ and hands them over.
const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
const pgliteTarget = path.join(import.meta.dirname, '..', 'public', 'wasm', 'pglite')
mkdirSync(pgliteTarget, { recursive: true })
for (const file of ['pglite.wasm', 'initdb.wasm', 'pglite.data']) {
  copyFileSync(path.join(pgliteDist, file), path.join(pgliteTarget, file))
}
console.log(`Copied PGlite to ${path.relative(process.cwd(), pgliteTarget)}`)
