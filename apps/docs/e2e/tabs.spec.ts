import { expect, test } from '@playwright/test'
import { islandsReady } from './islands-ready'

const GUIDE = '/guides/getting-started'
const groups = (page: import('@playwright/test').Page) => page.locator('[data-query-group="environment"]')

test('choosing a tab writes the query parameter and switches every group with that name', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  const first = groups(page).first()
  const historyLength = await page.evaluate(() => history.length)
  await first.getByRole('tab', { name: 'Local stack' }).click()
  await expect(page).toHaveURL(/[?&]environment=local/)
  await expect(groups(page).nth(1).getByRole('tab', { name: 'Local stack' })).toHaveAttribute('aria-selected', 'true')
  await expect(groups(page).nth(1).getByText('npx supabase@1.187 status')).toBeVisible()
  // replaceState: no history entry was added.
  expect(await page.evaluate(() => history.length)).toBe(historyLength)
})

test('the URL choice is applied on load, and an unknown value is ignored', async ({ page }) => {
  await page.goto(`${GUIDE}?environment=local`)
  await islandsReady(page)
  await expect(groups(page).first().getByRole('tab', { name: 'Local stack' })).toHaveAttribute('aria-selected', 'true')
  await page.goto(`${GUIDE}?environment=mars`)
  await islandsReady(page)
  await expect(groups(page).first().getByRole('tab', { name: 'Hosted project' })).toHaveAttribute('aria-selected', 'true')
})

test('the stored choice is restored after reload, and a corrupted entry is ignored', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  await groups(page).first().getByRole('tab', { name: 'Local stack' }).click()
  await page.goto(GUIDE)
  await islandsReady(page)
  await expect(groups(page).first().getByRole('tab', { name: 'Local stack' })).toHaveAttribute('aria-selected', 'true')
  await page.evaluate(() => localStorage.setItem('docs.tabs.environment', '{"broken'))
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(GUIDE)
  await islandsReady(page)
  await page.waitForTimeout(500)
  await expect(groups(page).first().getByRole('tab', { name: 'Hosted project' })).toHaveAttribute('aria-selected', 'true')
  expect(errors).toEqual([])
})

test('tabs are keyboard accessible', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  const hosted = groups(page).first().getByRole('tab', { name: 'Hosted project' })
  await hosted.focus()
  await page.keyboard.press('ArrowRight')
  const local = groups(page).first().getByRole('tab', { name: 'Local stack' })
  await expect(local).toBeFocused()
  await expect(local).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/environment=local/)
})
