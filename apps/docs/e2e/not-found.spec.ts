import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y'

test('unknown pages answer 404 with a helpful page', async ({ page }) => {
  const response = await page.goto('/guides/getting-startd-typo')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page')
  await expect(
    page.getByTestId('not-found-suggestions').getByRole('link', { name: 'Introduction' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

const suggestions = (page: Page) => page.getByTestId('not-found-suggestions').getByRole('link')

test('a mistyped page name suggests the page it is closest to first', async ({ page }) => {
  const response = await page.goto('/guides/auth/social-login/githb')
  expect(response?.status()).toBe(404)
  await expect(suggestions(page).first()).toHaveText('GitHub')
  await expect(suggestions(page).first()).toHaveAttribute('href', '/guides/auth/social-login/github')
  await suggestions(page).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with GitHub')
})

test('a mistyped product folder suggests that product’s pages', async ({ page }) => {
  await page.goto('/guides/auht')
  await expect(suggestions(page).first()).toHaveText('Auth overview')
  const hrefs = await suggestions(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs.length).toBeGreaterThan(1)
  for (const href of hrefs) expect(href).toMatch(/^\/guides\/auth(\/|$)/)

  await page.goto('/reference/javscript')
  await expect(suggestions(page).first()).toHaveText('JavaScript reference')
})

test('a mistyped reference section answers 404, suggesting its reference first', async ({ page }) => {
  const response = await page.goto('/reference/javascript/selectt')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page')
  await expect(suggestions(page).first()).toHaveAttribute('href', '/reference/javascript')
})

test('malformed paths show the 404 page with no script error', async ({ page, baseURL }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  for (const url of [
    '/guides/%E0%A4%A',
    '/guides/getting-started/%ZZ',
    '/reference/api/%E0%A4%A',
    '//evil.example/',
  ]) {
    // Joined by hand: as a relative URL, `//evil.example/` would name another host.
    const response = await page.goto(`${new URL(baseURL!).origin}${url}`)
    expect(response?.status(), url).toBe(404)
    await expect(page.getByRole('heading', { level: 1 }), url).toHaveText('We couldn’t find that page')
    // The page stays on this site: a `//host` path is read as a path, never as another host.
    expect(new URL(page.url()).origin, url).toBe(new URL(baseURL!).origin)
  }
  expect(errors).toEqual([])
})
