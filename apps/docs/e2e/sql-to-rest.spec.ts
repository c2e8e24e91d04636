import { expect, test, type Page } from '@playwright/test'
import { A11Y_SCAN_BUDGET_MS, axeScan, expectNoSeriousA11yViolations } from './a11y'
import { API_PORT } from './servers'

const PAGE = '/guides/api/sql-to-rest'
/** The editor comes once the parser runs on the page, which a busy machine can take seconds to load. */
const EDITOR_TIMEOUT_MS = 20_000

async function openTool(page: Page, url = PAGE) {
  await page.goto(url)
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  // The code editor loads with the reader's first movement on the page, once the parser is up.
  await page.getByTestId('sql-editor-box').hover()
  await expect(page.locator('.cm-content')).toBeVisible({ timeout: EDITOR_TIMEOUT_MS })
}

async function typeSql(page: Page, sql: string) {
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Backspace')
  if (sql) await page.keyboard.insertText(sql)
}

/**
 * Holds the CodeMirror script back until the returned function is called. Scripts asked for after
 * that (the parser the page loads once the editor is up) pass untouched, so none is still being
 * read here when the test ends.
 */
async function holdBackEditor(page: Page): Promise<() => void> {
  let holding = true
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = () => {
      holding = false
      resolve()
    }
  })
  await page.route('**/_islands/*.js', async (route) => {
    if (!holding) return route.continue()
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('EditorView')) await released
    await route.fulfill({ response, body })
  })
  return release
}

const output = (page: Page, language: 'curl' | 'http' | 'js') => page.getByTestId(`output-${language}`)

test('starts with an example and cURL output; typing updates all three outputs', async ({ page }) => {
  await openTool(page)
  await expect(page.getByRole('tab', { name: 'cURL' })).toHaveAttribute('aria-selected', 'true')
  await expect(output(page, 'curl')).toContainText(
    "curl 'http://localhost:54321/rest/v1/products?select=id,name,price",
  )
  await typeSql(page, 'select title from books where author_id = 7')
  await expect(output(page, 'curl')).toContainText('/rest/v1/books?select=title&author_id=eq.7')
  await page.getByRole('tab', { name: 'HTTP' }).click()
  await expect(output(page, 'http')).toContainText('GET /rest/v1/books?select=title&author_id=eq.7')
  await expect(output(page, 'http')).toContainText('Host: localhost:54321')
  await page.getByRole('tab', { name: 'JavaScript' }).click()
  await expect(output(page, 'js')).toContainText(".from('books')")
  await expect(output(page, 'js')).toContainText(".eq('author_id', 7)")
  await expectNoSeriousA11yViolations(page)
})

test('once the editor is up, an edit changes the output within its own task', async ({ page }) => {
  // The parser and the code editor load on the page: on a busy machine that takes a while.
  test.setTimeout(60_000)
  const parserDownloads: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/libpg-query.wasm')) parserDownloads.push(request.url())
  })
  await page.goto(PAGE)
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await page.getByTestId('sql-editor-box').hover()
  // The code editor comes only once the parser runs on the page's thread too: the loading never
  // holds up a keystroke in the editor.
  const translatorWhenEditorShows = await page.evaluate(
    () =>
      new Promise<string | undefined>((resolve) => {
        const translator = () =>
          document.querySelector<HTMLElement>('section.sql-to-rest')?.dataset.translator
        // The editor may already be up by the time this runs.
        if (document.querySelector('.cm-content')) return resolve(translator())
        const observer = new MutationObserver(() => {
          if (!document.querySelector('.cm-content')) return
          observer.disconnect()
          resolve(translator())
        })
        observer.observe(document.body, { childList: true, subtree: true })
      }),
  )
  expect(translatorWhenEditorShows).toBe('page')
  // The page's parser is the module the worker compiled: the WebAssembly was fetched once.
  expect(parserDownloads).toHaveLength(1)
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+End')
  const seen = await page.evaluate(async () => {
    const curl = document.querySelector('[data-testid="output-curl"] pre')!
    document.execCommand('insertText', false, '7')
    // CodeMirror reads the edit in a microtask; no task or frame may pass before the output shows it.
    await Promise.resolve()
    return curl.textContent
  })
  expect(seen).toContain('offset=17')
})

test('the first example shows its output before any script runs, and without the parser', async ({
  browser,
  page,
}) => {
  // With scripts off, nothing can load the parser: the output comes with the HTML.
  const noScripts = await browser.newContext({ javaScriptEnabled: false })
  const plain = await noScripts.newPage()
  await plain.goto(PAGE)
  await expect(output(plain, 'curl')).toContainText(
    'select=id,name,price&price=gte.10&price=lte.50&name=ilike.%25mug%25&order=price.desc&offset=1&limit=2',
  )
  await noScripts.close()
  // A change needs the parser: it loads then, and the output follows the text.
  await openTool(page)
  await typeSql(page, 'select name from categories')
  await expect(output(page, 'curl')).toContainText('/rest/v1/categories?select=name')
})

test('when the parser cannot load, the tool says so and the editor still comes', async ({ page }) => {
  await page.route('**/libpg-query.wasm', (route) => route.fulfill({ status: 503, body: 'unavailable' }))
  await page.goto(PAGE)
  await page.getByTestId('sql-editor-box').hover()
  await expect(page.locator('.cm-content')).toBeVisible({ timeout: EDITOR_TIMEOUT_MS })
  // The first example's output was made when the page was built; a new query needs the parser.
  await typeSql(page, 'select name from categories')
  const tool = page.locator('section.sql-to-rest')
  await expect(tool).toContainText('The SQL parser could not be loaded.', { timeout: 15_000 })
  await expect(tool).toContainText('503')
  // The rest of the page keeps working.
  await page.getByText('Data source', { exact: true }).click()
  await expect(page.getByText('schema.sql')).toBeVisible()
})

