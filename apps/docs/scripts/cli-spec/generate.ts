/**
 * Writes content/reference/cli/spec.yaml and sections.yaml from the facts file and the prose.
 *
 *   npx tsx scripts/cli-spec/generate.ts           regenerate both files
 *   npx tsx scripts/cli-spec/generate.ts --check   exit 1 when the committed files are stale
 *
 * Run from apps/docs. A problem in the facts or the prose is printed with its file and field.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { formatSourceProblem } from '@/lib/parse-structured'
import { renderCliReferenceFiles, SECTIONS_FILE_NAME, SPEC_FILE_NAME } from './build-spec'

const docsDir = path.resolve(import.meta.dirname, '..', '..')
const cliDir = path.join(docsDir, 'content', 'reference', 'cli')
const checkOnly = process.argv.includes('--check')

const result = renderCliReferenceFiles(cliDir, docsDir)
if (!result.ok) {
  console.error(`The CLI reference cannot be generated (${result.problems.length} problem(s)):`)
  for (const problem of result.problems) console.error(`  ${formatSourceProblem(problem)}`)
  process.exit(1)
}

const outputs: [string, string][] = [
  [SPEC_FILE_NAME, result.value.specYaml],
  [SECTIONS_FILE_NAME, result.value.sectionsYaml],
]
let stale = 0
for (const [name, text] of outputs) {
  const file = path.join(cliDir, name)
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined
  if (current === text) continue
  if (checkOnly) {
    console.error(`${path.relative(docsDir, file)} is out of date: run npx tsx scripts/cli-spec/generate.ts`)
    stale++
  } else {
    writeFileSync(file, text)
    console.log(`wrote ${path.relative(docsDir, file)}`)
  }
}
if (stale > 0) process.exit(1)
if (checkOnly) console.log('spec.yaml and sections.yaml are up to date')
