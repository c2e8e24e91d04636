/**
 * SQL to REST page in Chromium: time from navigation until the editor and the translator are
 * ready, and the delay from a keystroke to the updated output (median and p95 over 100 edits).
 * Run `npm run build` first. Figures are printed, never asserted.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { defaultRoot, loadRewrite, startStaticServer } from '../../apps/docs/server/serve'

const PORT = Number(process.env.BENCH_PORT ?? 3211)
const EDITS = 100

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
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const readyTimes: number[] = []
    for (let run = 0; run < 5; run += 1) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const started = Date.now()
      await page.goto(`http://127.0.0.1:${PORT}/guides/api/sql-to-rest`)
      await page.locator('section.sql-to-rest[data-ready="true"] .cm-content').waitFor()
      readyTimes.push(Date.now() - started)
      await context.close()
    }

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`http://127.0.0.1:${PORT}/guides/api/sql-to-rest`)
    await page.locator('section.sql-to-rest[data-ready="true"] .cm-content').waitFor()
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
        // The example ends with "offset 20": typing a digit and deleting it again changes the
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
    await context.close()

    console.log('\nSQL to REST page (Chromium, built site)\n')
    console.log(`ready after navigation: median ${percentile(readyTimes, 50)} ms, max ${Math.max(...readyTimes)} ms (${readyTimes.length} loads)`)
    console.log(
      `keystroke -> output:    median ${percentile(delays, 50).toFixed(2)} ms, p95 ${percentile(delays, 95).toFixed(2)} ms (${delays.length} edits)`,
    )
    console.log('Goal: p95 under 16 ms per keystroke.')
  } finally {
    await browser.close()
    server.close()
  }
}

await main()