test('the editor is CodeMirror with a 2-space tab and a 13px font', async ({ page }) => {
  await openTool(page)
  await expect(page.locator('.cm-editor')).toHaveCSS('font-size', '13px')
  expect(await page.locator('.cm-content').evaluate((el) => getComputedStyle(el).tabSize)).toBe('2')
})

const editorBox = (page: Page) => page.getByTestId('sql-editor-box')
const boxHeight = async (page: Page) => Math.round((await editorBox(page).boundingBox())!.height)

test('at 1440x900 a one-line query leaves the first output in view', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openTool(page, `${PAGE}?sql=${encodeURIComponent('select id, name from products')}`)
  await expect(output(page, 'curl')).toContainText('/rest/v1/products?select=id,name')
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  const code = (await output(page, 'curl').locator('pre').boundingBox())!
  expect(code.y + code.height).toBeLessThanOrEqual(900)
  // A few lines of room even for one line of SQL.
  expect(await boxHeight(page)).toBeGreaterThanOrEqual(4 * 18)
})

test('the editor grows with the query up to a limit, then scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openTool(page)
  const lines = (count: number) =>
    [
      'select id,',
      ...Array.from({ length: count - 2 }, (_, i) => `  col_${i + 1},`),
      '  name from products',
    ].join('\n')
  await typeSql(page, 'select id from products')
  const one = await boxHeight(page)
  await typeSql(page, lines(10))
  const ten = await boxHeight(page)
  expect(ten).toBeGreaterThan(one + 5 * 18)
  await typeSql(page, lines(30))
  const thirty = await boxHeight(page)
  await typeSql(page, lines(40))
  await expect(output(page, 'curl')).toContainText('col_38')
  expect(await boxHeight(page)).toBe(thirty)
  expect(thirty).toBeLessThan(30 * 18)
  const scroller = page.locator('.cm-scroller')
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
  // The caret's line (the last) is scrolled into view inside the editor.
  await expect(page.locator('.cm-line', { hasText: 'name from products' })).toBeInViewport()
})

test('the code editor is not downloaded with the page, only once the reader moves', async ({ page }) => {
  const editorScripts: string[] = []
  // A body that cannot be read counts against the test while it runs; after it ends (the page
  // still loads the parser once the editor is up) there is nobody left to read it for.
  const unreadable: string[] = []
  page.on('response', async (response) => {
    if (!/\/_islands\/.*\.js$/.test(response.url())) return
    try {
      if ((await response.text()).includes('EditorView')) editorScripts.push(response.url())
    } catch {
      unreadable.push(response.url())
    }
  })
  await page.goto(PAGE, { waitUntil: 'networkidle' })
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await page.waitForTimeout(1000)
  expect(editorScripts).toEqual([])
  expect(unreadable).toEqual([])
  await expect(page.locator('.cm-content')).toHaveCount(0)
  // The plain text area already works: the output follows what is typed.
  await expect(output(page, 'curl')).toContainText('/rest/v1/')

  await page.mouse.move(200, 200)
  await expect(page.locator('.cm-content')).toBeVisible({ timeout: EDITOR_TIMEOUT_MS })
  // The handler reads each body after the fact: the editor can be up before its script is counted.
  await expect.poll(() => editorScripts.length).toBeGreaterThan(0)
  expect(unreadable).toEqual([])
})

test('the box keeps its height when CodeMirror replaces the plain text area', async ({ page }) => {
  const release = await holdBackEditor(page)
  await page.goto(PAGE)
  await expect(page.getByRole('textbox', { name: 'SQL query' })).toBeVisible()
  const before = await boxHeight(page)
  await editorBox(page).hover()
  release()
  await expect(page.locator('.cm-content')).toBeVisible({ timeout: EDITOR_TIMEOUT_MS })
  expect(await boxHeight(page)).toBe(before)
})

for (const scheme of ['light', 'dark'] as const) {
  test(`in the ${scheme} theme the editor's SQL colours and the three highlighted outputs pass axe contrast`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await openTool(page)
    await typeSql(
      page,
      "-- books on sale\nselect name, price::numeric from products where name = 'Lamp' and price > 10",
    )
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
    test.info().setTimeout(test.info().timeout + A11Y_SCAN_BUDGET_MS)
    const editorScan = await axeScan(page).include('.cm-editor').withRules(['color-contrast']).analyze()
    const editorFailing = editorScan.violations.flatMap((v) =>
      v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
    )
    expect(editorFailing, `${scheme} editor`).toEqual([])
    // Keywords are coloured, not left in the text colour.
    const keyword = page.locator('.cm-line span', { hasText: /^select$/ }).first()
    const textColor = await page.locator('.cm-content').evaluate((el) => getComputedStyle(el).color)
    await expect(keyword).not.toHaveCSS('color', textColor)

    // The three outputs, on the same page.
    await page.getByLabel('Example').selectOption({ label: 'Update matching rows' })
    await expect(output(page, 'curl')).toContainText('-X PATCH')
    // Reveal the key too: the chip around it has its own background.
    await page.getByRole('button', { name: 'Reveal' }).click()
    const pageTextColor = await page.locator('html').evaluate((el) => getComputedStyle(el).color)
    for (const [language, tab, tokens] of [
      ['curl', 'cURL', ['command', 'constant', 'string', 'keyword']],
      ['http', 'HTTP', ['keyword', 'property', 'string', 'constant']],
      ['js', 'JavaScript', ['keyword', 'function', 'string', 'constant']],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click()
      const panel = output(page, language)
      for (const kind of tokens) {
        const token = panel.locator(`[data-token="${kind}"]`).first()
        await expect(token, `${language} ${kind}`).toBeVisible()
        await expect(token).not.toHaveCSS('color', pageTextColor)
      }
      test.info().setTimeout(test.info().timeout + A11Y_SCAN_BUDGET_MS)
      const results = await axeScan(page)
        .include(`[data-testid="output-${language}"] pre`)
        .withRules(['color-contrast'])
        .analyze()
      const failing = results.violations.flatMap((v) =>
        v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
      )
      expect(failing, `${scheme} ${language}`).toEqual([])
      // The scan did look at the coloured text.
      const checked = results.passes.flatMap((rule) => rule.nodes).length
      expect(checked, `${scheme} ${language}`).toBeGreaterThan(tokens.length)
    }
  })
}

