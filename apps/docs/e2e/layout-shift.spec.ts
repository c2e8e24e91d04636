import { expect, test } from '@playwright/test'

declare global {
  interface Window {
    layoutShifts: { value: number; sources: string[] }[]
  }
}

/** Good CLS is below 0.1; the home page, a few lines of text, has no reason to move at all. */
const LIMIT = 0.05

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`home page layout stays put while loading at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    // A fresh context: empty cache, fonts and styles fetched as on a first visit.
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await page.addInitScript(() => {
      window.layoutShifts = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          hadRecentInput: boolean
          sources: { node?: Node | null }[]
        })[]) {
          if (entry.hadRecentInput) continue
          window.layoutShifts.push({
            value: entry.value,
            sources: entry.sources.map((source) => source.node?.textContent?.trim().slice(0, 40) ?? '?'),
          })
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/', { waitUntil: 'networkidle' })
    await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').waitFor()
    await page.evaluate(() => document.fonts.ready)
    // Two frames, so shifts from the last layout are reported before they are read.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )

    const shifts = await page.evaluate(() => window.layoutShifts)
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0)
    expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(LIMIT)
    await context.close()
  })
}
