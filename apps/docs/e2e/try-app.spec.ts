import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { A11Y_SCAN_BUDGET_MS } from './a11y'

const GUIDE = '/guides/getting-started/quickstarts/user-management'
const DATABASE = '**/user-management.pgdata.tar.*'
// A 2×2 PNG, red.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
)

async function expectNoSeriousViolations(page: Page) {
  // The frame's page is scanned too: the app is the example's own, and its stylesheet is held to the site's bar.
  const scan = await new AxeBuilder({ page }).include('[data-try-app-panel]').analyze()
  const serious = scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  expect(scan.passes.some((rule) => rule.nodes.some((node) => node.target.length > 1))).toBe(true)
}

test('the finished app runs in the guide: a failed start, then sign-in from the inbox, profile and avatar', async ({
  page,
}) => {
  // PGlite starts in a worker and the app loads three times (start, link, reload): on a busy
  // two-core machine that takes a while.
  test.setTimeout(180_000 + 2 * A11Y_SCAN_BUDGET_MS)
  const pageErrors: Error[] = []
  page.on('pageerror', (error) => pageErrors.push(error))

  // The platform's database cannot be downloaded: the panel says so and the page keeps working.
  await page.route(DATABASE, (route) => route.fulfill({ status: 503, body: '' }))
  await page.goto(GUIDE)
  await islandsReady(page)
  const start = page.getByRole('button', { name: 'Start the app' })
  await start.click()
  const panel = page.getByRole('region', { name: 'The finished app, running in this page' })
  await expect(panel.getByRole('heading', { name: 'The finished app, running in this page' })).toBeFocused()
  await expect(panel.getByRole('alert')).toContainText(
    'The app could not start: The database could not be downloaded (HTTP 503).',
    { timeout: 30_000 },
  )
  await page.getByRole('tab', { name: 'CLI' }).click()
  await expect(page.getByRole('tab', { name: 'CLI' })).toHaveAttribute('aria-selected', 'true')

  // Held back, the download is said in words and a bar (the megabytes once bytes come in).
  await page.unroute(DATABASE)
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(DATABASE, async (route) => {
    await released
    await route.continue()
  })
  await panel.getByRole('button', { name: 'Try again' }).click()
  await expect(panel.locator('[data-try-app-progress]')).toHaveText(
    /^Loading the in-browser database…( [\d.]+( of [\d.]+)? MB)?$/,
    { timeout: 30_000 },
  )
  await expect(panel.getByRole('progressbar', { name: 'Loading the in-browser database' })).toBeVisible()
  release()
  const app = page.frameLocator('iframe[title="User management app"]')
  await app.getByLabel('E-mail address').fill('ada@example.com', { timeout: 90_000 })
  await app.getByRole('button', { name: 'Send me a sign-in link' }).click()
  // The project's first request (auth's first e-mail) is the slowest.
  await expect(app.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible({ timeout: 30_000 })

  const inbox = panel.getByRole('region', { name: /^Inbox/ })
  const message = inbox.getByRole('button', { name: /Your Magic Link.*ada@example\.com/ })
  await expect(message).toBeVisible()
  await message.click()
  await expect(inbox.getByRole('heading', { name: 'Your Magic Link' })).toBeFocused()
  await expect(inbox.getByText(/Alternatively, enter the code: \d{6}/)).toBeVisible()

  // The panel, and the app inside it, have no serious accessibility problems.
  await expectNoSeriousViolations(page)

  // Following the link loads the app again with the session in its address, as a real link does.
  await inbox.getByRole('button', { name: 'Follow the link' }).click()
  await expect(app.getByRole('heading', { name: 'Your profile' })).toBeVisible({ timeout: 30_000 })
  await expect(app.getByLabel('E-mail', { exact: true })).toHaveValue('ada@example.com')
  await expect(app.locator('body')).not.toContainText('access_token')

  await app.getByLabel('Username').fill('ada_l')
  await app.getByRole('button', { name: 'Save profile' }).click()
  await expect(app.getByText('Profile saved.')).toBeVisible()
  // The signed-in page has the app's buttons (its accent colour with white text).
  await expectNoSeriousViolations(page)

  await app.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  const avatar = app.getByRole('img', { name: 'Your avatar' })
  await expect(avatar).toBeVisible()
  await expect(app.getByText('Uploading…')).toHaveCount(0)

  // Reloaded, the app keeps its session and reads profile and photo back from the platform.
  await app.locator('body').evaluate(() => window.location.reload())
  await expect(app.getByLabel('Username')).toHaveValue('ada_l', { timeout: 30_000 })
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(2)

  await panel.getByRole('button', { name: 'Close the app' }).click()
  await expect(panel).toHaveCount(0)
  await expect(start).toBeFocused()
  expect(pageErrors).toEqual([])
})