test('the copy buttons copy the plain code that is shown highlighted', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openTool(page)
  await page.getByLabel('Example').selectOption({ label: 'Call a function (RPC)' })
  await page.getByRole('button', { name: 'Reveal' }).click()
  for (const [language, tab] of [
    ['curl', 'cURL'],
    ['http', 'HTTP'],
    ['js', 'JavaScript'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click()
    const panel = output(page, language)
    await expect(panel.locator('[data-token]').first()).toBeVisible()
    await panel.getByRole('button', { name: `Copy ${tab}` }).click()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).not.toContain('<span')
    expect(copied).toBe(await panel.locator('pre').evaluate((el) => el.textContent))
  }
})

test('the base URL dialog says what it accepts as the reader types, strips trailing slashes and keeps the value', async ({
  page,
}) => {
  await openTool(page)
  await page.getByRole('button', { name: 'Change base URL' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change base URL' })
  const input = dialog.getByLabel('Base URL')
  const message = dialog.getByTestId('base-url-message')
  await input.fill('')
  await expect(message).toHaveText('Enter a URL that starts with http:// or https://.')
  await expect(input).toHaveAccessibleDescription('Enter a URL that starts with http:// or https://.')
  // Every key goes in, and the message follows it; a half-typed URL is not flagged as an error yet.
  await input.pressSequentially('ftp://x.test')
  await expect(input).toHaveValue('ftp://x.test')
  await expect(message).toHaveText('Only http:// and https:// URLs work here, not ftp://.')
  await expect(input).not.toHaveAttribute('aria-invalid', 'true')
  await input.fill('abc.example.co')
  await expect(message).toHaveText('Start with http:// or https://.')
  await expect(input).toHaveAccessibleDescription('Start with http:// or https://.')
  // Change with a URL it cannot take: the dialog stays, the field is marked and keeps the focus.
  await dialog.getByRole('button', { name: 'Change' }).click()
  await expect(dialog).toBeVisible()
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(input).toBeFocused()
  await expect(page.getByTestId('base-url')).toHaveText('http://localhost:54321/rest/v1')
  await input.fill('https://abc.example.co/rest/v1///?tab=api')
  await expect(message).toHaveText('A REST endpoint: taken as it is. The part from ? or # is left out.')
  await expect(input).toHaveAccessibleDescription(
    'A REST endpoint: taken as it is. The part from ? or # is left out. Requests will go to https://abc.example.co/rest/v1.',
  )
  await expect(input).not.toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Change' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('base-url')).toHaveText('https://abc.example.co/rest/v1')
  await expect(output(page, 'curl')).toContainText("curl 'https://abc.example.co/rest/v1/products")
  await page.reload()
  await expect(page.getByTestId('base-url')).toHaveText('https://abc.example.co/rest/v1')
})

test('a project URL gets the REST path, with a sentence saying so; the example uses our domain', async ({
  page,
}) => {
  const platformCalls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).port === String(API_PORT)) platformCalls.push(request.url())
  })
  await openTool(page)
  await page.getByRole('button', { name: 'Change base URL' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change base URL' })
  await expect(dialog).toContainText('https://<project-ref>.basebox.co')
  await expect(dialog).not.toContainText('supabase.co')
  const input = dialog.getByLabel('Base URL')
  await input.fill('https://qwmzpkhtrbvlsnexdaoc.basebox.co/')
  await expect(dialog.getByTestId('base-url-message')).toHaveText(
    'A project URL: the REST path /rest/v1 is added.',
  )
  await expect(dialog.getByTestId('base-url-preview')).toHaveText(
    'Requests will go to https://qwmzpkhtrbvlsnexdaoc.basebox.co/rest/v1.',
  )
  await expect(input).toHaveAccessibleDescription(/Requests will go to/)
  // Signed out: no project list and nothing asked of the platform API.
  await expect(dialog.getByRole('group', { name: 'Your projects' })).toHaveCount(0)
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await dialog.getByRole('button', { name: 'Change' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('base-url')).toHaveText('https://qwmzpkhtrbvlsnexdaoc.basebox.co/rest/v1')
  await expect(page.getByTestId('base-url-note')).toHaveText(
    'Added /rest/v1 to your project URL: the REST API is served below it.',
  )
  await expect(output(page, 'curl')).toContainText(
    "curl 'https://qwmzpkhtrbvlsnexdaoc.basebox.co/rest/v1/products",
  )
  await page.getByRole('tab', { name: 'HTTP' }).click()
  await expect(output(page, 'http')).toContainText('Host: qwmzpkhtrbvlsnexdaoc.basebox.co')
  await expect(output(page, 'http')).toContainText('GET /rest/v1/products')

  // A full REST endpoint is taken as it is, and the sentence goes away.
  await page.getByRole('button', { name: 'Change base URL' }).click()
  await input.fill('http://localhost:54321/rest/v1')
  await expect(dialog.getByTestId('base-url-message')).toHaveText('A REST endpoint: taken as it is.')
  await dialog.getByRole('button', { name: 'Change' }).click()
  await expect(page.getByTestId('base-url-note')).toBeEmpty()
  expect(platformCalls).toEqual([])
})

test('the dialog open state, the SQL and the language survive a reload', async ({ page }) => {
  await openTool(page)
  await typeSql(page, 'select id from orders')
  await page.getByRole('tab', { name: 'HTTP' }).click()
  await page.getByRole('button', { name: 'Change base URL' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('tab', { name: 'HTTP' })).toHaveAttribute('aria-selected', 'true')
  await expect(output(page, 'http')).toContainText('GET /rest/v1/orders?select=id')
})

test('copy shows Copied for three seconds, or Failed to copy when refused', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // The three seconds are counted on the page's own clock, held still between the checks, so a
  // busy machine cannot stretch them.
  await page.clock.install()
  await openTool(page)
  await page.clock.pauseAt(Date.now() + 1000)
  const copy = output(page, 'curl').getByRole('button', { name: 'Copy cURL' })
  await copy.click()
  await expect(output(page, 'curl').getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^curl 'http:\/\/localhost:54321/)
  await page.clock.runFor(2900)
  await expect(output(page, 'curl').getByRole('button', { name: 'Copied' })).toBeVisible()
  await page.clock.runFor(200)
  await expect(output(page, 'curl').getByRole('button', { name: 'Copy cURL' })).toBeVisible()
  await page.clock.resume()

  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    })
  })
  await output(page, 'curl').getByRole('button', { name: 'Copy cURL' }).click()
  await expect(output(page, 'curl').getByRole('button', { name: 'Failed to copy' })).toBeVisible()
})

