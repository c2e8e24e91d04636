/**
 * Page weight: serves the built site, loads representative pages in Chromium and prints, per
 * page, the gzipped bytes of JavaScript, CSS and HTML fetched until the network is idle, and of
 * other pages' route payloads prefetched in that time.
 * Run `npm run build` first. Figures are measured, never asserted.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Page } from '@playwright/test'
import { defaultRoot, loadRewrite, startStaticServer } from '../../apps/docs/server/serve'
import { chromiumArgs } from '../chromium'

const PORT = Number(process.env.BENCH_PORT ?? 3210)

/** Pages that stand for each kind of page; those not built yet are skipped. */
const candidates: { name: string; path: string; file: string }[] = [
  { name: 'home', path: '/', file: 'index.html' },
  { name: 'guide with tabs', path: '/guides/getting-started', file: 'guides/getting-started.html' },
  { name: 'guide without tabs', path: '/guides/auth', file: 'guides/auth.html' },
  // The widget's code loads as it nears the window: at once where it is in the first screen.
  {
    name: 'guide with widget in view',
    path: '/guides/getting-started/api-keys',
    file: 'guides/getting-started/api-keys.html',
  },
  { name: 'guide with widget below', path: '/guides/ai/model-hub', file: 'guides/ai/model-hub.html' },
  { name: 'SQL to REST tool', path: '/guides/api/sql-to-rest', file: 'guides/api/sql-to-rest.html' },
  { name: 'CLI reference', path: '/reference/cli', file: 'reference/cli.html' },
  { name: 'JavaScript reference', path: '/reference/javascript', file: 'reference/javascript.html' },
  { name: 'JS reference v1', path: '/reference/javascript/v1', file: 'reference/javascript/v1.html' },
  { name: 'Management API reference', path: '/reference/api', file: 'reference/api.html' },
  { name: '404', path: '/no-such-page', file: '404.html' },
]

interface Weight {
  /** Scripts the HTML itself asks for: what the page needs to become interactive. */
  jsInitial: number
  js: number
  jsRaw: number
  css: number
  html: number
  htmlRaw: number
  /** Other pages' route payloads (`*.txt`, `?_rsc=`) fetched ahead of any click. */
  prefetched: number
  prefetchedRaw: number
  requests: number
  searchJs: boolean
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Waits until a second passes with no new response. */
async function untilQuiet(page: Page, responses: () => number) {
  let seen = -1
  while (seen !== responses()) {
    seen = responses()
    await page.waitForTimeout(1000)
  }
}

async function main() {
  if (!existsSync(path.join(defaultRoot, 'index.html'))) {
    console.error('No built site: run `npm run build -w apps/docs` first.')
    process.exit(1)
  }
  const server = await startStaticServer({ port: PORT, rewrite: await loadRewrite() })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  })
  const rows: [string, Weight][] = []
  try {
    for (const candidate of candidates) {
      if (!existsSync(path.join(defaultRoot, candidate.file))) continue
      const context = await browser.newContext()
      const page = await context.newPage()
      const weight: Weight = {
        jsInitial: 0,
        js: 0,
        jsRaw: 0,
        css: 0,
        html: 0,
        htmlRaw: 0,
        prefetched: 0,
        prefetchedRaw: 0,
        requests: 0,
        searchJs: false,
      }
      const pending: Promise<void>[] = []
      const scripts: { url: string; gz: number }[] = []
      let documentHtml = ''
      page.on('response', (response) => {
        pending.push(
          (async () => {
            const type = response.request().resourceType()
            const url = new URL(response.url())
            const payload =
              type === 'fetch' && (url.searchParams.has('_rsc') || url.pathname.endsWith('.txt'))
            if (!payload && !['script', 'document', 'stylesheet'].includes(type)) return
            const body = await response.body().catch(() => Buffer.alloc(0))
            const gz = gzipSync(body).length
            weight.requests += 1
            if (payload) {
              weight.prefetched += gz
              weight.prefetchedRaw += body.length
            } else if (type === 'script') {
              scripts.push({ url: new URL(response.url()).pathname, gz })
              weight.js += gz
              weight.jsRaw += body.length
              // Pagefind or the dialog's own chunk (the islands name their chunks; the button's is small).
              if (/pagefind|SearchDialog/i.test(response.url())) weight.searchJs = true
            } else if (type === 'stylesheet') weight.css += gz
            else {
              if (response.url().startsWith(`http://127.0.0.1:${PORT}${candidate.path}`))
                documentHtml ||= body.toString('utf8')
              weight.html += gz
              weight.htmlRaw += body.length
            }
          })(),
        )
      })
      await page.goto(`http://127.0.0.1:${PORT}${candidate.path}`, { waitUntil: 'networkidle' })
      // Prefetching starts after hydration, which on a long page ends after the first idle moment.
      await page.locator('button[data-listening="true"]').first().waitFor()
      await untilQuiet(page, () => pending.length)
      await Promise.all(pending)
      weight.jsInitial = scripts
        .filter((script) => documentHtml.includes(script.url))
        .reduce((sum, s) => sum + s.gz, 0)
      rows.push([candidate.name, weight])
      await context.close()
    }
  } finally {
    await browser.close()
    server.close()
  }
  console.log('\nPage weight (gzip, fetched until network idle)\n')
  console.log(
    'page                       JS initial  JS gz      JS raw     CSS gz     HTML gz    HTML raw   prefetch gz  prefetch raw  requests  search JS',
  )
  for (const [name, w] of rows) {
    console.log(
      `${name.padEnd(26)} ${kb(w.jsInitial).padStart(10)} ${kb(w.js).padStart(9)} ${kb(w.jsRaw).padStart(10)} ${kb(w.css).padStart(10)} ${kb(w.html).padStart(10)} ${kb(w.htmlRaw).padStart(11)} ${kb(w.prefetched).padStart(12)} ${kb(w.prefetchedRaw).padStart(13)} ${String(w.requests).padStart(9)}  ${w.searchJs ? 'yes' : 'no'}`,
    )
  }
  console.log(
    '\nJS initial: scripts the HTML references (the islands entry, with React). JS gz: every script',
  )
  console.log(
    "fetched until idle: the entry and the chunks of the page's own controls. prefetch: other pages'",
  )
  console.log('payloads fetched before any click (none expected: every link loads its page in full).')
  console.log(
    '\nGoals: a guide page at most 100 KB of gzipped JavaScript; a reference page at most 2 MB of raw HTML.',
  )
}

await main()
