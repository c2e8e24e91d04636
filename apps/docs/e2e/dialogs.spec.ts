import { expect, test, type Locator, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'

/**
 * Every dialog gives focus back to the control that opened it, however it is closed, so a
 * keyboard reader goes on from where they were instead of from the top of the page.
 */

/** Opens a dialog from the keyboard; retried while the page is still hydrating. */
async function openWithKeyboard(opener: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await opener.press('Enter')
    await expect(dialog).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 15_000 })
}

async function expectFocusBackOn(page: Page, dialog: Locator, opener: Locator) {
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false)
}

test.describe('SMS provider dialog', () => {
  const PAGE = '/guides/auth/phone-login'
  const dialog = (page: Page) => page.getByRole('dialog')

  test('Esc and the Close button give focus back to the provider that opened it', async ({ page }) => {
    await page.goto(PAGE)
    await islandsReady(page)
    const twilio = page.getByRole('button', { name: 'Twilio' })
    await openWithKeyboard(twilio, dialog(page))
    await page.keyboard.press('Escape')
    await expectFocusBackOn(page, dialog(page), twilio)

    const vonage = page.getByRole('button', { name: 'Vonage' })
    await openWithKeyboard(vonage, dialog(page))
    const close = dialog(page).getByRole('button', { name: 'Close' })
    await close.focus()
    await page.keyboard.press('Enter')
    await expectFocusBackOn(page, dialog(page), vonage)

    await openWithKeyboard(twilio, dialog(page))
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    await expectFocusBackOn(page, dialog(page), twilio)
  })

  test('opened by a shared link, closing focuses that provider’s button', async ({ page }) => {
    await page.goto(`${PAGE}?showSmsProvider=messagebird`)
    await islandsReady(page)
    await expect(dialog(page).getByRole('heading', { name: 'Set up MessageBird' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expectFocusBackOn(page, dialog(page), page.getByRole('button', { name: 'MessageBird' }))
  })
})

test.describe('search dialog', () => {
  const dialog = (page: Page) => page.locator('[data-search-dialog]')

  test('Esc and a click outside give focus back to the Search button', async ({ page }) => {
    await page.goto('/guides/auth')
    await islandsReady(page)
    const button = page.getByRole('button', { name: 'Search' })
    await expect(button).toHaveAttribute('data-listening', 'true')
    await openWithKeyboard(button, dialog(page))
    await expect(dialog(page).getByRole('combobox')).toBeFocused()
    await page.keyboard.press('Escape')
    await expectFocusBackOn(page, dialog(page), button)

    await openWithKeyboard(button, dialog(page))
    await page.mouse.click(5, 500)
    await expectFocusBackOn(page, dialog(page), button)
  })

  test('opened with the shortcut, closing focuses what had focus before', async ({ page }) => {
    await page.goto('/guides/auth')
    await islandsReady(page)
    await expect(page.getByRole('button', { name: 'Search' })).toHaveAttribute('data-listening', 'true')
    const link = page.locator('aside').getByRole('link', { name: 'Captcha' })
    await link.focus()
    await page.keyboard.press('Control+k')
    await expect(dialog(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expectFocusBackOn(page, dialog(page), link)
  })
})

test.describe('SQL to REST base URL dialog', () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Change base URL' })

  test('Esc, Cancel and Change give focus back to its button', async ({ page }) => {
    // The tool is ready once its SQL parser has loaded: seconds on a busy machine.
    test.slow()
    await page.goto('/guides/api/sql-to-rest')
    await islandsReady(page)
    await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', {
      timeout: 15_000,
    })
    const opener = page.getByRole('button', { name: 'Change base URL' })

    await openWithKeyboard(opener, dialog(page))
    await page.keyboard.press('Escape')
    await expectFocusBackOn(page, dialog(page), opener)

    await openWithKeyboard(opener, dialog(page))
    await dialog(page).getByRole('button', { name: 'Cancel' }).click()
    await expectFocusBackOn(page, dialog(page), opener)

    await openWithKeyboard(opener, dialog(page))
    await dialog(page).getByLabel('Base URL').fill('https://abc.example.co/rest/v1')
    await page.keyboard.press('Enter')
    await expectFocusBackOn(page, dialog(page), opener)
    await expect(page.getByTestId('base-url')).toHaveText('https://abc.example.co/rest/v1')
  })
})