test('the anon key is masked until revealed', async ({ page }) => {
  await openTool(page)
  const curl = output(page, 'curl')
  await expect(curl).toContainText('apikey: **** **** **** ****')
  await expect(curl).not.toContainText('eyJhbGciOi')
  await page.getByRole('button', { name: 'Reveal' }).click()
  await expect(curl).toContainText('apikey: eyJhbGciOi')
})

test('Data source and Notes start collapsed and expand', async ({ page }) => {
  await openTool(page)
  for (const name of ['Data source', 'Notes']) {
    const details = page.locator('details.accordion', { has: page.locator('summary', { hasText: name }) })
    await expect(details).not.toHaveAttribute('open', '')
    await details.locator('summary').click()
    await expect(details).toHaveAttribute('open', '')
  }
  await expect(page.locator('details.accordion').first()).toContainText('price numeric not null')
  await expect(page.locator('details.accordion').first().locator('caption')).toHaveText([
    'categories (10 rows)',
    'products (38 rows)',
  ])
})

test('an empty editor shows a neutral hint, not an error', async ({ page }) => {
  await openTool(page)
  await typeSql(page, '')
  await expect(page.locator('[data-error-kind="empty"]')).toHaveText(
    'Type one SELECT, INSERT, UPDATE or DELETE statement.',
  )
  // Scoped to the tool: the framework's route announcer is an empty alert region of its own.
  await expect(page.locator('section.sql-to-rest [role="alert"]')).toHaveCount(0)
})

async function runSql(page: Page, sql: string) {
  await typeSql(page, sql)
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true')
  const button = page.getByRole('button', { name: 'Run on sample data' })
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click()
}

const verdict = (page: Page) => page.getByTestId('run-verdict')

// The first Run downloads and starts PGlite (about 6 MB of WebAssembly and data, compressed), which can take
// tens of seconds on a busy two-core machine; later runs answer in milliseconds.
const FIRST_RUN_TEST_MS = 120_000

