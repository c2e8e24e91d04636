/**
 * Writes the reference rewrites into the export as host rules (`out/_redirects`), from the same
 * rule table the local static server uses, so a CDN answers section URLs the same way.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { REFERENCE_REWRITE_RULES, renderRedirectsFile } from './rewrites'

const BEGIN = '# --- reference rewrites (generated) ---'
const END = '# --- end of reference rewrites ---'

/** Adds (or refreshes) the reference block of `_redirects`, keeping any other rules in the file. */
export function writeReferenceHostRules(outDir: string): { file: string; rules: number } {
  const file = path.join(outDir, '_redirects')
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const start = existing.indexOf(BEGIN)
  const end = existing.indexOf(END)
  const others =
    start >= 0 && end > start
      ? existing.slice(0, start) + existing.slice(end + END.length).replace(/^\n/, '')
      : existing
  const block = `${BEGIN}\n${renderRedirectsFile()}${END}\n`
  writeFileSync(file, others.trimEnd() === '' ? block : `${others.trimEnd()}\n${block}`)
  return { file, rules: REFERENCE_REWRITE_RULES.length * 2 }
}
