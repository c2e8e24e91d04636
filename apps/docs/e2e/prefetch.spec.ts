import { expect, test, type Page, type Request } from '@playwright/test'

/**
 * A request for a page's data that is not the navigation itself: the route payloads of the export
 * (`*.txt`, including the `__next.*.txt` segment files), a router request (`?_rsc=`) or a page's
 * HTML fetched ahead (`.html`, a prefetched or prerendered document).
 */
function isPagePayload(request: Request): boolean {
  if (request.isNavigationRequest()) return false
  const url = new URL(request.url())
  if (url.searchParams.has('_rsc') || /\.(txt|html)$/.test(url.pathname)) return true
  return request.resourceType() === 'document'
}

/** Records page payload requests from now on. */
function watchPayloads(page: Page): string[] {
  const fetched: string[] = []
  page.on('request', (request) => {
    if (isPagePayload(request)) fetched.push(new URL(request.url()).pathname)
  })
  return fetched
}

/** Resolves once no request has started or finished for `quietMs`, the way a prefetch would. */
async function waitForQuietNetwork(page: Page, quietMs = 1000) {
  let last = Date.now()
  const touch = () => {
    last = Date.now()
  }
  page.on('request', touch)
  page.on('requestfinished', touch)
  page.on('requestfailed', touch)
  while (Date.now() - last < quietMs) await page.waitForTimeout(100)
  page.off('request', touch)
  page.off('requestfinished', touch)
  page.off('requestfailed', touch)
}

/** Loads a page and waits until it is hydrated (Next schedules prefetches then) and settled. */
async function loadAndSettle(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' })
  await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').first().waitFor()
  await waitForQuietNetwork(page)
}

for (const path of ['/', '/guides/getting-started', '/reference/javascript']) {
  test(`${path} fetches no other page's payload on load`, async ({ page }) => {
    const fetched = watchPayloads(page)
    await loadAndSettle(page, path)
    expect(fetched, 'page payloads fetched while nobody pointed at a link').toEqual([])
  })
}

test('pointing at a guide link prefetches that guide, a reference link prefetches nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const fetched = watchPayloads(page)
  await loadAndSettle(page, '/guides/getting-started')
  expect(fetched).toEqual([])

  await page
    .getByRole('navigation', { name: 'Guides' })
    .getByRole('link', { name: 'Project URL and API keys' })
    .hover()
  await expect
    .poll(() => fetched.some((path) => path.startsWith('/guides/getting-started/api-keys/')))
    .toBe(true)

  fetched.length = 0
  const cli = page.getByRole('navigation', { name: 'Product areas' }).getByRole('link', { name: 'CLI' })
  await cli.hover()
  await cli.focus()
  await waitForQuietNetwork(page)
  expect(fetched.filter((path) => path.startsWith('/reference/'))).toEqual([])

  // Not prefetched is still a working link.
  await cli.click()
  await expect(page).toHaveURL(/\/reference\/cli$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
