/**
 * Lighthouse (mobile preset: its default phone emulation and simulated slow-4G / 4x CPU throttling)
 * on representative pages of the built site, served locally. Each page is audited three times and
 * every figure is the median of the three. Also printed: the HTML document's bytes (raw and
 * gzipped) and the element count after load (Lighthouse's dom-size audit).
 * Run `npm run build -w apps/docs` first. Figures are printed, never asserted.
 */
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { defaultRoot, loadRewrite, startStaticServer } from '../../apps/docs/server/serve'

const RUNS = 3

const pages: { path: string; file: string }[] = [
  { path: '/', file: 'index.html' },
  { path: '/guides/getting-started', file: 'guides/getting-started.html' },
  { path: '/guides/api/sql-to-rest', file: 'guides/api/sql-to-rest.html' },
  { path: '/reference/javascript', file: 'reference/javascript.html' },
  { path: '/reference/javascript/v1', file: 'reference/javascript/v1.html' },
  { path: '/reference/cli', file: 'reference/cli.html' },
  { path: '/reference/api', file: 'reference/api.html' },
]

/**
 * Debian's Chromium with no background traffic. The resolver rule makes every host except this
 * machine unresolvable, so neither the page nor the browser can reach the network.
 */
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
]

interface RunFigures {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  domElements: number
  /** Requests Lighthouse saw that did not go to this machine: should stay empty. */
  outside: string[]
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${Math.round(value)} ms`

async function audit(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
  const { audits, categories, runtimeError } = result.lhr
  if (runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`)
  const value = (id: string) => audits[id]?.numericValue ?? NaN
  const requests =
    (audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? []
  return {
    score: (categories.performance?.score ?? NaN) * 100,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    domElements: value('dom-size'),
    outside: requests
      .map((request) => request.url)
      .filter(
        (address) =>
          /^https?:/.test(address) && !['127.0.0.1', 'localhost'].includes(new URL(address).hostname),
      ),
  }
}

/** On a busy machine Chromium can miss a DevTools deadline; such a run is repeated, not counted. */
async function auditWithRetry(url: string, port: number, attempts = 3): Promise<RunFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port)
    } catch (error) {
      if (attempt >= attempts) throw error
      process.stderr.write(`\n${(error as Error).message}; running it again\n`)
    }
  }
}

async function main() {
  if (!existsSync(path.join(defaultRoot, 'index.html'))) {
    console.error('No built site: run `npm run build -w apps/docs` first.')
    process.exit(1)
  }
  // Port 0: the system picks a free port, so the benchmark never collides with a running server.
  const server = await startStaticServer({ port: 0, rewrite: await loadRewrite() })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags,
    logLevel: 'error',
  })
  const rows: string[] = []
  const outside = new Set<string>()
  try {
    for (const page of pages) {
      if (!existsSync(path.join(defaultRoot, page.file))) continue
      const url = `${origin}${page.path}`
      const html = Buffer.from(await (await fetch(url)).arrayBuffer())
      const runs: RunFigures[] = []
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await auditWithRetry(url, chrome.port))
        process.stderr.write('.')
      }
      runs.flatMap((run) => run.outside).forEach((address) => outside.add(address))
      const of = (key: Exclude<keyof RunFigures, 'outside'>) => median(runs.map((run) => run[key]))
      rows.push(
        [
          page.path.padEnd(26),
          String(Math.round(of('score'))).padStart(5),
          ms(of('fcp')).padStart(9),
          ms(of('lcp')).padStart(9),
          ms(of('tbt')).padStart(8),
          of('cls').toFixed(3).padStart(6),
          kb(html.length).padStart(11),
          kb(gzipSync(html).length).padStart(10),
          String(of('domElements')).padStart(9),
        ].join(' '),
      )
    }
  } finally {
    chrome.kill()
    server.close()
  }
  console.log(`\n\nLighthouse, mobile preset, median of ${RUNS} runs\n`)
  console.log(
    'page                       score       FCP       LCP      TBT    CLS    HTML raw    HTML gz  elements',
  )
  for (const row of rows) console.log(row)
  console.log('\nelements: document elements after load (Lighthouse dom-size).')
  console.log(
    outside.size
      ? `Requests outside localhost:\n  ${[...outside].join('\n  ')}`
      : 'Requests outside localhost: none.',
  )
}

await main()
