/**
 * V8 compiles most functions lazily, on their first call, on the main thread. The framework's
 * startup scripts are one big closure per module, all called while the page starts, so that
 * compile used to run inside the page's longest task (about 100 ms of it on a phone-speed CPU).
 * A first line of `//# allFunctionsCalledOnLoad` (V8's explicit compile hint, Chromium 136 and
 * later; other engines read a comment) asks for every function in the file to be compiled at
 * once, which Chromium does off the main thread while the script streams in.
 *
 * Only the scripts a page names in its HTML get the hint: those run at startup. Chunks loaded on
 * demand (the SQL editor, search) keep lazy compiling, since most of their code may never run.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { exportHtmlFiles } from '../../lib/export-files'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

const CHUNK_PATH = /\/_next\/static\/chunks\/[\w.-]+\.js\b/g

/** The script chunks a page's HTML names, in its script tags, preloads or hydration payload. */
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
