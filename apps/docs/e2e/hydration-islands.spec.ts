import { expect, test, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'

/**
 * No page runs Next's client runtime: each control hydrates by itself from the islands' script
 * (features/hydration-islands), and the page works as before.
 */

/** Every script the page requests until its search button listens, and the console's errors. */
async function openRecording(page: Page, path: string) {
  const scripts: string[] = []
  const errors: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(path)
  // Every island rendered: the page marks itself once the last one has.
  await islandsReady(page)
  await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').first().waitFor()
  if (path.startsWith('/reference/'))
    await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
  return { scripts, errors }
}

for (const path of [
  '/',
  '/guides/getting-started',
  '/guides/api/sql-to-rest',
  '/guides/auth/error-codes',
  '/no-such-page',
  '/reference/javascript/select',
  '/reference/cli',
  '/reference/api/crawlers/v1-list-all-projects',
]) {
  test(`${path}: no framework script, the islands' script, and the controls work`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const { scripts, errors } = await openRecording(page, path)
    // The 404 page answers with its status; that is not an error of the page.
    if (path === '/no-such-page') errors.splice(0, errors.length, ...errors.filter((e) => !/\b404\b/.test(e)))
    expect(scripts.filter((script) => script.startsWith('/_next/'))).toEqual([])
    expect(scripts.some((script) => /^\/_islands\/islands-[\w-]+\.js$/.test(script))).toBe(true)
    expect(await page.evaluate(() => 'next' in window || '__next_f' in window)).toBe(false)

    // The theme switch (a header island) answers, and the page follows it.
    const themes = page.getByRole('group', { name: 'Colour theme' }).first()
    await themes.getByRole('button', { name: 'Dark' }).click()
    await expect(themes.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    // The search button (another island) opens its dialog.
    await page
      .getByRole('button', { name: /Search/ })
      .first()
      .click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    // Hydration matched the server's HTML: React reports no mismatch, nothing threw.
    expect(errors).toEqual([])
  })
}

test('on a phone the site menu opens and links to a guide, which loads in full; Back shows the reference again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openRecording(page, '/reference/javascript')
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByLabel('Site menu').click()
  const menu = page.locator('details.site-menu')
  await expect(menu).toHaveAttribute('open', '')
  await menu.getByRole('link', { name: 'Guides', exact: true }).click()
  await expect(page).toHaveURL(/\/guides/)
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined()

  await page.goBack()
  await expect(page).toHaveURL(/\/reference\/javascript$/)
  await expect(page.getByRole('link', { name: 'Fetch data: select()', exact: true }).first()).toBeAttached()
  await expect(page.locator('[data-static-island]:empty')).toHaveCount(0)
})

test('an island inside a tab panel works, and so does one in a setup a dialog shows', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const { errors } = await openRecording(page, '/guides/auth/phone-login')
  // The SMS provider dialog renders its setup anew from the page's HTML: its Copy buttons start then.
  await page.locator('[data-sms-provider="twilio"]').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: /Set up Twilio/ })).toBeVisible()
  const copy = dialog.locator('.code-copy button').first()
  await copy.click()
  // Copied or failed (the test browser may refuse the clipboard): either way the button answered.
  await expect(copy).not.toHaveAttribute('data-state', 'idle')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // A code block in a tab panel (a slot of the tab set) keeps its own Copy button.
  const { errors: tabErrors } = await openRecording(page, '/guides/auth/server-side')
  const tabs = page.locator('.tabs').first()
  const second = tabs.getByRole('tab').nth(1)
  await second.click()
  await expect(second).toHaveAttribute('aria-selected', 'true')
  const panel = tabs.locator('[role="tabpanel"][data-state="active"]')
  await expect(panel).toBeVisible()
  const panelCopy = panel.locator('.code-copy button').first()
  await panelCopy.click()
  await expect(panelCopy).not.toHaveAttribute('data-state', 'idle')
  expect([...errors, ...tabErrors]).toEqual([])
})
