/**
 * The reference's Run button in Chromium. First Run: from the press to the verdict on
 * /reference/javascript/select, in a fresh browser context each time (nothing cached), so it
 * includes starting the worker and downloading and starting PGlite. Later Runs: presses on the same
 * page once the first is done, over select, filter and write examples, each from a fresh copy of
 * its data source. Times are taken inside the page, from the press to the button leaving its busy
 * state. Run `npm run build` first (DOCS_EXPORT_DIR picks another export). Figures are printed,
 * never asserted.
 */
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { compressionWarmed, defaultRoot, loadRewrite, startStaticServer } from '../../apps/docs/server/serve'
import { chromiumArgs } from '../chromium'
import { median } from '../stats'
import { pressRun } from '../press-run'

const PORT = Number(process.env.BENCH_PORT ?? 3213)
const FIRST_RUNS = Number(process.env.BENCH_RUNS ?? 3)
const LATER_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4)
/** Examples of the select section pressed in turn for the later runs (reads, embeds, a count). */
const LATER_EXAMPLES = ['select/all-rows', 'select/referenced-table', 'select/inner-join', 'select/count']

async function openSelect(page: Page) {
  await page.goto(`http://127.0.0.1:${PORT}/reference/javascript/select`)
  await page.locator('[data-ref-page][data-ref-ready]').waitFor()
  // The other tabs' panels load when shown; show each so that its Run button exists.
  for (const tab of await page.locator('[id="select"] [role="tab"]').all()) await tab.click()
  await page.locator('[id="select"] [role="tab"]').first().click()
}

async function main() {
  if (!existsSync(path.join(defaultRoot, 'reference', 'javascript.html'))) {
    console.error(`No built JavaScript reference in ${defaultRoot}: run the site build first.`)
    process.exit(1)
  }
  // As `npm start` serves: the large files compressed before the first reader asks for them.
  const server = await startStaticServer({ port: PORT, rewrite: await loadRewrite(), warmCompression: true })
  await compressionWarmed(server)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  })
  const first: number[] = []
  const later: number[] = []
  const verdicts = new Map<string, number>()
  try {
    for (let round = 0; round < FIRST_RUNS; round += 1) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await openSelect(page)
      const { ms, verdict } = await pressRun(page, 'select/all-rows')
      first.push(ms)
      verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1)
      if (round === FIRST_RUNS - 1) {
        for (let again = 0; again < LATER_ROUNDS; again += 1) {
          for (const key of LATER_EXAMPLES) {
            const result = await pressRun(page, key)
            later.push(result.ms)
            verdicts.set(result.verdict, (verdicts.get(result.verdict) ?? 0) + 1)
          }
        }
      }
      await context.close()
    }
  } finally {
    await browser.close()
    server.close()
  }
  const [load1] = os.loadavg()
  console.log(
    `\nReference Run (Chromium, ${path.basename(defaultRoot)}, load average ${load1!.toFixed(2)} on ${os.cpus().length} cores)\n`,
  )
  console.log(
    `first Run, press -> result: median ${Math.round(median(first))} ms, max ${Math.round(Math.max(...first))} ms (${first.length} fresh loads of /reference/javascript/select)`,
  )
  console.log(
    `later Runs, press -> result: median ${Math.round(median(later))} ms, max ${Math.round(Math.max(...later))} ms (${later.length} runs of ${LATER_EXAMPLES.length} examples)`,
  )
  console.log(`verdicts: ${[...verdicts].map(([verdict, count]) => `${verdict} ${count}`).join(', ')}`)
  console.log('Budget: first Run at most 1.5 s, later Runs at most 50 ms median.')
}

await main()
