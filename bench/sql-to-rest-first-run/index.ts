/**
 * The SQL to REST tool's first Run in Chromium: from the press of Run to the first response on the
 * sample data, in a fresh browser context each time (nothing cached). Two readers: one who moves
 * over the tool, reads it for a few seconds and presses Run (the page starts the database as the
 * reader comes near), and one who presses Run the moment the tool is ready (nothing started
 * before). The run worker's own marks split the time into PGlite's start, the sample data and the
 * first query. Run `npm run build` first (DOCS_EXPORT_DIR picks another export). Figures are
 * printed, never asserted.
 */
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Worker } from '@playwright/test'
import { defaultRoot, loadRewrite, startStaticServer } from '../../apps/docs/server/serve'
import { chromiumArgs } from '../chromium'
import { median } from '../stats'

const PORT = Number(process.env.BENCH_PORT ?? 3212)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
/** How long the first reader looks at the tool before pressing Run. */
const READING_MS = Number(process.env.BENCH_READING_MS ?? 5000)
/** The marks the run worker sets, in order (see apps/docs/features/sql-to-rest/run.worker.ts). */
const PHASES = ['run-worker:data-dir-fetched', 'run-worker:pglite-ready', 'run-worker:first-run'] as const

async function workerMarks(workers: Worker[]): Promise<Record<string, number>> {
  for (const worker of workers) {
    const marks = await worker
      .evaluate(() =>
        Object.fromEntries(
          performance
            .getEntriesByType('mark')
            .map((mark) => [mark.name, performance.timeOrigin + mark.startTime] as const),
        ),
      )
      .catch(() => ({}) as Record<string, number>)
    if (PHASES[0] in marks || 'run-worker:start' in marks) return marks
  }
  return {}
}

async function main() {
  if (!existsSync(path.join(defaultRoot, 'guides', 'api', 'sql-to-rest.html'))) {
    console.error(`No built SQL to REST page in ${defaultRoot}: run the site build first.`)
    process.exit(1)
  }
  const server = await startStaticServer({ port: PORT, rewrite: await loadRewrite() })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  })
  const scenarios = [
    { name: `reads ${READING_MS / 1000} s, then presses Run`, reads: true },
    { name: 'presses Run at once', reads: false },
  ]
  const figures = scenarios.map((scenario) => ({
    ...scenario,
    totals: [] as number[],
    phases: {} as Record<string, number[]>,
  }))
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const figure of figures) {
        const context = await browser.newContext()
        const page = await context.newPage()
        await page.goto(`http://127.0.0.1:${PORT}/guides/api/sql-to-rest`)
        await page.locator('section.sql-to-rest[data-ready="true"]').waitFor()
        const button = page.getByRole('button', { name: 'Run on sample data' })
        if (figure.reads) {
          await page.getByTestId('sql-editor-box').hover()
          await page.waitForTimeout(READING_MS)
          await button.hover()
        }
        const pressed = await page.evaluate(() => performance.timeOrigin + performance.now())
        await button.click()
        await page.getByTestId('run-verdict').waitFor({ timeout: 120_000 })
        const answered = await page.evaluate(() => performance.timeOrigin + performance.now())
        figure.totals.push(answered - pressed)
        const marks = await workerMarks(page.workers())
        let previous = marks['run-worker:start']
        for (const name of PHASES) {
          const at = marks[name]
          if (at === undefined || previous === undefined) continue
          ;(figure.phases[name] ??= []).push(at - previous)
          previous = at
        }
        await context.close()
      }
    }
  } finally {
    await browser.close()
    server.close()
  }
  const [load1] = os.loadavg()
  console.log(
    `\nSQL to REST first Run (Chromium, ${path.basename(defaultRoot)}, load average ${load1!.toFixed(2)} on ${os.cpus().length} cores)\n`,
  )
  for (const figure of figures) {
    console.log(
      `${figure.name.padEnd(34)} press -> first response: median ${Math.round(median(figure.totals))} ms, max ${Math.round(Math.max(...figure.totals))} ms (${figure.totals.length} fresh loads)`,
    )
    for (const [name, values] of Object.entries(figure.phases))
      console.log(`  ${name.padEnd(32)} median ${Math.round(median(values))} ms after the previous step`)
  }
  console.log('Goal: the first Run answers within 3 s of the press, on a busy machine too.')
}

await main()
