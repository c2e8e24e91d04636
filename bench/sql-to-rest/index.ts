/**
 * SQL-to-REST translator: cold parser start-up, then warm translate + render time per query over
 * the golden corpus. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks'
import {
  initTranslator,
  renderCurl,
  renderHttp,
  renderSupabaseJs,
  translate,
} from '../../packages/sql-to-rest/src/index'
import { loadGoldenFiles } from '../../packages/sql-to-rest/test/support/golden-cases'

const WARM_UP_ROUNDS = 5
const MEASURED_ROUNDS = 40

function translateAndRender(sql: string): void {
  const result = translate(sql)
  if (!result.ok) return
  renderCurl(result.request)
  renderHttp(result.request)
  renderSupabaseJs(result.request)
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

const format = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`

const coldStart = performance.now()
await initTranslator()
const coldMs = performance.now() - coldStart

const corpus = loadGoldenFiles().flatMap(({ cases }) => cases.map((entry) => entry.sql))

for (let round = 0; round < WARM_UP_ROUNDS; round++) corpus.forEach(translateAndRender)

const samples: number[] = []
const perQuery = new Map<string, number>()
for (let round = 0; round < MEASURED_ROUNDS; round++) {
  for (const sql of corpus) {
    const start = performance.now()
    translateAndRender(sql)
    const elapsed = performance.now() - start
    samples.push(elapsed)
    perQuery.set(sql, Math.max(perQuery.get(sql) ?? 0, elapsed))
  }
}
samples.sort((a, b) => a - b)
const [slowestSql, slowestMs] = [...perQuery.entries()].sort((a, b) => b[1] - a[1])[0]!

console.log(`parser cold start (import + WASM instantiate): ${coldMs.toFixed(1)} ms`)
console.log(
  `corpus: ${corpus.length} statements x ${MEASURED_ROUNDS} rounds after ${WARM_UP_ROUNDS} warm-up rounds`,
)
console.log(
  `translate + 3 renderings per query: median ${format(percentile(samples, 0.5))}, p99 ${format(percentile(samples, 0.99))}, max ${format(samples[samples.length - 1]!)}`,
)
console.log(
  `slowest statement (worst sample ${format(slowestMs)}): ${slowestSql.replace(/\s+/g, ' ').slice(0, 100)}`,
)
