import { expect, test, type Locator, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'

/** The outline the focused element is drawn with. */
function focusedOutline(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement
    const style = getComputedStyle(element)
    return {
      label: element.textContent?.trim() ?? '',
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
    }
  })
}

async function expectFocusedWithoutRing(page: Page, target: Locator, what: string) {
  await expect(target, what).toBeFocused()
  expect((await focusedOutline(page)).style, what).toBe('none')
}

async function expectFocusedWithRing(page: Page, target: Locator, what: string) {
  await expect(target, what).toBeFocused()
  const outline = await focusedOutline(page)
  expect(outline.style, what).not.toBe('none')
  expect(outline.width, what).toBeGreaterThanOrEqual(2)
}

test('guide tabs: a click selects without a ring, the keyboard shows one', async ({ page }) => {
  await page.goto('/guides/auth/captcha')
  await islandsReady(page)
  const tabs = page.locator('[data-query-group]').first().getByRole('tab')
  const second = tabs.nth(1)
  await second.click()
  await expect(second).toHaveAttribute('aria-selected', 'true')
  await expectFocusedWithoutRing(page, second, 'clicked tab')

  await page.keyboard.press('ArrowLeft')
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true')
  await expectFocusedWithRing(page, tabs.first(), 'tab reached with an arrow key')

  // Clicking again after the keyboard: still no ring.
  await second.click()
  await expectFocusedWithoutRing(page, second, 'tab clicked after keyboard use')

  // Tab away and back: the selected tab is the stop, with a ring.
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  await expectFocusedWithRing(page, second, 'tab reached with Tab')
})

test('SQL to REST output tabs: a click selects without a ring, the keyboard shows one', async ({ page }) => {
  await page.goto('/guides/api/sql-to-rest')
  await islandsReady(page)
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  const http = page.getByRole('tab', { name: 'HTTP' })
  await http.click()
  await expect(http).toHaveAttribute('aria-selected', 'true')
  await expectFocusedWithoutRing(page, http, 'clicked output tab')
  await page.keyboard.press('ArrowRight')
  const js = page.getByRole('tab', { name: 'JavaScript' })
  await expect(js).toHaveAttribute('aria-selected', 'true')
  await expectFocusedWithRing(page, js, 'output tab reached with an arrow key')
})

test('buttons: a click leaves no ring, Tab shows one', async ({ page }) => {
  await page.goto('/guides/getting-started')
  await islandsReady(page)
  const copy = page.getByRole('button', { name: 'Copy src/client.ts' })
  await copy.click()
  await expectFocusedWithoutRing(page, copy, 'clicked copy button')

  const search = page.getByRole('button', { name: 'Search' })
  await expect(search).toHaveAttribute('data-listening', 'true')
  await page.getByRole('link', { name: 'Skip to content' }).focus()
  for (let step = 0; step < 10; step++) {
    await page.keyboard.press('Tab')
    if (await search.evaluate((button) => button === document.activeElement)) break
  }
  await expectFocusedWithRing(page, search, 'search button reached with Tab')
})

test('in the scrolling side menu a ring is drawn whole, not cut by the menu’s edges', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/guides/auth/phone-login')
  await islandsReady(page)
  const menu = page.locator('aside').first()
  await menu.getByRole('link', { name: 'Email templates', exact: true }).focus()
  await page.keyboard.press('Tab')
  const captcha = menu.getByRole('link', { name: 'Captcha' })
  await expectFocusedWithRing(page, captcha, 'side menu link reached with Tab')
  const fits = await captcha.evaluate((link) => {
    const style = getComputedStyle(link)
    const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth)
    const ring = link.getBoundingClientRect()
    const clip = link.closest('aside')!.getBoundingClientRect()
    return ring.left - reach >= clip.left && ring.right + reach <= clip.right
  })
  expect(fits).toBe(true)
})
