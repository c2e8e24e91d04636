import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y'
import { SITE_ORIGIN } from './servers'

test('home introduces the product areas and links to getting started', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('documentation')
  const areas = page.getByRole('navigation', { name: 'Product areas' })
  for (const name of ['Guides', 'CLI', 'JavaScript', 'Management API', 'SQL to REST']) {
    await expect(areas.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await page.getByRole('link', { name: 'Get started' }).click()
  await expect(page).toHaveURL(/\/guides\/getting-started$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible()
})

test('each product the home page lists links to its guides', async ({ page }) => {
  await page.goto('/')
  const products = page.locator('section[aria-labelledby="platform-title"]')
  const expected: Record<string, string> = {
    Database: '/guides/database',
    Auth: '/guides/auth',
    Storage: '/guides/storage',
    Realtime: '/guides/realtime',
    'Edge functions': '/guides/functions',
    'Local development': '/guides/local-development',
    Platform: '/guides/platform',
  }
  for (const [name, href] of Object.entries(expected)) {
    await expect(products.getByRole('link', { name: new RegExp(`^${name}\\b`) })).toHaveAttribute('href', href)
  }
  await products.getByRole('link', { name: /^Storage\b/ }).click()
  await expect(page).toHaveURL(/\/guides\/storage$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('home has SEO tags and no serious accessibility violations', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`^${SITE_ORIGIN}/?$`),
  )
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Postgres/)
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1)
  await expectNoSeriousA11yViolations(page)
})

test('skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('#main-content')).toBeFocused()
})

test('sitemap and robots are published', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('/guides/getting-started</loc>')
  expect(sitemap).toContain('/reference/javascript/select</loc>')
  expect(sitemap).toContain('/reference/cli/supabase-db-diff</loc>')
  expect(sitemap).not.toContain('/crawlers/')
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/)
})
