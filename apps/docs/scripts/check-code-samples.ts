/**
 * `npm run check:samples`: every code block in the guides and reference specs must be real.
 * Prints a report per language and fails naming the file, the line and the compiler's message.
 * `--counts-file <path>` also writes `{ passed, failed, skipped }` as JSON for the test summary.
 * `--only <path>` checks only the files whose repository path contains it (repeatable), for
 * checking the pages you are writing without the whole run.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { collectSamples } from '@/features/code-samples/collect-samples'
import { checkSamples, countSamples, formatReport } from '@/features/code-samples/run-checks'
import { formatFailure } from '@/features/code-samples'

const { values: options } = parseArgs({
  options: { 'counts-file': { type: 'string' }, only: { type: 'string', multiple: true } },
})
const docsDir = path.resolve(import.meta.dirname, '..')
const started = Date.now()
const only = options.only ?? []
const samples = collectSamples(docsDir).filter(
  (sample) => only.length === 0 || only.some((part) => sample.file.includes(part)),
)
if (only.length > 0 && samples.length === 0) {
  console.error(`No code samples in files matching ${only.join(', ')}`)
  process.exit(1)
}
const report = await checkSamples(samples, docsDir)
console.log(formatReport(report))
console.log(`  ${samples.length} samples in ${((Date.now() - started) / 1000).toFixed(1)} s`)
if (options['counts-file']) writeFileSync(options['counts-file'], JSON.stringify(countSamples(report)))
if (report.failures.length > 0) {
  console.error(`\n${report.failures.length} problem(s):\n${report.failures.map(formatFailure).join('\n')}`)
  process.exit(1)
}