test('PGlite loads only once the reader moves on the page; Run compares a filter, a join, an aggregate, an RPC and an insert, and the Aggregates setting is kept', async ({
  page,
}) => {
  // One start of the sample database for every run of the test: the start is the slow part.
  test.setTimeout(FIRST_RUN_TEST_MS + 60_000)
  const pglite: string[] = []
  page.on('request', (request) => {
    if (/pglite/.test(request.url())) pglite.push(request.url())
  })
  await page.goto(PAGE)
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await page.waitForLoadState('load')
  await page.waitForTimeout(1500)
  // A page only loaded, never moved on, fetches none of the sample database.
  expect(pglite).toEqual([])
  await openTool(page)
  await runSql(page, "select name, price from products where price between 10 and 20 and name ilike '%mug%'")
  await expect(verdict(page)).toHaveText('Same rows. SQL: 2 rows, REST: 2 rows.', { timeout: 60_000 })
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'same')
  await expect(page.getByTestId('run-rest')).toContainText('HTTP/1.1 200 OK')
  await expect(page.getByTestId('run-rest')).toContainText('Content-Range: 0-1/*')
  await expect(page.getByTestId('run-rest')).toContainText('"name": "Travel mug"')
  await expect(page.getByTestId('run-sql')).toContainText('"price": 18.5')
  // One copy of PGlite, served as hashed static assets (cached for a year, compressed).
  expect(pglite.some((url) => /\/_islands\/pglite\.[\w-]+\.wasm$/.test(url))).toBe(true)
  // The statement the REST engine ran, as PostgREST 12.2 builds it.
  await page.getByText('The SQL PostgREST runs for this request').click()
  await expect(page.getByTestId('run-statement')).toContainText('WITH pgrst_source AS')
  await expect(page.getByTestId('run-statement')).toContainText(`ilike '%mug%'`)

  // The database is up: the next runs are quick.
  await runSql(
    page,
    "select p.name, c.name as category from products p join categories c on c.id = p.category_id where c.name = 'Toys'",
  )
  await expect(verdict(page)).toHaveText('Same rows. SQL: 3 rows, REST: 3 rows.', { timeout: 60_000 })
  await expect(page.getByTestId('run-rest')).toContainText('"category": "Toys"')

  await typeSql(page, 'select category_id, count(*) from products group by category_id')
  await expect(verdict(page)).toHaveText('Same rows. SQL: 10 rows, REST: 10 rows.')

  await typeSql(page, "select name, price from search_products(term => 'lamp') order by price")
  await expect(verdict(page)).toHaveText('Same rows. SQL: 3 rows, REST: 3 rows.')
  await expect(page.getByTestId('run-rest')).toContainText('"name": "Headlamp"')

  await typeSql(page, "insert into products (name, price) values ('Paper kite', 9) returning id, name")
  await expect(verdict(page)).toHaveText('Same rows. SQL: 1 row, REST: 1 row.')
  await expect(page.getByTestId('run-rest')).toContainText('HTTP/1.1 201 Created')
  await expect(page.getByTestId('run-rest')).toContainText('"id": 39')
  await expect(page.getByTestId('run-response')).toContainText('rolled back')

  await typeSql(page, "select count(*) from products where name = 'Paper kite'")
  await expect(verdict(page)).toHaveText('Same rows. SQL: 1 row, REST: 1 row.')
  await expect(page.getByTestId('run-rest')).toContainText('"count": 0')
  await typeSql(page, "select id, name from products where name = 'Paper kite'")
  await expect(verdict(page)).toHaveText('Same rows. SQL: 0 rows, REST: 0 rows.')

  // Prices are numeric: exact decimals on both sides, never a float's 19.72499990463257.
  await typeSql(page, 'select avg(price) from products where category_id = 5')
  await expect(verdict(page)).toHaveText('Same rows. SQL: 1 row, REST: 1 row.')
  await expect(page.getByTestId('run-rest')).toContainText('"avg": 19.725\n')
  await expect(page.getByTestId('run-sql')).toContainText('"avg": 19.725\n')
  await typeSql(page, 'select name, price from products where category_id = 5 order by price')
  await expect(verdict(page)).toHaveText('Same rows. SQL: 4 rows, REST: 4 rows.')
  await expect(page.getByTestId('run-rest')).toContainText('"price": 19.9\n')
  await expect(page.getByTestId('run-rest')).not.toContainText('99999')

  // With Aggregates enabled unticked, Run shows the PGRST123 refusal, and the setting is kept.
  const setting = page.getByRole('checkbox', { name: 'Aggregates enabled (db-aggregates-enabled)' })
  await expect(setting).toBeChecked()
  await typeSql(page, 'select category_id, count(*) from products group by category_id')
  await expect(verdict(page)).toHaveText('Same rows. SQL: 10 rows, REST: 10 rows.')

  // From the keyboard: the setting comes after Change base URL, shows its focus, and Space turns it off.
  await page.getByRole('button', { name: 'Change base URL' }).focus()
  await page.keyboard.press('Tab')
  await expect(setting).toBeFocused()
  expect(await setting.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none')
  await page.keyboard.press('Space')
  await expect(setting).not.toBeChecked()
  await expect(verdict(page)).toHaveText(
    'PostgREST 12.2 refuses this request: 400 PGRST123, Use of aggregate functions is not allowed.' +
      ' Aggregates are off: tick Aggregates enabled to run it as the tool assumes.',
  )
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'refused')
  await expect(page.getByTestId('run-rest')).toContainText('HTTP/1.1 400 Bad Request')
  await expect(page.getByTestId('run-rest')).toContainText('"code": "PGRST123"')
  // The SQL still runs: its rows stay beside the refusal.
  await expect(page.getByTestId('run-sql')).toContainText('"count": 5')
  // A request without an aggregate is not affected.
  await typeSql(page, "select name from products where name ilike '%mug%'")
  await expect(verdict(page)).toHaveText('Same rows. SQL: 4 rows, REST: 4 rows.')

  await page.reload()
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await expect(
    page.getByRole('checkbox', { name: 'Aggregates enabled (db-aggregates-enabled)' }),
  ).not.toBeChecked()
  await expectNoSeriousA11yViolations(page)
})

