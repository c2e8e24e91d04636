/**
 * Tables on a phone: a table wider than the column scrolls inside its own frame (the page does
 * not), and inline code in a cell never breaks (`isdistinc|t`) except where it marks a break
 * opportunity itself (`<wbr>` after each underscore of an auth error code).
 */
import { expect, test } from '@playwright/test'

const PAGES = ['/guides/api/filtering', '/guides/auth/error-codes']

for (const url of PAGES) {
  test(`${url}: at 390 px tables scroll in their frame and inline code stays whole`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(url)
    const measured = await page.evaluate(() => {
      const frames = [...document.querySelectorAll('.doc-content .table-scroll')]
      const broken = [...document.querySelectorAll('.doc-content .table-scroll td code, .doc-content .table-scroll th code')]
        .filter((code) => {
          const lines = code.getClientRects().length
          if (lines <= 1) return false
          // A code with <wbr> may break there only: at most one line per marked piece.
          const pieces = code.querySelectorAll('wbr').length + 1
          return pieces === 1 || lines > pieces
        })
        .map((code) => code.textContent)
      return {
        pageWidth: document.documentElement.scrollWidth,
        frames: frames.length,
        scrolling: frames.filter((frame) => frame.scrollWidth > frame.clientWidth).length,
        broken,
      }
    })
    expect(measured.pageWidth).toBeLessThanOrEqual(390)
    expect(measured.frames).toBeGreaterThan(0)
    expect(measured.scrolling).toBeGreaterThan(0)
    expect(measured.broken).toEqual([])
  })
}
