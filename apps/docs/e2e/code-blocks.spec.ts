import { expect, test, type Locator, type Page } from '@playwright/test'

/** The font settings a code element is drawn with. */
async function ligatureSettings(element: Locator) {
  return element.evaluate((node) => {
    const style = getComputedStyle(node)
    return {
      family: style.fontFamily,
      ligatures: style.fontVariantLigatures,
      features: style.fontFeatureSettings,
    }
  })
}

async function expectNoLigatures(element: Locator, what: string) {
  await expect(element, what).toBeVisible()
  const settings = await ligatureSettings(element)
  expect(settings.family, what).toMatch(/^ui-monospace,/)
  expect(settings.ligatures, what).toBe('none')
  expect(settings.features, what).toContain('"liga" 0')
  expect(settings.features, what).toContain('"calt" 0')
}

test('code is drawn without ligatures: === and >= keep their characters', async ({ page }) => {
  await page.goto('/guides/auth/phone-login')
  await expectNoLigatures(page.locator('.doc-content p > code').first(), 'inline code')
  const block = page.locator('figure.code-block', { hasText: 'verify-code.ts' })
  // The token itself, where the font would have drawn ≡.
  await expectNoLigatures(
    block.locator('.line > span').filter({ hasText: /^\s*===\s*$/ }),
    'guide code block',
  )

  await page.goto('/reference/javascript')
  await expectNoLigatures(page.locator('figure.ref-code pre').first(), 'reference code figure')

  await page.goto('/guides/api/sql-to-rest')
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await expectNoLigatures(page.getByLabel('cURL output'), 'SQL to REST output')
  await page.getByTestId('sql-editor-box').hover()
  // The editor comes once the tool's parser has loaded, which a busy machine can take seconds to do.
  await expect(page.locator('.cm-content')).toBeVisible({ timeout: 20_000 })
  await expectNoLigatures(page.locator('.cm-content'), 'SQL editor')
})

/**
 * For every line of the page's wrapping code blocks that takes more than one row: where its code
 * starts (after the indent) and where each continuation row starts, from Range.getClientRects.
 */
function wrappedLines(page: Page) {
  return page.evaluate(() => {
    const results: { text: string; codeStart: number; rowStarts: number[]; blockLeft: number }[] = []
    for (const line of document.querySelectorAll<HTMLElement>('figure.code-block .code-wrap .line')) {
      const text = line.textContent ?? ''
      const indent = /^\s*/.exec(text)![0].length
      if (indent === text.length) continue
      // The text node and offset of the first character after the indent.
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT)
      let seen = 0
      let first: { node: Text; offset: number } | undefined
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (seen + node.length > indent) {
          first = { node, offset: indent - seen }
          break
        }
        seen += node.length
      }
      if (!first) continue
      const firstChar = document.createRange()
      firstChar.setStart(first.node, first.offset)
      firstChar.setEnd(first.node, first.offset + 1)
      const start = firstChar.getBoundingClientRect()

      const whole = document.createRange()
      whole.selectNodeContents(line)
      const rows = new Map<number, number>()
      for (const rect of whole.getClientRects()) {
        if (rect.width === 0) continue
        const top = Math.round(rect.top)
        rows.set(top, Math.min(rows.get(top) ?? Infinity, rect.left))
      }
      if (rows.size < 2) continue
      const tops = [...rows.keys()].sort((a, b) => a - b)
      results.push({
        text,
        codeStart: start.left,
        rowStarts: tops.slice(1).map((top) => rows.get(top)!),
        blockLeft: line.closest('pre')!.getBoundingClientRect().left,
      })
    }
    return results
  })
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`a wrapped code line keeps its indentation at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport)
    for (const url of ['/guides/auth/phone-login', '/guides/auth/callback-route']) {
      await page.goto(url)
      const lines = await wrappedLines(page)
      // The long `if (error?.code === 'otp_expired') ...` line wraps on both sizes.
      if (url === '/guides/auth/phone-login') {
        expect(lines.some((line) => line.text.includes("'otp_expired'"))).toBe(true)
      }
      for (const line of lines) {
        for (const rowStart of line.rowStarts) {
          // Every continuation starts at or right of the line's own code, never back at column 0.
          expect(rowStart, `${url}: ${line.text.trim()}`).toBeGreaterThanOrEqual(line.codeStart - 0.5)
        }
        expect(line.codeStart, line.text).toBeGreaterThan(line.blockLeft)
      }
    }
  })
}

test('wrapped blocks keep every line, blank ones included, and stay inside the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/guides/auth/phone-login')
  const block = page.locator('figure.code-block', { hasText: 'verify-code.ts' })
  const text = await block.locator('.code-body').innerText()
  expect(text.split('\n')[1]).toBe('')
  expect(text).toContain("  if (error?.code === 'otp_expired') return")
  const sideways = await block.locator('.code-body').evaluate((body) => body.scrollWidth - body.clientWidth)
  expect(sideways).toBeLessThanOrEqual(1)
})
