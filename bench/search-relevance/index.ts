/**
 * Search relevance over a built export: every query of the relevance set goes through the same
 * search the dialog runs (typo correction against the export's vocabulary, synonyms, the match
 * check, word-by-word search, re-ranking) against the export's Pagefind index, and
 * the share of queries whose answer comes first, and among the first three, is printed with the
 * queries that miss either. Build first (`npm test -- production` writes apps/docs/out-test), then
 * `npm run search-relevance -w bench [-- <export dir>]`.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { loadPagefindFromExport } from '@docs/site-search/node'
import { answers, RELEVANCE_QUERIES } from '../../apps/docs/features/search'
import { searchSite, spellingIndex } from '@docs/site-search'

const exportDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../apps/docs/out-test'))
if (!existsSync(path.join(exportDir, 'pagefind', 'pagefind.js'))) {
  console.error(`No Pagefind index in ${exportDir}: build the site first (npm test -- production).`)
  process.exit(1)
}

const pagefind = await loadPagefindFromExport(exportDir)
const vocabulary = path.join(exportDir, 'pagefind', 'vocabulary.json')
const spelling = existsSync(vocabulary)
  ? spellingIndex(JSON.parse(readFileSync(vocabulary, 'utf8')))
  : undefined
if (!spelling) console.log('No vocabulary.json in the export: typos are searched as typed.')

let first = 0
let topThree = 0
const misses: string[] = []
const notFirst: string[] = []
const started = performance.now()
for (const entry of RELEVANCE_QUERIES) {
  const { hits } = await searchSite(pagefind, entry.query, { limit: 3, ...(spelling ? { spelling } : {}) })
  const paths = hits.map((hit) => hit.url.split('#')[0] ?? hit.url)
  if (paths[0] !== undefined && answers(entry, paths[0])) first += 1
  else if (paths.some((found) => answers(entry, found)))
    notFirst.push(`  "${entry.query}": expected ${entry.expected.join(' or ')}; first ${paths[0]}`)
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
if (notFirst.length > 0) console.log(`In the top 3, not first:\n${notFirst.join('\n')}`)
if (misses.length > 0) console.log(`Not in the top 3:\n${misses.join('\n')}`)
