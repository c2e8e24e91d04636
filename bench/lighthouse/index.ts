/**
 * Lighthouse (mobile preset: its default phone emulation and simulated slow-4G / 4x CPU throttling)
 * on representative pages of the built site, served locally. Each page is audited three times and
 * every figure is the median of the three. Also printed: the HTML document's bytes (raw and
 * gzipped) and the element count after load (Lighthouse's dom-size audit). The lowest and highest
 * score and blocking time of the runs are printed beside the medians: on a 2-core machine the same
 * page's blocking time moves by a few hundred milliseconds from run to run.
 * Run `npm run build -w apps/docs` first. Figures are printed, never asserted.
 * `npm run lighthouse -- /reference/cli /reference/javascript` audits only the pages named.
 */
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { defaultRoot, loadRewrite, startStaticServer } from '../../apps/docs/server/serve'
import { auditWithRetry, kb, launchChrome, median, ms, type RunFigures } from './audit'

/** Three, as the site's target is set; `LIGHTHOUSE_RUNS` takes more for a steadier median. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS) > 0 ? Math.floor(Number(process.env.LIGHTHOUSE_RUNS)) : 3

const pages: { path: string; file: string }[] = [
  { path: '/', file: 'index.html' },
  { path: '/guides/getting-started', file: 'guides/getting-started.html' },
  { path: '/guides/api/sql-to-rest', file: 'guides/api/sql-to-rest.html' },
  { path: '/reference/javascript', file: 'reference/javascript.html' },
  { path: '/reference/javascript/v1', file: 'reference/javascript/v1.html' },
  { path: '/reference/cli', file: 'reference/cli.html' },
  { path: '/reference/api', file: 'reference/api.html' },
]

/** The pages named on the command line, or all of them. */
function selectedPages(names: string[]): typeof pages {
  if (names.length === 0) return pages
  const unknown = names.filter((name) => !pages.some((page) => page.path === name))
  if (unknown.length > 0) {
    console.error(
      `Not a benchmarked page: ${unknown.join(', ')}. Pages: ${pages.map((page) => page.path).join(', ')}`,
    )
    process.exit(1)
  }
  return pages.filter((page) => names.includes(page.path))
}

/** The lowest and highest of the runs' figures, rounded: `82–93`. */
const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`

async function main() {
  const chosen = selectedPages(process.argv.slice(2))
  if (!existsSync(path.join(defaultRoot, 'index.html'))) {
    console.error('No built site: run `npm run build -w apps/docs` first.')
    process.exit(1)
  }
  // Port 0: the system picks a free port, so the benchmark never collides with a running server.
  const server = await startStaticServer({ port: 0, rewrite: await loadRewrite() })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const chrome = await launchChrome()
  const rows: string[] = []
  const outside = new Set<string>()
  const versions = new Set<string>()
  try {
    for (const page of chosen) {
      if (!existsSync(path.join(defaultRoot, page.file))) continue
      const url = `${origin}${page.path}`
      const html = Buffer.from(await (await fetch(url)).arrayBuffer())
      const runs: RunFigures[] = []
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await auditWithRetry(url, chrome.port))
        process.stderr.write('.')
      }
      runs.flatMap((run) => run.outside).forEach((address) => outside.add(address))
      runs.forEach((run) => versions.add(run.versions))
      const of = (key: Exclude<keyof RunFigures, 'outside' | 'versions'>) =>
        median(runs.map((run) => run[key]))
      rows.push(
        [
          page.path.padEnd(26),
          String(Math.round(of('score'))).padStart(5),
          range(runs.map((run) => run.score)).padStart(8),
          ms(of('fcp')).padStart(9),
          ms(of('lcp')).padStart(9),
          ms(of('tbt')).padStart(8),
          range(runs.map((run) => run.tbt)).padStart(10),
          of('cls').toFixed(3).padStart(6),
          kb(html.length).padStart(11),
          kb(gzipSync(html).length).padStart(10),
          String(of('domElements')).padStart(9),
          String(Math.round(of('benchmarkIndex'))).padStart(10),
        ].join(' '),
      )
    }
  } finally {
    chrome.kill()
    server.close()
  }
  console.log(`\n\nLighthouse, mobile preset, median of ${RUNS} runs (${[...versions].join('; ')})\n`)
  console.log(
    'page                       score   range       FCP       LCP      TBT     range    CLS    HTML raw    HTML gz  elements  CPU index',
  )
  for (const row of rows) console.log(row)
  console.log('\nrange: the lowest and highest score and TBT of the runs.')
  console.log('elements: document elements after load (Lighthouse dom-size).')
  console.log(
    "CPU index: Lighthouse's benchmark of this machine during the runs; under about 1,000 the machine was busy and TBT reads high.",
  )
  console.log(
    outside.size
      ? `Requests outside localhost:\n  ${[...outside].join('\n  ')}`
      : 'Requests outside localhost: none.',
  )
}

await main()
