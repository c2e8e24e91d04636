import { expect, test, type Page } from '@playwright/test'
import { answers, RELEVANCE_QUERIES } from '../features/search'
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
    // The first query of a page also loads Pagefind's index and WebAssembly.
  ).toBeVisible({ timeout: 15_000 })
  return dialog.getByRole('option')
}

/** The pages of the first `count` results (sections listed under a page are not results). */
async function topPaths(page: Page, query: string, count = 3): Promise<string[]> {
  await search(page, query)
  const hrefs = await searchDialog(page)
    .locator('[data-search-hit]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
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
  expect(loadedOnOpen.some((script) => /^\/_islands\/SearchDialog/.test(script))).toBe(true)
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

test('results are grouped by page, with the matching sections of a guide under it', async ({ page }) => {
  await openPage(page)
  await page.getByRole('button', { name: 'Search' }).click()
  await search(page, 'hcaptcha site key secret')
  const dialog = searchDialog(page)
  const group = dialog.locator('[data-search-group="/guides/auth/captcha"]')
  await expect(group.locator('[data-search-hit]')).toHaveAttribute('href', '/guides/auth/captcha')
  await expect(group.locator('[data-search-hit]')).toContainText('Captcha protection')
  const sections = group.getByRole('group', { name: 'Sections of Captcha protection' }).getByRole('option')
  expect(await sections.count()).toBeGreaterThan(0)
  // Each page appears once: sections are under their page, not results of their own.
  const pages = await dialog
    .locator('[data-search-hit]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(new Set(pages).size).toBe(pages.length)

  const section = sections.first()
  await expect(section).toHaveAttribute('href', /^\/guides\/auth\/captcha#[a-z0-9-]+$/)
  const href = (await section.getAttribute('href')) ?? ''
  await section.click()
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  await expect(page.locator(`[id="${href.split('#')[1]}"]`)).toBeInViewport()
})

test('show more adds the next page of results under the first', async ({ page }) => {
  await openPage(page)
  await page.keyboard.press('/')
  await search(page, 'auth')
  const dialog = searchDialog(page)
  const pages = dialog.locator('[data-search-hit]')
  await expect(pages).toHaveCount(8)
  const firstEight = await pages.evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  const more = dialog.getByRole('button', { name: /Show more results/ })
  await more.click()
  await expect(pages).toHaveCount(16)
  const sixteen = await pages.evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(sixteen.slice(0, 8)).toEqual(firstEight)
  expect(new Set(sixteen).size).toBe(16)
  await expect(dialog.getByRole('status')).toHaveText(/^16 of \d+ pages\.$/)

  // A new query starts again from one page of results.
  await search(page, 'storage')
  await expect(pages).toHaveCount(8)
})

test('excerpts of a words query are prose, never raw JSON, code or the widget placeholders, and keep their spaces', async ({
  page,
}) => {
  await openPage(page)
  await page.keyboard.press('/')
  for (const query of ['create bucket', 'list users', 'upload file storage']) {
    await search(page, query)
    const excerpts = await searchDialog(page).locator('[data-search-hit] > span:last-child').allTextContents()
    expect(excerpts.length, query).toBeGreaterThan(0)
    for (const excerpt of excerpts) {
      // JSON keys, arrows, object literals, or a call closed with `);` (not prose in parentheses).
      expect(excerpt, `${query}: ${excerpt}`).not.toMatch(/"\w+"\s*:|=>|\{\s*"|\w\([^)]*\);/)
    }
  }

  // Never the project widget's placeholder or loading words.
  for (const query of ['project url', 'anon key', 'your values']) {
    await search(page, query)
    const excerpts = await searchDialog(page).locator('[data-search-hit] > span:last-child').allTextContents()
    expect(excerpts.length, query).toBeGreaterThan(0)
    for (const excerpt of excerpts)
      expect(excerpt, query).not.toMatch(/Checking whether you are signed in|Loading\.\.\./)
  }

  // The spaces between a parameter, its type and its badge are kept.
  await search(page, 'referencedTable')
  const excerpts = await searchDialog(page).locator('[data-search-hit] > span:last-child').allTextContents()
  expect(excerpts.join(' ')).toMatch(/referencedTable string Optional/)
  for (const excerpt of excerpts)
    expect(excerpt).not.toMatch(/[a-z](string|number|boolean|object)(Required|Optional)/)
})

test('the pages readers look for by these words come first: guides, commands, concepts, and a typo corrected', async ({
  page,
}) => {
  await openPage(page)
  await page.keyboard.press('/')
  const first: [string, string][] = [
    ['service role key', '/guides/getting-started/api-keys'],
    ['max file size', '/guides/storage/limits'],
    // The getting-started page's other name (`searchNames` in its front matter).
    ['quickstart', '/guides/getting-started'],
  ]
  for (const [query, expected] of first) expect((await topPaths(page, query, 1))[0], query).toBe(expected)
  expect(await topPaths(page, 'upload file size limit')).toContain('/guides/storage/limits')
  expect(await topPaths(page, 'pagination range')).toContain('/guides/api/pagination')

  // A command query puts its command first even when another page repeats the words more.
  expect((await topPaths(page, 'gen types typescript', 1))[0]).toBe('/reference/cli/supabase-gen-types')
  expect((await topPaths(page, 'edge function deploy', 1))[0]).toBe(
    '/reference/cli/supabase-functions-deploy',
  )

  // Concept queries open the guide, and a typo is corrected in the open.
  expect((await topPaths(page, 'edge function secrets', 1))[0]).toBe('/guides/functions/secrets')
  expect((await topPaths(page, 'realtime presence', 1))[0]).toBe('/guides/realtime/presence')

  await search(page, 'realtime presense')
  const dialog = searchDialog(page)
  await expect(dialog.locator('[data-search-correction]')).toHaveText(
    'Showing results for “realtime presence”',
  )
  await expect(dialog.locator('[data-search-hit]').first()).toHaveAttribute(
    'href',
    '/guides/realtime/presence',
  )
})

test('an error-code query lands on its row of the error-code table', async ({ page }) => {
  await openPage(page)
  await page.keyboard.press('/')
  await search(page, 'otp_expired')
  const toRow = searchDialog(page).locator('[data-search-hit^="/guides/auth/error-codes#"]')
  await expect(toRow).toBeVisible()
  const href = (await toRow.getAttribute('href')) ?? ''
  await toRow.click()
  const row = page.locator(`tr[id="${href.split('#')[1]}"]`)
  await expect(row).toBeInViewport()
  // The code is the row's header cell.
  await expect(row.locator('th')).toHaveText('otp_expired')
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

test('a query that matches nothing offers three pages, reachable with the arrows and with Tab', async ({
  page,
}) => {
  await openPage(page)
  await page.keyboard.press('/')
  const dialog = searchDialog(page)
  const input = dialog.getByRole('combobox', { name: 'Search the docs' })
  // Pagefind answers unknown words with look-alikes ("-f", "K."): none of them may show.
  for (const query of ['qwxzzy flurb', 'kubernetes']) {
    await search(page, query)
    await expect(dialog.getByRole('status')).toHaveText(`No results for “${query}”.`)
    await expect(dialog.locator('[data-search-hit]')).toHaveCount(0)
  }
  await expect(dialog.getByText('upsert()')).toHaveCount(0)

  const suggestions = dialog
    .getByRole('listbox', { name: 'Try other words, or start here:' })
    .getByRole('option')
  await expect(suggestions).toHaveCount(3)
  const hrefs = await suggestions.evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs).toEqual(['/guides/getting-started', '/guides', '/reference/javascript'])
  await expect(suggestions.first()).toContainText('Getting started')

  // Arrows move through the suggestions as through results, and Enter opens one.
  await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(suggestions.nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(input).toHaveAttribute(
    'aria-activedescendant',
    (await suggestions.nth(1).getAttribute('id')) ?? '',
  )
  // Tab reaches them too: they are links.
  await page.keyboard.press('Tab')
  await expect(suggestions.first()).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(suggestions.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/guides$/)
})

test('words of one letter are not searched', async ({ page }) => {
  await openPage(page)
  await page.keyboard.press('/')
  const dialog = searchDialog(page)
  await dialog.getByRole('combobox', { name: 'Search the docs' }).fill('f x')
  await expect(dialog.getByRole('status')).toHaveText('Keep typing: words of one letter are not searched.')
  await expect(dialog.getByRole('option')).toHaveCount(0)
})

test('highlights come from the current query only', async ({ page }) => {
  await openPage(page)
  await page.keyboard.press('/')
  const dialog = searchDialog(page)
  const captchaGuide = dialog.locator('[data-search-hit="/guides/auth/captcha"]')
  await search(page, 'captcha')
  await expect(captchaGuide.locator('mark').first()).toHaveText(/captcha/i)

  // The same page found by the next query shows that query's words, not the last one's.
  await search(page, 'turnstile')
  await expect(captchaGuide).toBeVisible()
  const marks = await dialog.locator('mark').allTextContents()
  expect(marks.length).toBeGreaterThan(0)
  for (const mark of marks) expect(mark, marks.join(' | ')).toMatch(/turnstile/i)
})

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } })

  test('the keyboard hints are hidden and a Close button takes the place of Esc', async ({ page }) => {
    await openPage(page)
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
    await page.getByRole('button', { name: 'Search' }).tap()
    const dialog = searchDialog(page)
    await expect(dialog).toBeVisible()
    await search(page, 'captcha')
    await expect(dialog.getByText('to move')).toBeHidden()
    for (const kbd of await dialog.locator('kbd').all()) await expect(kbd).toBeHidden()
    await dialog.getByRole('button', { name: 'Close' }).tap()
    await expect(dialog).toBeHidden()
  })
})

test.describe('on a wide touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 1440, height: 900 } })

  test('the search button shows no shortcut', async ({ page }) => {
    await openPage(page)
    const button = page.getByRole('button', { name: 'Search' })
    await expect(button).toBeVisible()
    await expect(button.locator('kbd')).toBeHidden()
  })
})

test('with a keyboard and a mouse, the hints are shown and there is no Close button', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openPage(page)
  await expect(page.getByRole('button', { name: 'Search' }).locator('kbd')).toBeVisible()
  await page.keyboard.press('/')
  const dialog = searchDialog(page)
  await expect(dialog.getByText('to move')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeHidden()
})

test('relevance: each browser-set query finds its page among the first three results', async ({ page }) => {
  test.setTimeout(120_000)
  await openPage(page)
  await page.keyboard.press('/')
  const queries = RELEVANCE_QUERIES.filter((entry) => entry.inBrowser)
  expect(queries.length).toBeGreaterThanOrEqual(10)
  const misses: string[] = []
  for (const entry of queries) {
    const top = await topPaths(page, entry.query)
    if (!top.some((found) => answers(entry, found)))
      misses.push(
        `  "${entry.query}": expected ${entry.expected.join(' or ')}, got ${top.join(', ') || 'nothing'}`,
      )
  }
  console.log(
    `Search relevance in the browser: ${queries.length - misses.length}/${queries.length} queries find their page in the top 3.${misses.length ? `\n${misses.join('\n')}` : ''}`,
  )
  expect(misses).toEqual([])
})
