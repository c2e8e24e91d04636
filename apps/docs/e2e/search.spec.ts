import { expect, test, type Page } from '@playwright/test'
import { RELEVANCE_QUERIES } from '../features/search/relevance-queries'
import { expectNoSeriousA11yViolations } from './a11y'

const GUIDE = '/guides/getting-started'

/** Opens a page and waits until the search shortcuts are listening. */
async function openPage(page: Page, url = GUIDE) {
  await page.goto(url)
  await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').first().waitFor()
}

function searchDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Search the docs' })
}

/** Types a query and waits until the results shown are the ones for that query. */
async function search(page: Page, query: string) {
  const dialog = searchDialog(page)
  await dialog.getByRole('combobox', { name: 'Search the docs' }).fill(query)
  await expect(
    dialog
      .locator(`[role="listbox"][data-query="${query}"]`)
      .or(dialog.getByText(`No results for “${query}”.`)),
  ).toBeVisible()
  return dialog.getByRole('option')
}

async function topPaths(page: Page, query: string, count = 3): Promise<string[]> {
  const options = await search(page, query)
  const hrefs = await options.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return hrefs.slice(0, count).map((href) => href.split('#')[0] ?? href)
}

test('no search JavaScript loads before search opens; opening fetches the dialog and Pagefind', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto(GUIDE, { waitUntil: 'networkidle' })
  expect(scripts.filter((script) => script.includes('pagefind'))).toEqual([])
  await expect(page.locator('[data-search-dialog]')).toHaveCount(0)
  const beforeOpening = new Set(scripts)

  await page.getByRole('button', { name: 'Search' }).click()
  await expect(searchDialog(page)).toBeVisible()
  await search(page, 'captcha')
  const loadedOnOpen = scripts.filter((script) => !beforeOpening.has(script))
  expect(loadedOnOpen).toContain('/pagefind/pagefind.js')
  // The dialog's own code is a chunk of its own, fetched on opening.
  expect(loadedOnOpen.some((script) => script.startsWith('/_next/'))).toBe(true)
})

test('keyboard round trip: slash opens, arrows move, Enter opens the result, Escape closes', async ({
  page,
}) => {
  await openPage(page)
  await page.keyboard.press('/')
  const dialog = searchDialog(page)
  const input = dialog.getByRole('combobox', { name: 'Search the docs' })
  await expect(input).toBeFocused()

  const options = await search(page, 'captcha')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(input).toHaveAttribute(
    'aria-activedescendant',
    (await options.nth(1).getAttribute('id')) ?? '',
  )
  await page.keyboard.press('ArrowUp')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')

  // The result names the area, the page and a highlighted excerpt.
  const first = options.first()
  await expect(first).toContainText('Guides › Auth')
  await expect(first).toContainText('Captcha protection')
  await expect(first.locator('mark').first()).toHaveText(/captcha/i)

  const target = (await first.getAttribute('href')) ?? ''
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Captcha protection')

  await page.keyboard.press('Control+k')
  await expect(searchDialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(searchDialog(page)).toBeHidden()

  // Opened from the header button, closing gives focus back to it.
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(searchDialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(searchDialog(page)).toBeHidden()
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused()
})

test('a guide result names the section it matched and links to its heading', async ({ page }) => {
  await openPage(page)
  await page.getByRole('button', { name: 'Search' }).click()
  const options = await search(page, 'hcaptcha site key secret')
  const withSection = options.filter({ has: page.locator('.sr-only', { hasText: ', section' }) }).first()
  await expect(withSection).toHaveAttribute('href', /^\/guides\/[^#]+#[a-z0-9-]+$/)
  const href = (await withSection.getAttribute('href')) ?? ''
  await withSection.click()
  await expect(page.locator(`[id="${href.split('#')[1]}"]`)).toBeInViewport()
})

test('a reference-section result lands on its section of the reference page', async ({ page }) => {
  await openPage(page)
  await page.keyboard.press('/')
  const options = await search(page, 'db diff')
  await expect(options.first()).toHaveAttribute('href', '/reference/cli/supabase-db-diff')
  await expect(options.first()).toContainText('CLI reference')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/reference\/cli\/supabase-db-diff$/)
  await expect(page.locator('section#supabase-db-diff')).toBeInViewport()
})

test('the open dialog and its results pass the accessibility checks', async ({ page }) => {
  await openPage(page)
  await page.keyboard.press('/')
  await search(page, 'anon key')
  await expectNoSeriousA11yViolations(page)
})

test('says so when nothing matches, and when the index cannot load', async ({ page }) => {
  await openPage(page)
  await page.keyboard.press('/')
  await search(page, 'zzqxjwv')
  await expect(searchDialog(page).getByRole('status')).toHaveText('No results for “zzqxjwv”.')

  const broken = await page.context().newPage()
  await broken.route('**/pagefind/pagefind.js', (route) => route.fulfill({ status: 404, body: 'missing' }))
  await openPage(broken)
  await broken.keyboard.press('/')
  await expect(searchDialog(broken).getByRole('status')).toContainText('Search could not load')
})

test('relevance: each query finds its page among the first three results', async ({ page }) => {
  test.setTimeout(120_000)
  await openPage(page)
  await page.keyboard.press('/')
  const misses: string[] = []
  for (const { query, expected } of RELEVANCE_QUERIES) {
    const top = await topPaths(page, query)
    if (!top.includes(expected))
      misses.push(`  "${query}": expected ${expected}, got ${top.join(', ') || 'nothing'}`)
  }
  const hits = RELEVANCE_QUERIES.length - misses.length
  console.log(
    `Search relevance: ${hits}/${RELEVANCE_QUERIES.length} queries (${((100 * hits) / RELEVANCE_QUERIES.length).toFixed(0)}%) find their page in the top 3.${misses.length ? `\n${misses.join('\n')}` : ''}`,
  )
  expect(misses).toEqual([])
})
