/**
 * Writes the reference rewrites into the export as host rules (`out/_redirects`), one rule per
 * section each library has, so a CDN and the local static server (which applies this same file)
 * answer section URLs alike, and an unknown slug with the 404 page.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { REFERENCE_LIBRARIES } from './libraries'
import { loadReference } from './load-reference'
import { renderRedirectsFile, type KnownSections } from './rewrites'

const BEGIN = '# --- reference rewrites (generated) ---'
const END = '# --- end of reference rewrites ---'

/** Every library's section slugs, from the loaded references (the same list the pages render). */
export async function loadKnownSections(): Promise<KnownSections> {
  const entries = await Promise.all(
    REFERENCE_LIBRARIES.map(
      async (library) =>
        [library.key, (await loadReference(library.key)).sections.map((section) => section.slug)] as const,
    ),
  )
  return new Map(entries)
}

/** Adds (or refreshes) the reference block of `_redirects`, keeping any other rules in the file. */
export async function writeReferenceHostRules(
  outDir: string,
  known?: KnownSections,
): Promise<{ file: string; rules: number }> {
  const sections = known ?? (await loadKnownSections())
  const file = path.join(outDir, '_redirects')
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const start = existing.indexOf(BEGIN)
  const end = existing.indexOf(END)
  const others =
    start >= 0 && end > start
      ? existing.slice(0, start) + existing.slice(end + END.length).replace(/^\n/, '')
      : existing
  const rules = renderRedirectsFile(sections)
  const block = `${BEGIN}\n${rules}${END}\n`
  writeFileSync(file, others.trimEnd() === '' ? block : `${others.trimEnd()}\n${block}`)
  return { file, rules: rules.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length }
}
