import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y'

test('unknown pages answer 404 with a helpful page', async ({ page }) => {
  const response = await page.goto('/guides/getting-startd-typo')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page')
  await expect(page.getByTestId('not-found-suggestions').getByRole('link', { name: 'Introduction' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
