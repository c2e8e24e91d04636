import { expect, test } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { expectNoSeriousA11yViolations } from './a11y'
import { guidesNav } from '../features/navigation'
import { SITE_ORIGIN } from './servers'

test('home introduces the product areas and links to getting started', async ({ page }) => {
  await page.goto('/')
  await islandsReady(page)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('documentation')
  const areas = page.getByRole('navigation', { name: 'Product areas' })
  for (const name of ['Guides', 'CLI', 'JavaScript', 'Management API', 'SQL to REST']) {
    await expect(areas.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await page.getByRole('link', { name: 'Get started' }).click()
  await expect(page).toHaveURL(/\/guides\/getting-started$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible()
})

test('the home page lists every guide group, each linking to its first page', async ({ page }) => {
  await page.goto('/')
  await islandsReady(page)
  const groups = page.locator('section[aria-labelledby="guide-groups-title"]')
  await expect(groups.getByRole('link')).toHaveCount(guidesNav.length)
  for (const group of guidesNav) {
    const link = groups.getByRole('link', { name: new RegExp(`^${escapeRegExp(group.title)}\\b`) })
    await expect(link).toHaveAttribute('href', group.items[0]!.href)
    // Every group says what it covers.
    expect((await link.innerText()).length, group.title).toBeGreaterThan(group.title.length + 20)
  }
  await groups.getByRole('link', { name: /^Storage\b/ }).click()
  await expect(page).toHaveURL(/\/guides\/storage$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

test('home has SEO tags and no serious accessibility violations', async ({ page }) => {
  await page.goto('/')
  await islandsReady(page)
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
  await islandsReady(page)
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
