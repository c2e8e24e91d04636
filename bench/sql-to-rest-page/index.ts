/**
 * SQL to REST page in Chromium: time from navigation until the tool is ready (its script running,
 * the output shown); time from the reader's first movement until the code editor is up, moving at
 * once and moving after a pause; the delay from a keystroke to the updated output (median and p95
 * over 100 edits); the time a Run on the sample data takes once PGlite is warm (median over 40
 * edits); and the page's Lighthouse figures (mobile preset, median of 3).
 * Run `npm run build` first. Figures are printed, never asserted.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { defaultRoot, loadRewrite, startStaticServer } from '../../apps/docs/server/serve'
import { chromiumArgs } from '../chromium'
import { auditWithRetry, launchChrome, median, ms, type RunFigures } from '../lighthouse/audit'

const PORT = Number(process.env.BENCH_PORT ?? 3211)
const EDITS = 100
const RUN_EDITS = 40
const LIGHTHOUSE_RUNS = 3
const READING_PAUSE_MS = 3000

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

async function main() {
  if (!existsSync(path.join(defaultRoot, 'guides', 'api', 'sql-to-rest.html'))) {
    console.error('No built SQL to REST page: run `npm run build -w apps/docs` first.')
    process.exit(1)
  }
  const server = await startStaticServer({ port: PORT, rewrite: await loadRewrite() })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  })
  try {
    const readyTimes: number[] = []
    const editorTimes: number[] = []
    const laterEditorTimes: number[] = []
    for (let run = 0; run < 10; run += 1) {
      // Half the loads: the reader moves as soon as the tool is ready; half: after reading a moment,
      // when the page has loaded the parser in its idle time.
      const later = run % 2 === 1
      const context = await browser.newContext()
      const page = await context.newPage()
      const started = Date.now()
      await page.goto(`http://127.0.0.1:${PORT}/guides/api/sql-to-rest`)
      await page.locator('section.sql-to-rest[data-ready="true"]').waitFor()
      if (!later) readyTimes.push(Date.now() - started)
      else await page.waitForTimeout(READING_PAUSE_MS)
      // The code editor loads with the reader's first movement on the page.
      const moved = Date.now()
      await page.getByTestId('sql-editor-box').hover()
      await page.locator('.cm-content').waitFor()
      ;(later ? laterEditorTimes : editorTimes).push(Date.now() - moved)
      await context.close()
    }

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`http://127.0.0.1:${PORT}/guides/api/sql-to-rest`)
    await page.locator('section.sql-to-rest[data-ready="true"]').waitFor()
    await page.getByTestId('sql-editor-box').hover()
    await page.locator('.cm-content').click()
    await page.keyboard.press('ControlOrMeta+End')
    const measured = await page.evaluate(async (edits) => {
      const output = document.querySelector('[data-testid="output-curl"] pre')!
      const results: number[] = []
      for (let i = 0; i < edits; i += 1) {
        const changed = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            observer.disconnect()
            resolve(performance.now())
          })
          // An edit that leaves the output unchanged would wait forever; count it as no change.
          setTimeout(() => {
            observer.disconnect()
            resolve(Number.NaN)
          }, 2000)
          observer.observe(output, { childList: true, subtree: true, characterData: true })
        })
        // The example ends with "offset 1": typing a digit and deleting it again changes the
        // offset, so every edit changes the output.
        const start = performance.now()
        if (i % 2 === 0) document.execCommand('insertText', false, '5')
        else document.execCommand('delete')
        results.push((await changed) - start)
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
      }
      return results
    }, EDITS)
    const delays = measured.filter((delay) => !Number.isNaN(delay))
    const missed = measured.filter((delay) => Number.isNaN(delay)).length
    if (missed > 0) console.warn(`${missed} edits did not change the output and are left out`)

    // Run: the first press downloads and starts PGlite; after that every edit runs both sides
    // again. Timed from the edit to the new response, so it includes the translation.
    const coldStart = Date.now()
    await page.getByRole('button', { name: 'Run on sample data' }).click()
    await page.getByTestId('run-verdict').waitFor({ timeout: 120_000 })
    const coldRun = Date.now() - coldStart
    await page.locator('.cm-content').click()
    await page.keyboard.press('ControlOrMeta+End')
    const runTimes = await page.evaluate(async (edits) => {
      // No named inner functions here: the bundler running this file would wrap them in a helper
      // that does not exist in the page.
      const results: number[] = []
      for (let i = 0; i < edits; i += 1) {
        const before = document.querySelector('[data-testid="run-rest"]')?.textContent
        const start = performance.now()
        if (i % 2 === 0) document.execCommand('insertText', false, '5')
        else document.execCommand('delete')
        // The response may be replaced as well as changed: look at its text after each frame.
        let ended = Number.NaN
        while (performance.now() - start < 5000) {
          await new Promise((resolve) => requestAnimationFrame(resolve))
          if (document.querySelector('[data-testid="run-rest"]')?.textContent !== before) {
            ended = performance.now()
            break
          }
        }
        results.push(ended - start)
      }
      return results
    }, RUN_EDITS)
    const runs = runTimes.filter((time) => !Number.isNaN(time))
    await context.close()

    const lighthouseChrome = await launchChrome()
    const audits: RunFigures[] = []
    try {
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1)
        audits.push(
          await auditWithRetry(`http://127.0.0.1:${PORT}/guides/api/sql-to-rest`, lighthouseChrome.port),
        )
    } finally {
      lighthouseChrome.kill()
    }
    const of = (key: 'score' | 'tbt' | 'lcp' | 'benchmarkIndex') => median(audits.map((audit) => audit[key]))

    console.log('\nSQL to REST page (Chromium, built site)\n')
    console.log(
      `tool ready after load:  median ${percentile(readyTimes, 50)} ms, max ${Math.max(...readyTimes)} ms (${readyTimes.length} loads)`,
    )
    console.log(
      `editor after 1st move:  median ${percentile(editorTimes, 50)} ms, max ${Math.max(...editorTimes)} ms; moving ${READING_PAUSE_MS / 1000} s after the tool is ready: median ${percentile(laterEditorTimes, 50)} ms, max ${Math.max(...laterEditorTimes)} ms`,
    )
    console.log(
      `keystroke -> output:    median ${percentile(delays, 50).toFixed(2)} ms, p95 ${percentile(delays, 95).toFixed(2)} ms (${delays.length} edits)`,
    )
    console.log(
      `first Run (PGlite):     ${coldRun} ms; warm Run, edit -> response: median ${percentile(runs, 50).toFixed(1)} ms, p95 ${percentile(runs, 95).toFixed(1)} ms (${runs.length} of ${RUN_EDITS} edits)`,
    )
    console.log(
      `Lighthouse (mobile):    score ${Math.round(of('score'))}, TBT ${ms(of('tbt'))}, LCP ${ms(of('lcp'))}, CPU index ${Math.round(of('benchmarkIndex'))} (median of ${LIGHTHOUSE_RUNS}; ${audits[0]?.versions ?? ''})`,
    )
    console.log('Goals: keystroke p95 under 16 ms; warm Run median under 50 ms; Lighthouse 90 or more.')
  } finally {
    await browser.close()
    server.close()
  }
}

await main()