test('REST to SQL reads a URL, shows its SQL and runs it', async ({ page }) => {
  test.setTimeout(FIRST_RUN_TEST_MS)
  await openTool(page)
  await page.getByRole('radio', { name: 'REST to SQL' }).click()
  const input = page.getByLabel('REST request')
  await input.fill(
    'http://localhost:54321/rest/v1/products?select=name,...categories!inner(category:name)&categories.name=eq.Garden&order=name',
  )
  // First the SQL a reader would write, then, behind a disclosure, the statement PostgREST 12.2 runs.
  await expect(page.getByTestId('rest-sql')).toHaveText(
    [
      'select products.name, categories.name as category',
      'from products',
      'join categories on categories.id = products.category_id',
      "where categories.name = 'Garden'",
      'order by products.name',
    ].join('\n'),
  )
  await expect(page.getByTestId('rest-meaning')).toBeHidden()
  await page.locator('summary', { hasText: 'The statement PostgREST runs' }).click()
  await expect(page.getByTestId('rest-meaning')).toContainText('INNER JOIN LATERAL')
  await expect(page.getByTestId('rest-meaning')).toContainText(`"categories_1"."name" = 'Garden'`)
  await expect(output(page, 'curl')).toContainText('categories.name=eq.Garden')
  await page.getByRole('button', { name: 'Run on sample data' }).click()
  await expect(verdict(page)).toHaveText('The request returns 4 rows.', { timeout: 60_000 })
  await expect(page.getByTestId('run-rest')).toContainText('"name": "Garden hose"')

  // A request PostgREST 12.2 refuses: the verdict says so, and the response is its error.
  await input.fill('GET /rest/v1/products?select=name&order=categories(name)')
  await expect(page.getByTestId('rest-meaning')).toContainText(
    '-- PostgREST 12.2 refuses this request: 400, PGRST108',
  )
  await expect(verdict(page)).toHaveText(
    "PostgREST 12.2 refuses this request: 400 PGRST108, 'categories' is not an embedded resource in this request.",
  )
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'refused')
  const response = page.getByTestId('run-rest')
  await expect(response).toContainText('HTTP/1.1 400 Bad Request')
  await expect(response).toContainText('Content-Type: application/json; charset=utf-8')
  await expect(response).toContainText('"code": "PGRST108"')
  await expect(response).toContainText(
    `"hint": "Verify that 'categories' is included in the 'select' query parameter."`,
  )
  await expect(response).toContainText(
    `"message": "'categories' is not an embedded resource in this request"`,
  )
  await expect(page.getByTestId('run-sql')).toHaveCount(0)

  await input.fill('http://localhost:54321/rest/v1/products?price=foo.10')
  await expect(page.locator('[role="alert"][data-error-kind="parse"]')).toContainText(
    '"foo" is not a PostgREST operator.',
  )
})

test('REST to SQL: the sample goes to the base URL set, and a body without its empty line is pointed out', async ({
  page,
}) => {
  await openTool(page)
  await page.getByRole('button', { name: 'Change base URL' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change base URL' })
  await dialog.getByLabel('Base URL').fill('https://proxy.example.test/api/')
  await dialog.getByRole('button', { name: 'Change' }).click()
  await expect(page.getByTestId('base-url')).toHaveText('https://proxy.example.test/api')
  await page.getByRole('radio', { name: 'REST to SQL' }).click()
  const input = page.getByLabel('REST request')
  await expect(input).toHaveValue(/^https:\/\/proxy\.example\.test\/api\/products\?select=name,price,/)
  await expect(page.getByTestId('rest-sql')).toContainText("where categories.name = 'Kitchen'")
  await expect(output(page, 'curl')).toContainText(
    "curl 'https://proxy.example.test/api/products?select=name,price",
  )

  await input.fill(
    'POST /rest/v1/products HTTP/1.1\nContent-Type: application/json\n{"name": "Kite", "price": 23.5}',
  )
  const alert = page.locator('section.sql-to-rest [role="alert"][data-error-kind="parse"]')
  await expect(alert).toContainText('Leave an empty line before the body.')
  await expect(alert).not.toContainText('no body')
  await expect(page.getByTestId('output-area')).toHaveCount(0)
  await input.fill(
    'POST /rest/v1/products HTTP/1.1\nContent-Type: application/json\n\n{"name": "Kite", "price": 23.5}',
  )
  await expect(alert).toHaveCount(0)
  await expect(page.getByTestId('rest-sql')).toContainText('insert into products')
  await expect(page.getByTestId('rest-sql')).toContainText('23.5')
})

// One page for the four queries: each starts from a query that translates, as the last one ends.
test('parse errors and refusals are marked in the editor, with no empty output', async ({ page }) => {
  // Four queries, each checked in full: on a busy machine more than the usual limit.
  test.slow()
  await openTool(page)
  for (const [kind, sql, expectation, advice, mark] of [
    ['parse', 'selec * from products', /syntax error/i, undefined, { text: 'selec', from: 0 }],
    ['parse', 'select * from products where', /end of input/i, undefined, { text: 'where', from: 23 }],
    ['unsupported', 'with t as (select 1) select * from t', /./, 'create view', { text: 'with', from: 0 }],
    ['unsupported', 'select 1; select 2', /./, 'RPC endpoint', { text: 'select', from: 10 }],
  ] as const) {
    const what = `${kind}: ${sql}`
    await typeSql(page, sql)
    // A refusal with advice reads as a note; an error without a way round it as an alert.
    const alert = page.locator(`[role="${advice ? 'note' : 'alert'}"][data-error-kind="${kind}"]`)
    await expect(alert, what).toHaveCount(1)
    await expect(alert).toContainText(expectation)
    await expect(page.locator('section.sql-to-rest [data-error-kind]')).toHaveCount(1)
    if (advice) await expect(alert).toContainText(advice)
    // The editor marks where the query goes wrong, with the message as its title.
    const marked = page.locator('.cm-content [data-error-mark]')
    await expect(marked).toHaveCount(1)
    await expect(marked, what).toHaveText(mark.text)
    await expect(marked).toHaveAttribute('title', await alert.locator('p').first().innerText())
    const from = await marked.evaluate((el) => {
      const range = document.createRange()
      range.setStart(el.closest('.cm-content')!, 0)
      range.setEnd(el, 0)
      return range.toString().length
    })
    expect(from, what).toBe(mark.from)
    // No request to show: no empty code panes or tabs, only the message in words.
    await expect(page.getByTestId('output-area'), what).toHaveCount(0)
    await expect(page.getByRole('tab', { name: 'cURL' })).toHaveCount(0)
    // Once the query translates, the mark goes and the output comes back.
    await typeSql(page, 'select name from products')
    await expect(marked).toHaveCount(0)
    await expect(output(page, 'curl')).toContainText('/rest/v1/products?select=name')
  }
})

test('an unimplemented feature shows an orange message with a Create a PR link', async ({ page }) => {
  await openTool(page)
  await typeSql(page, 'explain select * from books')
  const alert = page.locator('[role="alert"][data-error-kind="unimplemented"]')
  await expect(alert).toContainText('EXPLAIN')
  await expect(alert.getByRole('link', { name: 'Create a PR' })).toHaveAttribute('href', /github\.com/)
  // Orange, not the red of errors the reader must fix.
  const orange = await alert.evaluate((el) => getComputedStyle(el).borderColor)
  await typeSql(page, 'selec 1')
  const red = await page
    .locator('[role="alert"][data-error-kind="parse"]')
    .evaluate((el) => getComputedStyle(el).borderColor)
  expect(orange).not.toBe(red)
  await typeSql(page, 'explain select * from books')
  await expect(page.getByTestId('output-area')).toHaveCount(0)
})

test('HTML and script tags are shown as text, never executed', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await openTool(page)
  await typeSql(page, "select * from t where a = '<script>alert(1)</script><img src=x onerror=alert(2)>'")
  await expect(output(page, 'curl')).toContainText('%3Cscript%3E')
  await page.getByRole('tab', { name: 'JavaScript' }).click()
  await expect(output(page, 'js')).toContainText('<script>alert(1)</script>')
  await typeSql(page, '<script>alert(3)</script>')
  await expect(page.locator('[role="alert"][data-error-kind="parse"]')).toBeVisible()
  expect(dialogs).toEqual([])
})

test('huge input and binary junk produce a message, and the page keeps working', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await openTool(page)
  await typeSql(page, '\u0000\u0001\u0002\uFFFD\uD83D junk \u0007')
  await expect(page.locator('[role="alert"][data-error-kind]')).toHaveCount(1)
  await typeSql(page, `select ${'col, '.repeat(5000)}x from t`)
  await expect(page.locator('[role="alert"][data-error-kind]')).toHaveCount(1)
  await typeSql(page, 'select id from t')
  await expect(output(page, 'curl')).toContainText('/rest/v1/t?select=id')
  expect(errors).toEqual([])
})

