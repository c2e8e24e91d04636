/**
 * Search relevance over a built export: every query of the relevance set goes through the same
 * search the dialog runs (synonyms, merge, re-ranking) against the export's Pagefind index, and
 * the share of queries whose answer comes first, and among the first three, is printed with the
 * misses. Build first (`npm test -- production` writes apps/docs/out-test), then
 * `npm run search-relevance -w bench [-- <export dir>]`.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { PAGEFIND_OPTIONS } from '../../apps/docs/features/search/pagefind-client'
import { answers, RELEVANCE_QUERIES } from '../../apps/docs/features/search/relevance-queries'
import { searchSite } from '../../apps/docs/features/search/site-search'
import { loadPagefindFromExport } from './load-pagefind'

const exportDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../apps/docs/out-test'))
if (!existsSync(path.join(exportDir, 'pagefind', 'pagefind.js'))) {
  console.error(`No Pagefind index in ${exportDir}: build the site first (npm test -- production).`)
  process.exit(1)
}

const pagefind = await loadPagefindFromExport(exportDir)
await pagefind.options({ ...PAGEFIND_OPTIONS, baseUrl: '/' })
await pagefind.init()

let first = 0
let topThree = 0
const misses: string[] = []
const started = performance.now()
for (const entry of RELEVANCE_QUERIES) {
  const { hits } = await searchSite(pagefind, entry.query, 3)
  const paths = hits.map((hit) => hit.url.split('#')[0] ?? hit.url)
  if (paths[0] !== undefined && answers(entry, paths[0])) first += 1
  if (paths.some((found) => answers(entry, found))) topThree += 1
  else
    misses.push(
      `  "${entry.query}": expected ${entry.expected.join(' or ')}; got ${paths.join(', ') || 'nothing'}`,
    )
}
const total = RELEVANCE_QUERIES.length
const percent = (count: number) => `${((100 * count) / total).toFixed(1)}%`
console.log(`Search relevance over ${total} queries (${exportDir})`)
console.log(`  top-1 hit rate: ${first}/${total} = ${percent(first)}`)
console.log(`  top-3 hit rate: ${topThree}/${total} = ${percent(topThree)}`)
console.log(`  mean time per query in Node: ${((performance.now() - started) / total).toFixed(0)} ms`)
if (misses.length > 0) console.log(`Not in the top 3:\n${misses.join('\n')}`)
