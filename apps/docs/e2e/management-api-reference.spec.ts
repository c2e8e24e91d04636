import { expect, test, type Locator } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y'

// A long reference page holds thousands of nodes: every step costs more on a busy machine.
test.describe.configure({ timeout: 60_000 })

/** The `<details>` of one response status inside an operation section. */
function response(section: Locator, code: string): Locator {
  return section.locator('details.ref-response', {
    has: section.page().locator('summary .ref-status', { hasText: new RegExp(`^${code}$`) }),
  })
}

test('an operation URL opens its section with endpoint, parameters, body and responses', async ({ page }) => {
  await page.goto('/reference/api/v1-run-a-query')
  const section = page.locator('section#v1-run-a-query')
  await expect(section).toBeInViewport()
  await expect(section.getByRole('heading', { name: 'Run a SQL query' })).toBeVisible()

  const endpoint = section.locator('.ref-endpoint')
  await expect(endpoint).toContainText('POST')
  await expect(endpoint.locator('code')).toHaveText('/v1/projects/{ref}/database/query')

  const ref = section.getByRole('row', { name: /ref/ })
  await expect(ref).toContainText('path')
  await expect(ref).toContainText('Required')

  const body = section.locator('.ref-media').first()
  await expect(body.locator('.ref-content-type')).toContainText('application/json')
  await expect(body.locator('.ref-params li', { hasText: 'query' })).toContainText('Required')

  // The success response is open with its example; every error response starts collapsed.
  const created = response(section, '201')
  await expect(created).toHaveAttribute('open', '')
  await expect(created.locator('figure')).toContainText('"status": "pending"')
  for (const code of ['401', '403', '404', '422', '429', '500']) {
    await expect(response(section, code), code).not.toHaveAttribute('open')
  }

  const limited = response(section, '429')
  await expect(limited.getByText('Too many requests')).toBeHidden()
  await limited.locator('summary').click()
  await expect(limited).toHaveAttribute('open', '')
  await expect(limited.locator('figure')).toContainText('"message": "Too many requests"')
})

test('the menu groups operations by tag and the intro explains the token', async ({ page }) => {
  await page.goto('/reference/api')
  const menu = page.getByRole('navigation', { name: 'Management API reference sections' })
  for (const group of [
    'Projects',
    'Preview branches',
    'Encryption root key',
    'Network bans',
    'Auth config',
  ]) {
    await expect(
      menu.locator('.ref-menu-category').filter({ hasText: new RegExp(`^${group}$`) }),
    ).toBeVisible()
  }
  await expect(menu.getByRole('link', { name: 'Check a subdomain' })).toHaveAttribute(
    'href',
    '/reference/api/v1-check-vanity-subdomain-availability',
  )

  const auth = page.locator('section#authentication')
  await expect(auth).toContainText('SUPABASE_ACCESS_TOKEN')
  await expect(auth).toContainText('Authorization: Bearer')
  await expect(page.locator('section#introduction')).toContainText('https://api.basebox.dev/v1/projects')
})

test('SSO operations document the 501 a project without SAML answers', async ({ page }) => {
  await page.goto('/reference/api/v1-create-a-sso-provider')
  const section = page.locator('section#v1-create-a-sso-provider')
  await expect(section).toBeInViewport()
  const notEnabled = response(section, '501')
  await notEnabled.locator('summary').click()
  await expect(notEnabled.locator('figure')).toContainText('SAML 2.0 support is not enabled for this project')
})

test('the crawler page of an operation stands alone and is accessible', async ({ page }) => {
  await page.goto('/reference/api/crawlers/v1-get-services-health')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/reference\/api\/v1-get-services-health$/,
  )
  const services = page.getByRole('row', { name: /services/ })
  await expect(services).toContainText('query')
  await expect(services).toContainText('Required')
  await expect(page.getByRole('heading', { name: 'Check service health' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