test('a shared link restores the SQL and the language', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openTool(page)
  await typeSql(page, "select name from tags where slug = 'a,b'")
  await page.getByRole('tab', { name: 'JavaScript' }).click()
  await page.getByRole('button', { name: 'Copy a link to this query' }).click()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  // Change what this browser remembers, so only the link can bring the query back.
  await typeSql(page, 'select id from other_table')
  await page.getByRole('tab', { name: 'cURL' }).click()
  const fresh = await context.newPage()
  await openTool(fresh, link)
  await expect(fresh.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true')
  await expect(fresh.getByTestId('output-js')).toContainText(".from('tags')")
})

test('the example list loads queries for reads, writes and functions', async ({ page }) => {
  await openTool(page)
  const select = page.getByLabel('Example')
  await select.selectOption({ label: 'Call a function (RPC)' })
  await expect(output(page, 'curl')).toContainText('/rest/v1/rpc/search_products')
  await select.selectOption({ label: 'Delete matching rows' })
  await expect(output(page, 'curl')).toContainText('-X DELETE')
})

test('keyboard: tabs switch with arrow keys and the output is focusable', async ({ page }) => {
  await openTool(page)
  await page.getByRole('tab', { name: 'cURL' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'HTTP' })).toBeFocused()
  await expect(page.getByRole('tab', { name: 'HTTP' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Reveal' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Hide key' })).toBeVisible()
  const outputCode = page.getByLabel('HTTP output')
  await outputCode.focus()
  await expect(outputCode).toBeFocused()
})

test('a reader can type before the editor has loaded: the text, caret and output carry over', async ({
  page,
}) => {
  // Hold back the CodeMirror chunk until the reader has typed.
  const release = await holdBackEditor(page)
  await page.goto(PAGE)
  const plain = page.getByRole('textbox', { name: 'SQL query' })
  await plain.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText('select title from books where author_id = 7')
  await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await expect(output(page, 'curl')).toContainText('/rest/v1/books?select=title&author_id=eq.7')
  await expect(page.locator('.cm-content')).toHaveCount(0)

  release()
  await expect(page.locator('.cm-content')).toBeVisible({ timeout: EDITOR_TIMEOUT_MS })
  await expect(page.locator('textarea[aria-label="SQL query"]')).toHaveCount(0)
  await expect(page.locator('.cm-content')).toBeFocused()
  await page.keyboard.insertText('1')
  await expect(page.locator('.cm-content')).toHaveText('select title from books where author_id = 71')
  await expect(output(page, 'curl')).toContainText('/rest/v1/books?select=title&author_id=eq.71')
})

test('a lone count(*) returns one row, and a note offers the header-only count', async ({ page }) => {
  await openTool(page)
  await typeSql(page, 'select count(*) from products where price > 20')
  await expect(output(page, 'curl')).toContainText('/rest/v1/products?select=count()&price=gt.20')
  const notes = page.getByTestId('request-notes')
  await expect(notes).toContainText('db-aggregates-enabled')
  await expect(notes.getByLabel('Alternative request')).toContainText('--head')
  await expect(notes.getByLabel('Alternative request')).toContainText("-H 'Prefer: count=exact'")
  await page.getByRole('tab', { name: 'JavaScript' }).click()
  await expect(notes.getByLabel('Alternative request')).toContainText(
    ".select('*', { count: 'exact', head: true })",
  )
})

