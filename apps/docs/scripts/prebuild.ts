/**
 * Runs before `next build`: puts the SQL parser's WASM at a fixed public URL. The file comes from
 * node_modules at every build and is never committed.
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { libpgQueryWasmPath } from '@docs/sql-to-rest/wasm-path'

const target = path.join(import.meta.dirname, '..', 'public', 'wasm', 'libpg-query.wasm')
mkdirSync(path.dirname(target), { recursive: true })
copyFileSync(libpgQueryWasmPath(), target)
console.log(`Copied the SQL parser to ${path.relative(process.cwd(), target)}`)
