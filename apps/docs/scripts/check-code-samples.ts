/**
 * `npm run check:samples`: every code block in the guides and reference specs must be real.
 * Prints a report per language and fails naming the file, the line and the compiler's message.
 */
import path from 'node:path'
import { collectSamples } from '@/features/code-samples/collect-samples'
import { checkSamples, formatReport } from '@/features/code-samples/run-checks'
import { formatFailure } from '@/features/code-samples/samples'

const docsDir = path.resolve(import.meta.dirname, '..')
const started = Date.now()
const samples = collectSamples(docsDir)
const report = await checkSamples(samples, docsDir)
console.log(formatReport(report))
console.log(`  ${samples.length} samples in ${((Date.now() - started) / 1000).toFixed(1)} s`)
if (report.failures.length > 0) {
  console.error(`\n${report.failures.length} problem(s):\n${report.failures.map(formatFailure).join('\n')}`)
  process.exit(1)
}
