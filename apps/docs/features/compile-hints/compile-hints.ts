/**
 * V8 compiles most functions lazily, on their first call, on the main thread. The islands' entry
 * script (React and the code that hydrates each island) is called almost whole while the page
 * starts, so that compile would run inside the page's longest task.
 * A first line of `//# allFunctionsCalledOnLoad` (V8's explicit compile hint, Chromium 136 and
 * later; other engines read a comment) asks for every function in the file to be compiled at
 * once, which Chromium does off the main thread while the script streams in.
 *
 * Only the scripts a page names in its HTML get the hint: those run at startup. Chunks loaded on
 * demand (each island's component, the SQL editor, search) keep lazy compiling, since much of
 * their code may never run.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { exportHtmlFiles } from '../../lib/export-files'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

const CHUNK_PATH = /\/_islands\/[\w.-]+\.js\b/g

/** The scripts of the islands' build that a page's HTML names. */
export function startupChunksOf(html: string): string[] {
  return [...new Set(html.match(CHUNK_PATH) ?? [])]
}

/**
 * Puts the hint at the top of every startup chunk of the export in `outDir`, once. Fails, naming
 * the page, when a page names a chunk that is not in the export.
 */
export function addCompileHints(outDir: string): { chunks: number } {
  const chunks = new Map<string, string>()
  for (const page of exportHtmlFiles(outDir))
    for (const chunk of startupChunksOf(readFileSync(page, 'utf8')))
      if (!chunks.has(chunk)) chunks.set(chunk, path.relative(outDir, page))
  for (const [chunk, page] of chunks) {
    const file = path.join(outDir, chunk)
    let source: string
    try {
      source = readFileSync(file, 'utf8')
    } catch {
      throw new Error(`${page} loads ${chunk}, which is not in the export`)
    }
    if (!source.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + source)
  }
  return { chunks: chunks.size }
}
