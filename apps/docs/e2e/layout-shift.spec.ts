import { expect, test, type Browser, type Page } from '@playwright/test'

declare global {
  interface Window {
    layoutShifts: { value: number; sources: string[] }[]
  }
}

/** Good CLS is below 0.1; these pages have no reason to move at all while they load. */
const LIMIT = 0.05

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]

/** A fresh context (empty cache, fonts and styles fetched as on a first visit) that records shifts. */
async function recordingPage(browser: Browser, viewport: { width: number; height: number }) {
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
  return page
}

async function expectNoShift(page: Page) {
  await page.evaluate(() => document.fonts.ready)
  // Two frames, so shifts from the last layout are reported before they are read.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  const shifts = await page.evaluate(() => window.layoutShifts)
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0)
  expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(LIMIT)
}

for (const viewport of VIEWPORTS) {
  test(`home page layout stays put while loading at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    const page = await recordingPage(browser, viewport)
    await page.goto('/', { waitUntil: 'networkidle' })
    await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').waitFor()
    await expectNoShift(page)
    await page.context().close()
  })

  // The code editor replaces a plain text area on the reader's first movement; the swap must not
  // move the page.
  test(`SQL to REST stays put while its editor and translator load at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    // The editor comes once the tool's parser has loaded: seconds on a busy machine.
    test.slow()
    const page = await recordingPage(browser, viewport)
    await page.goto('/guides/api/sql-to-rest', { waitUntil: 'networkidle' })
    await page.getByTestId('sql-editor-box').hover()
    await page.locator('.cm-editor').waitFor()
    await page.locator('section[data-ready="true"]').waitFor()
    await expectNoShift(page)
    await page.context().close()
  })
}
