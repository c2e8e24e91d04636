/**
 * REST engine: requests per second and latency per request through the fetch handler over PGlite
 * (Node), on the SQL tool's sample shop, every request rolled back. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import { createRestHandler } from '../../packages/rest-engine/src/index'
import { sampleDataSql, sampleSchemaSql } from '../../packages/sql-to-rest/src/index'
import { BENCH_REQUESTS } from './requests'

const WARM_UP_ROUNDS = 20
const MEASURED_ROUNDS = 100

const db = await PGlite.create()
await db.exec(sampleSchemaSql)
await db.exec(sampleDataSql())
const handle = createRestHandler(db, { aggregatesEnabled: true, transactionEnd: 'rollback' })

async function send(entry: (typeof BENCH_REQUESTS)[number]): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (entry.prefer) headers.Prefer = entry.prefer
  const response = await handle(
    new Request(`http://localhost/rest/v1${entry.path}`, {
      method: entry.method,
      headers,
      ...(entry.body === undefined ? {} : { body: entry.body }),
    }),
  )
  const body = await response.text()
  if (response.status >= 400) throw new Error(`${entry.method} ${entry.path}: ${response.status} ${body}`)
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

const coldStart = performance.now()
await send(BENCH_REQUESTS[0]!)
const coldMs = performance.now() - coldStart

for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const entry of BENCH_REQUESTS) await send(entry)

const samples: number[] = []
const perRequest = new Map<string, number[]>()
const started = performance.now()
for (let round = 0; round < MEASURED_ROUNDS; round++) {
  for (const entry of BENCH_REQUESTS) {
    const start = performance.now()
    await send(entry)
    const elapsed = performance.now() - start
    samples.push(elapsed)
    const key = `${entry.method} ${entry.path}`
    perRequest.set(key, [...(perRequest.get(key) ?? []), elapsed])
  }
}
const totalMs = performance.now() - started
samples.sort((a, b) => a - b)

console.log(`first request (schema cache read + first statement): ${coldMs.toFixed(1)} ms`)
console.log(
  `${BENCH_REQUESTS.length} requests x ${MEASURED_ROUNDS} rounds after ${WARM_UP_ROUNDS} warm-up rounds`,
)
console.log(
  `throughput: ${((samples.length / totalMs) * 1000).toFixed(0)} requests/s (one connection, sequential)`,
)
console.log(
  `per request: median ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${percentile(samples, 0.95).toFixed(2)} ms, max ${samples[samples.length - 1]!.toFixed(2)} ms`,
)
for (const [key, values] of perRequest) {
  values.sort((a, b) => a - b)
  console.log(`  p95 ${percentile(values, 0.95).toFixed(2).padStart(6)} ms  ${key}`)
}
await db.close()