test('a refusal gives advice that fits it, built from the query', async ({ page }) => {
  await openTool(page)
  await typeSql(page, 'select category_id, count(*) from products group by category_id having count(*) > 3')
  const alert = page.locator('[role="note"][data-advice="true"][data-error-kind="unsupported"]')
  await expect(alert).toContainText('HAVING')
  await expect(page.locator('section.sql-to-rest [role="alert"]')).toHaveCount(0)
  await expect(alert.getByLabel('View to create')).toContainText(
    'create view products_view as\n  select category_id, count(*) from products group by category_id having count(*) > 3;',
  )
  await expect(alert.getByLabel('Request that reads the view')).toContainText(
    '/rest/v1/products_view?select=*',
  )

  await typeSql(page, 'select p.name, c.name from products p, categories c where c.id = p.category_id')
  await expect(alert).toContainText('JOIN ... ON')
  await expect(alert.getByLabel('Query that translates')).toHaveText(
    'select p.name, c.name from products p join categories c on c.id = p.category_id',
  )
  await alert.getByRole('button', { name: 'Use this version' }).click()
  await expect(output(page, 'curl')).toContainText('...categories!category_id!inner(category_name:name)')
  await expect(page.getByTestId('request-notes')).toContainText('renamed category_name')

  await typeSql(page, "select id, order_details->'tax_amount'::numeric from orders")
  await expect(alert).toContainText("(order_details->'tax_amount')::numeric")
})

test('the first Run is busy until the sample database answers: the button disabled, progress in words', async ({
  page,
}) => {
  test.setTimeout(FIRST_RUN_TEST_MS)
  // The sample database's WebAssembly is held back, so the busy state lasts long enough to see.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/_islands\/pglite\.[\w-]+\.wasm$/, async (route) => {
    await released
    await route.continue()
  })
  await openTool(page)
  await typeSql(page, "select name, price from products where price between 10 and 20 and name ilike '%mug%'")
  const run = page.getByRole('button', { name: 'Run on sample data' })
  await run.click()
  await expect(run).toHaveAttribute('aria-busy', 'true')
  await expect(run).toBeDisabled()
  const progress = page.getByTestId('run-progress')
  await expect(progress).toHaveAttribute('role', 'status')
  await expect(progress).toContainText('Loading the sample database')
  await expect(progress.getByRole('progressbar')).toBeVisible()
  release()
  await expect(verdict(page)).toHaveText('Same rows. SQL: 2 rows, REST: 2 rows.', { timeout: 90_000 })
  await expect(run).not.toHaveAttribute('aria-busy', 'true')
  await expect(run).toBeEnabled()
  await expect(progress).toBeEmpty()
})

for (const scheme of ['light', 'dark'] as const) {
  test(`in the ${scheme} theme, advice for HAVING reads as a note and passes axe contrast`, async ({
    page,
  }) => {
    await page.addInitScript((theme) => window.localStorage.setItem('docs.theme', theme), scheme)
    await openTool(page)
    await typeSql(page, 'select category_id, count(*) from products group by category_id having count(*) > 3')
    const advice = page.getByRole('note', { name: 'Advice' })
    await expect(advice).toContainText('HAVING')
    await expect(page.locator('section.sql-to-rest [role="alert"]')).toHaveCount(0)
    const results = await axeScan(page).include('section.sql-to-rest').withRules(['color-contrast']).analyze()
    expect(results.violations).toEqual([])
  })
}

test('a long curl command wraps between URL parts at 390 px, and copies without added characters', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.setViewportSize({ width: 390, height: 844 })
  await openTool(page)
  await typeSql(
    page,
    "select id, name, price, image, category_id from products where price between 10 and 20 and name ilike '%mug%' and category_id in (1, 2, 3) order by price desc, name limit 5",
  )
  const pre = output(page, 'curl').locator('pre')
  await expect(pre).toContainText('category_id=in.(1,2,3)')
  expect(await pre.locator('wbr').count()).toBeGreaterThan(5)
  // No line ends inside a word: every wrapped line of the URL ends at /, ?, & or a comma.
  const lineEnds = await pre.evaluate((element) => {
    const range = document.createRange()
    const text = element.textContent ?? ''
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    const ends: string[] = []
    let lastTop: number | undefined
    let previous = ''
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let offset = 0; offset < node.textContent!.length; offset += 1) {
        range.setStart(node, offset)
        range.setEnd(node, offset + 1)
        const top = range.getClientRects()[0]?.top
        if (top !== undefined && lastTop !== undefined && top > lastTop + 2 && previous !== '\n')
          ends.push(previous)
        if (top !== undefined) lastTop = top
        previous = node.textContent![offset]!
      }
    }
    return { ends, length: text.length }
  })
  expect(lineEnds.ends.length).toBeGreaterThan(0)
  for (const end of lineEnds.ends) expect(end).toMatch(/[?&,/ \\]/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await page.getByRole('button', { name: 'Copy cURL' }).click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(
    /^curl 'http:\/\/localhost:54321\/rest\/v1\/products\?select=id,name,price,image,category_id&/,
  )
  expect(copied).not.toMatch(/\u200b|\u200c|\u200d|\u2060|\u00ad|\ufeff/)
  // The shown URL (the key is masked in the view) is the copied one, character for character.
  const shownUrl = (await pre.evaluate((element) => element.textContent ?? '')).split('\n')[0]
  expect(copied.split('\n')[0]).toBe(shownUrl)
})
