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

  // The request to copy: curl with the token and the body, and a fetch version in a second tab.
  const request = section.locator('[data-ref-tabs]', { has: page.getByRole('tab', { name: 'cURL' }) })
  await expect(request.getByRole('tabpanel')).toContainText(
    "curl -X POST 'https://api.basebox.dev/v1/projects/",
  )
  await expect(request.getByRole('tabpanel')).toContainText('Authorization: Bearer $SUPABASE_ACCESS_TOKEN')
  await expect(request.getByRole('tabpanel')).toContainText('"query"')
  await request.getByRole('tab', { name: 'fetch' }).click()
  await expect(request.getByRole('tabpanel')).toContainText('await fetch(')

  // The success response is open with its example.
  const created = response(section, '201')
  await expect(created).toHaveAttribute('open', '')
  await expect(created.locator('figure')).toContainText('"status": "pending"')

  // Responses every operation shares are listed by code and described once, at the end of the page.
  const shared = section.locator('.ref-shared-responses')
  for (const code of ['401', '403', '404', '422', '429', '500']) {
    await expect(shared.getByRole('link', { name: new RegExp(`^${code} `) }), code).toBeVisible()
  }
  await shared.getByRole('link', { name: '429 Rate limited' }).click()
  const limited = page.locator('.ref-shared-response', { has: page.locator('#response-rate-limited') })
  await expect(page.locator('#response-rate-limited')).toBeInViewport()
  await expect(limited.locator('figure')).toContainText('"message": "Too many requests"')
})

test('a link to an anchor inside a section lands on the anchor, not on the section', async ({ page }) => {
  await page.goto('/reference/api/v1-run-a-query#response-rate-limited')
  await expect(page.locator('#response-rate-limited')).toBeInViewport()
  // Still there once late layout has settled.
  await page.waitForLoadState('load')
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await expect(page.locator('#response-rate-limited')).toBeInViewport()
  await expect(page).toHaveURL(/#response-rate-limited$/)
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
  await section.getByRole('link', { name: '501 Feature not enabled' }).click()
  const notEnabled = page.locator('.ref-shared-response', {
    has: page.locator('#response-feature-not-enabled'),
  })
  await expect(notEnabled).toContainText('SAML 2.0 must be enabled')
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
