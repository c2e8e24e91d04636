import { expect, test, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { expectNoSeriousA11yViolations } from './a11y'

const PAGE = '/guides/auth/error-codes'
/** Members of the auth client's `ErrorCode` type (the unit test reads them from its types). */
const TOTAL = 84

const visibleCodes = (page: Page) =>
  page.locator('table[data-error-codes] tbody tr:visible th code').allTextContents()

/** Bottom edge of the bars stuck across the top of the window. */
function stickyBottom(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((element) => ['sticky', 'fixed'].includes(getComputedStyle(element).position))
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.top < 200 && box.height < 200 && box.width > window.innerWidth / 2)
        .map((box) => box.bottom),
    ),
  )
}

test('lists every code, sorted, each row linkable as #code-<code>', async ({ page }) => {
  await page.goto(PAGE)
  await islandsReady(page)
  const codes = await visibleCodes(page)
  expect(codes).toHaveLength(TOTAL)
  expect(codes).toEqual([...codes].sort())
  expect(codes).toEqual(
    expect.arrayContaining(['invalid_credentials', 'session_expired', 'refresh_token_not_found']),
  )
  await expect(page.locator('[data-error-code-count]')).toHaveText(`${TOTAL} codes`)
  const ids = await page
    .locator('table[data-error-codes] tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.id))
  expect(ids).toEqual(codes.map((code) => `code-${code}`))
})

test('filters rows as the reader types: by code, by words, by HTTP status', async ({ page }) => {
  test.slow()
  await page.goto(PAGE)
  await islandsReady(page)
  const filter = page.getByLabel('Filter error codes')

  await filter.fill('saml')
  await expect.poll(() => visibleCodes(page)).toHaveLength(9)
  expect((await visibleCodes(page)).every((code) => code.startsWith('saml_'))).toBe(true)
  await expect(page.locator('[data-error-code-count]')).toHaveText(`9 of ${TOTAL} codes match`)

  await filter.fill('429')
  await expect
    .poll(() => visibleCodes(page))
    .toEqual(['over_email_send_rate_limit', 'over_request_rate_limit', 'over_sms_send_rate_limit'])

  await filter.fill('504')
  await expect.poll(() => visibleCodes(page)).toEqual(['request_timeout'])

  await filter.fill('Rate Limit sms')
  await expect.poll(() => visibleCodes(page)).toEqual(['over_sms_send_rate_limit'])

  await filter.fill('"no such code')
  await expect.poll(() => visibleCodes(page)).toEqual([])
  await expect(page.locator('[data-error-code-count]')).toContainText('Nothing matches')

  await filter.fill('')
  await expect.poll(() => visibleCodes(page)).toHaveLength(TOTAL)
  await expectNoSeriousA11yViolations(page)
})

test('a deep link to a row lands with the row visible below the sticky header', async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow()
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    // A fresh load with the hash, in a new window: the row must be in place once the table has hydrated.
    const fresh = await browser.newPage({ viewport })
    await fresh.goto(`${baseURL}${PAGE}#code-otp_expired`)
    await fresh.waitForLoadState('networkidle')
    await fresh.waitForTimeout(300)
    const row = fresh.locator('#code-otp_expired')
    const box = (await row.boundingBox())!
    const bar = await stickyBottom(fresh)
    const where = `at ${viewport.width}px`
    expect(box.y, where).toBeGreaterThanOrEqual(bar - 1)
    expect(box.y, where).toBeLessThan(bar + 80)
    expect(box.y + Math.min(box.height, 40), where).toBeLessThan(viewport.height)
    await fresh.close()
  }

  // Following a link inside the page lands the same way.
  await page.goto(PAGE)
  await islandsReady(page)
  await page.locator('a[href$="#code-otp_expired"]').first().click()
  await expect(page).toHaveURL(/#code-otp_expired$/)
  const box = (await page.locator('#code-otp_expired').boundingBox())!
  expect(box.y).toBeGreaterThanOrEqual((await stickyBottom(page)) - 1)
})

test('each code is a heading the search index can point to', async ({ page }) => {
  await page.goto(PAGE)
  await islandsReady(page)
  const heading = page.locator('#code-otp_expired h3')
  await expect(heading).toHaveText('otp_expired')
})
