import { expect, test, type Locator, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'

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
  // Three pages, one of them the SQL tool with its editor: a busy machine needs more than the usual limit.
  test.slow()
  await page.goto('/guides/auth/phone-login')
  await islandsReady(page)
  await expectNoLigatures(page.locator('.doc-content p > code').first(), 'inline code')
  const block = page.locator('figure.code-block', { hasText: 'verify-code.ts' })
  // The token itself, where the font would have drawn ≡.
  await expectNoLigatures(
    block.locator('.line > span').filter({ hasText: /^\s*===\s*$/ }),
    'guide code block',
  )

  // A section's page of its own: the same code figure as the long page, a fraction of its weight.
  await page.goto('/reference/javascript/crawlers/select')
  await islandsReady(page)
  await expectNoLigatures(page.locator('figure.ref-code pre').first(), 'reference code figure')

  await page.goto('/guides/api/sql-to-rest')
  await islandsReady(page)
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await expectNoLigatures(page.getByLabel('cURL output'), 'SQL to REST output')
  await page.getByTestId('sql-editor-box').hover()
  // The editor comes once the tool's parser has loaded, which a busy machine can take seconds to do.
  await expect(page.locator('.cm-content')).toBeVisible({ timeout: 20_000 })
  await expectNoLigatures(page.locator('.cm-content'), 'SQL editor')
})

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }

type Box = { left: number; right: number; top: number; bottom: number }

/** The boxes of each code block of the page: figure, bar, Copy button, code and first line. */
function codeBlockBoxes(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box | null => {
      if (!element) return null
      const { left, right, top, bottom } = element.getBoundingClientRect()
      return { left, right, top, bottom }
    }
    // Blocks the page does not show (a setup kept for a dialog) have no bar to measure.
    const shown = [...document.querySelectorAll('figure.code-block')].filter(
      (figure) => figure.getClientRects().length > 0,
    )
    return shown.map((figure) => {
      const pre = figure.querySelector('.code-body pre')!
      const firstLine = pre.querySelector('.line')
      // The part of the first line the reader sees: the code box clips what scrolls beyond it.
      const line = box(firstLine)
      const code = box(pre)!
      const visibleLine = line && {
        ...line,
        left: Math.max(line.left, code.left),
        right: Math.min(line.right, code.right),
      }
      return {
        bar: figure.getAttribute('data-bar'),
        title: figure.querySelector('figcaption')?.textContent ?? '',
        figure: box(figure)!,
        label: box(figure.querySelector('.code-label')),
        button: box(figure.querySelector('button'))!,
        body: box(figure.querySelector('.code-body'))!,
        code,
        firstLine: visibleLine,
      }
    })
  })
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`the Copy button sits inside the bar of a titled block at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await page.goto('/guides/auth/phone-login')
    await islandsReady(page)
    const titled = (await codeBlockBoxes(page)).filter((block) => block.bar === 'title')
    expect(titled.length).toBeGreaterThan(3)
    for (const { title, figure, label, button, body } of titled) {
      // The bar runs from the top border of the block to the border above the code.
      expect(button.top, `${title}: below the top of the bar`).toBeGreaterThanOrEqual(figure.top + 1)
      expect(button.bottom, `${title}: above the line under the bar`).toBeLessThanOrEqual(body.top)
      expect(button.right, `${title}: inside the block`).toBeLessThanOrEqual(figure.right - 1)
      expect(button.left, `${title}: right of the title`).toBeGreaterThanOrEqual(label!.right)
    }
  })
}

test('the Copy button never covers code in an untitled block on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE)
  // One-line blocks (the button beside the line) and longer ones (the button in the language bar).
  for (const url of ['/guides/platform/custom-domains', '/guides/platform/vanity-subdomains']) {
    await page.goto(url)
    await islandsReady(page)
    const untitled = (await codeBlockBoxes(page)).filter((block) => block.bar !== 'title')
    expect(untitled.length, url).toBeGreaterThan(2)
    for (const [index, block] of untitled.entries()) {
      const what = `${url}, untitled block ${index + 1}`
      expect(block.firstLine, what).not.toBeNull()
      expect(overlaps(block.button, block.firstLine!), `${what}: button over the first line`).toBe(false)
      // Nor over any code scrolled under it: the button is outside the box the code scrolls in.
      expect(overlaps(block.button, block.code), `${what}: button over the code box`).toBe(false)
      expect(block.button.right, what).toBeLessThanOrEqual(block.figure.right - 1)
    }
    expect(untitled.some((block) => block.bar === 'none')).toBe(true)
  }
})

test('code blocks never wrap: long lines scroll inside the block, with a shadow at the edge', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/guides/auth/phone-login')
  await islandsReady(page)
  const styles = await page.evaluate(() =>
    [...document.querySelectorAll('figure.code-block pre')].map((pre) => {
      const style = getComputedStyle(pre)
      return {
        whiteSpace: style.whiteSpace,
        overflowX: style.overflowX,
        lineHeight: parseFloat(style.lineHeight) / parseFloat(style.fontSize),
        attachment: style.backgroundAttachment,
        overflows: pre.scrollWidth > pre.clientWidth,
      }
    }),
  )
  expect(styles.length).toBeGreaterThan(3)
  for (const style of styles) {
    expect(style.whiteSpace).toBe('pre')
    expect(style.overflowX).toBe('auto')
    expect(style.lineHeight).toBeGreaterThanOrEqual(1.5)
    expect(style.lineHeight).toBeLessThanOrEqual(1.7)
    // Covers that move with the code over shadows that stay at the edges.
    expect(style.attachment).toBe('local, local, scroll, scroll')
  }
  expect(styles.some((style) => style.overflows)).toBe(true)

  const block = page.locator('figure.code-block', { hasText: 'verify-code.ts' })
  const text = await block.locator('.code-body').innerText()
  expect(text.split('\n')[1]).toBe('')
  expect(text).toContain("  if (error?.code === 'otp_expired') return")
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  // The code scrolls to its end, and the Copy button stays where it was.
  const pre = block.locator('pre')
  const buttonBefore = await block.getByRole('button').boundingBox()
  const scrolled = await pre.evaluate((element) => {
    element.scrollLeft = element.scrollWidth
    return element.scrollLeft
  })
  expect(scrolled).toBeGreaterThan(0)
  expect(await block.getByRole('button').boundingBox()).toEqual(buttonBefore)
})

test('a column named `name` is not coloured as an SQL keyword', async ({ page }) => {
  await page.goto('/guides/database/tables')
  await islandsReady(page)
  const block = page.locator('figure.code-block', { hasText: 'read-products.sql' })
  const colourOf = (text: string) =>
    block
      .locator('.line span')
      .filter({ hasText: new RegExp(`^\\s*${text}\\s*$`) })
      .first()
      .evaluate((span) => getComputedStyle(span).color)
  const keyword = await colourOf('select')
  expect(await colourOf('from')).toBe(keyword)
  const nameSpan = block.locator('.line span', { hasText: /\bname\b/ }).first()
  expect(await nameSpan.evaluate((span) => getComputedStyle(span).color)).not.toBe(keyword)
})
