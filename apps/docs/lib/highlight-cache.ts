/**
 * Highlighted code kept from one production build to the next, in `.next/cache/highlight`.
 *
 * Highlighting is the largest single cost of rendering a guide. Most blocks do not change between
 * two builds, so the build reuses what it wrote last time. An entry is found by a hash of the block (code, language, meta) inside a folder named by
 * a fingerprint of everything else the HTML depends on: the highlighter's own source files and
 * the lock file, which pins Shiki, its grammars and its themes. Editing either starts a new folder
 * and deletes the old ones, so a stale colour cannot survive a change of grammar or theme.
 *
 * Without those files (a build run from elsewhere) there is no cache and every block is highlighted.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface HighlightCache {
  read(key: string): string | undefined
  write(key: string, html: string): void
}

/** Files whose content decides the HTML for a given block, relative to the site's folder. */
export const HIGHLIGHTER_SOURCES = [
  'lib/highlight.ts',
  'lib/highlight-themes.ts',
  'lib/sql-grammar.ts',
  '../../package-lock.json',
]

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** The cache's key for one block. */
export function highlightKey(code: string, lang: string, meta: string | undefined): string {
  return sha256(JSON.stringify([lang, meta ?? '', code]))
}

/**
 * A cache in `root` for the highlighter described by `sources` (paths relative to `siteDir`), or
 * undefined when one of them cannot be read.
 */
export function fileHighlightCache(
  root: string,
  siteDir: string,
  sources: readonly string[] = HIGHLIGHTER_SOURCES,
): HighlightCache | undefined {
  let fingerprint: string
  try {
    fingerprint = sha256(
      sources
        .map((source) => `${source}\u0000${readFileSync(path.join(siteDir, source), 'utf8')}`)
        .join('\u0000'),
    ).slice(0, 24)
  } catch {
    return undefined
  }
  const dir = path.join(root, fingerprint)
  mkdirSync(dir, { recursive: true })
  // Folders of an earlier highlighter can never be read again.
  for (const entry of readdirSync(root)) {
    if (entry !== fingerprint) rmSync(path.join(root, entry), { recursive: true, force: true })
  }
  return {
    read(key) {
      try {
        return readFileSync(path.join(dir, `${key}.html`), 'utf8')
      } catch {
        return undefined
      }
    },
    write(key, html) {
      // Pages render in several processes at once: write aside, then rename into place.
      const file = path.join(dir, `${key}.html`)
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
      try {
        writeFileSync(temporary, html)
        renameSync(temporary, file)
      } catch {
        // A cache that cannot be written only costs the next build some time.
        rmSync(temporary, { force: true })
      }
    },
  }
}
