/**
 * Runs before `next build` and `next dev`: puts the SQL parser's WASM at a fixed public URL, where
 * the browser fetches it and where the build reads it to translate the tool's first example. The
 * file comes from node_modules every time and is never committed.
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { libpgQueryWasmPath } from '@docs/sql-to-rest/wasm-path'
import { writeDataDirs } from '../features/pglite-data-dirs/write-data-dirs'
import { buildTryApp } from '../features/try-app/build-app'

const target = path.join(import.meta.dirname, '..', 'public', 'wasm', 'libpg-query.wasm')
mkdirSync(path.dirname(target), { recursive: true })
copyFileSync(libpgQueryWasmPath(), target)
console.log(`Copied the SQL parser to ${path.relative(process.cwd(), target)}`)

// PGlite data folders for the runnable examples' workers (see features/pglite-data-dirs).
const madeDataDirs = await writeDataDirs(path.join(import.meta.dirname, '..'))
console.log(
  madeDataDirs.length
    ? `Made the PGlite data folders ${madeDataDirs.join(', ')}`
    : 'PGlite data folders are up to date',
)

// The user-management quickstart's app, built for the guide's panel (see features/try-app).
console.log(
  (await buildTryApp(path.join(import.meta.dirname, '..')))
    ? 'Built the quickstart app into public/try'
    : 'The quickstart app in public/try is up to date',
)
