/**
 * Rewrites the expected outcomes of every golden case from the current translator.
 * Run `npm run golden:update -w packages/sql-to-rest`, then review the diff line by line.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { stringify } from 'yaml'
import { initTranslator } from '../../src/index'
import { computeOutcome, GOLDEN_DIR, loadGoldenFiles } from './golden-cases'

await initTranslator()
for (const { file, header, cases } of loadGoldenFiles()) {
  const updated = cases.map(({ name, sql }) => ({ name, sql, ...computeOutcome(sql) }))
  const path = join(GOLDEN_DIR, file)
  const text = `${header ? `${header}\n` : ''}${stringify(updated, { lineWidth: 0 })}`
  // Written in the repository's Prettier style, so formatting checks leave the files alone.
  writeFileSync(path, await format(text, { ...(await resolveConfig(path)), filepath: path }))
  console.log(`${file}: ${updated.length} cases`)
}
