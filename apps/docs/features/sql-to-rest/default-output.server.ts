import path from 'node:path'
import * as translator from '@docs/sql-to-rest'
import { docsRoot } from '@/lib/repo-paths'
import { DEFAULT_EXAMPLE } from './examples'
import { DEFAULT_BASE_URL, LOCAL_ANON_KEY } from './tool-state'
import { translateForTool, type ToolOutput } from './translate-output'

/**
 * The tool's first example, translated while the page is built: the page shows the real output in
 * its HTML, before any script runs, and the parser loads only once the reader asks for something
 * else. The parser is the file `scripts/prebuild.ts` puts in `public/`.
 */
export async function defaultToolOutput(): Promise<ToolOutput> {
  await translator.initTranslator({ wasmUrl: path.join(docsRoot(), 'public', 'wasm', 'libpg-query.wasm') })
  const output = translateForTool(translator, DEFAULT_EXAMPLE.sql, DEFAULT_BASE_URL, LOCAL_ANON_KEY, 'sql')
  if (output.error) throw new Error(`The tool's first example does not translate: ${output.error.message}`)
  return output
}
