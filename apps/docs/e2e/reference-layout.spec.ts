import { expect, test, type Page } from '@playwright/test'

/** The four long reference pages. */
const LONG_PAGES = ['/reference/javascript', '/reference/javascript/v1', '/reference/cli', '/reference/api']

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
}

/** Every multi-line `<pre>` on the page whose white-space would fold its lines. */
function foldedCodeBlocks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.ref-page pre'))
      .filter((pre) => (pre.textContent ?? '').trim().includes('\n'))
      .filter((pre) => !['pre', 'pre-wrap', 'break-spaces'].includes(getComputedStyle(pre).whiteSpace))
      .map((pre) => `${getComputedStyle(pre).whiteSpace}: ${(pre.textContent ?? '').slice(0, 60)}`),
  )
}

for (const url of LONG_PAGES) {
  test(`${url}: multi-line code keeps its lines, and the page is light at load`, async ({ page }) => {
    test.slow()
    const response = await page.goto(url)
    await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 30_000 })
    const multiLine = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('.ref-page pre')).filter((pre) =>
          (pre.textContent ?? '').trim().includes('\n'),
        ).length,
    )
    expect(multiLine).toBeGreaterThan(0)
    expect(await foldedCodeBlocks(page)).toEqual([])

    // What the reader has not asked to see stays out of the page: HTML and DOM within budget.
    const html = (await response?.body())?.byteLength ?? 0
    expect(html).toBeLessThanOrEqual(1_000_000)
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length)
    expect(nodes).toBeLessThanOrEqual(8_000)
  })
}

test('a 10-line example is 10 lines tall, and long lines scroll inside the block', async ({ page }) => {
  await open(page, '/reference/javascript/crawlers/upsert')
  const measured = await page.evaluate(() => {
    // Show every sample: open the panels and every example tab.
    document.querySelectorAll('details').forEach((details) => (details.open = true))
    document
      .querySelectorAll<HTMLElement>('[role="tabpanel"]')
      .forEach((panel) => (panel.dataset.state = 'active'))
    const pre = Array.from(document.querySelectorAll<HTMLElement>('.ref-page pre')).find(
      (candidate) =>
        candidate.offsetParent !== null &&
        (candidate.textContent ?? '').replace(/\n$/, '').split('\n').length === 10,
    )
    if (!pre) return null
    const style = getComputedStyle(pre)
    const code = pre.querySelector('code') ?? pre
    return {
      lines: code.getBoundingClientRect().height / parseFloat(style.lineHeight),
      overflowX: style.overflowX,
    }
  })
  expect(measured, 'a 10-line sample on the page').not.toBeNull()
  expect(measured?.lines).toBeCloseTo(10, 1)
  expect(measured?.overflowX).toBe('auto')

  // The Copy button sits in the figure's bar, above the code, never over it.
  const overlap = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll('figure.ref-code')).filter((figure) => {
        const button = figure.querySelector('.ref-copy')?.getBoundingClientRect()
        const code = figure.querySelector('pre')?.getBoundingClientRect()
        return !button || !code || button.bottom > code.top + 1
      }).length,
  )
  expect(overlap).toBe(0)
})

test('on wide screens examples sit beside the text and stay in view; narrow screens have one column', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await open(page, '/reference/javascript/insert')
  const section = page.locator('[id="insert"]')
  const text = section.locator('.ref-text')
  const side = section.locator('.ref-side')
  await expect(side.locator('[role="tab"]').first()).toBeVisible()
  const [textBox, sideBox] = [await text.boundingBox(), await side.boundingBox()]
  expect(sideBox!.x).toBeGreaterThan(textBox!.x + textBox!.width)
  expect(Math.abs(sideBox!.y - textBox!.y)).toBeLessThan(2)
  expect(await side.evaluate((element) => getComputedStyle(element).position)).toBe('sticky')

  await page.setViewportSize({ width: 1024, height: 900 })
  const [narrowText, narrowSide] = [await text.boundingBox(), await side.boundingBox()]
  expect(narrowSide!.y).toBeGreaterThanOrEqual(narrowText!.y + narrowText!.height - 1)
})

test('a deep link lands just below every sticky bar, on a phone and on a desktop', async ({ page }) => {
  test.slow()
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport)
    for (const [url, slug] of [
      ['/reference/javascript/range', 'range'],
      ['/reference/api/v1-run-a-query', 'v1-run-a-query'],
    ] as const) {
      await open(page, url)
      // Example columns of the sections around it load meanwhile; the heading must stay put.
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(300)
      const heading = page.locator(`[id="${slug}"] .ref-heading`)
      const stickyBottom = await page.evaluate(() =>
        Math.max(
          0,
          ...Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter((element) => ['sticky', 'fixed'].includes(getComputedStyle(element).position))
            .map((element) => element.getBoundingClientRect())
            // Bars across the top of the window (not the side columns and menus that run down it).
            .filter((box) => box.top < 200 && box.height < 200 && box.width > window.innerWidth / 2)
            .map((box) => box.bottom),
        ),
      )
      const top = (await heading.boundingBox())!.y
      const where = `${url} at ${viewport.width}px`
      expect(top, where).toBeGreaterThanOrEqual(stickyBottom - 1)
      expect(top, where).toBeLessThan(stickyBottom + 64)
    }
  }
})

test('an unknown section URL answered by the long page shows a notice and the closest sections', async ({
  page,
}) => {
  // The site's own rules send the 404 page; a host with a catch-all rule would send the long page.
  await page.route('**/reference/javascript/selectt', async (route) =>
    route.fulfill({
      response: await route.fetch({ url: new URL('/reference/javascript', route.request().url()).href }),
    }),
  )
  await open(page, '/reference/javascript/selectt')
  const notice = page.locator('[data-ref-notice]')
  await expect(notice).toContainText('No section named selectt in this reference.')
  const suggestion = notice.getByRole('link').first()
  await expect(suggestion).toHaveAttribute('href', '/reference/javascript/select')
  await suggestion.click()
  await expect(page).toHaveURL(/\/reference\/javascript\/select$/)
  await expect(page.locator('[id="select"] .ref-heading')).toBeInViewport()
})

test('content left out of the long page loads when opened, and a failure says so and can retry', async ({
  page,
}) => {
  // The long page, then a part fetched as its section nears the view: slow on a busy machine.
  test.slow()
  let failNext = true
  await page.route('**/reference/javascript/crawlers/insert', async (route) => {
    if (failNext) {
      failNext = false
      await route.fulfill({ status: 503, body: 'unavailable' })
    } else {
      await route.continue()
    }
  })
  await open(page, '/reference/javascript')
  const section = page.locator('[id="insert"]')
  // The first sections carry their examples; a later tab's example is not in the page yet.
  const tabs = section.locator('[role="tab"]')
  await section.scrollIntoViewIfNeeded()
  await expect(section.locator('.ref-defer[data-state="failed"]')).toContainText('could not be loaded', {
    timeout: 20_000,
  })
  await section.getByRole('button', { name: 'Try again' }).click()
  await expect(tabs.nth(1)).toBeVisible()
  await tabs.nth(1).click()
  const active = section.locator('[role="tabpanel"][data-state="active"]')
  await expect(active.locator('pre').first()).toBeVisible()
  const response = active.locator('details', { has: page.locator('summary', { hasText: 'Response' }) })
  await response.locator('summary').click()
  await expect(response.locator('pre')).toBeVisible()
  // Loaded code gets its Copy button like the rest.
  await expect(response.locator('.ref-copy')).toHaveCount(1)
})

test('no reference page scrolls sideways on a phone', async ({ page }) => {
  test.slow()
  await page.setViewportSize({ width: 390, height: 844 })
  for (const url of [
    ...LONG_PAGES,
    '/reference/javascript/crawlers/select',
    '/reference/cli/crawlers/supabase-db-push',
    '/reference/api/crawlers/v1-run-a-query',
  ]) {
    await open(page, url)
    // Let the lazily loaded example columns near the top arrive.
    await page.waitForLoadState('networkidle')
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }))
    expect(width.scroll, url).toBeLessThanOrEqual(width.inner)
  }
})

test('example tabs that do not fit a phone scroll inside their list, which fades at each edge with more tabs beyond it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, '/reference/javascript/select')
  const list = page.locator('[id="select"] [data-ref-tabs] [role="tablist"]').first()
  await expect(list).toBeVisible()
  const state = () =>
    list.evaluate((element) => {
      const style = getComputedStyle(element)
      return {
        overflows: element.scrollWidth > element.clientWidth + 1,
        atStart: element.scrollLeft <= 1,
        start: style.getPropertyValue('--ref-fade-start'),
        end: style.getPropertyValue('--ref-fade-end'),
        page: document.documentElement.scrollWidth,
      }
    })
  // Ten examples: more than fit. The list scrolls, the page does not; only the far edge fades.
  const first = await state()
  expect(first).toMatchObject({ overflows: true, atStart: true, start: '0px', end: '40px' })
  expect(first.page).toBeLessThanOrEqual(390)

  // The last tab, reached with the keyboard, scrolls the list to its end: now only the near edge fades.
  await list.getByRole('tab').first().click()
  await page.keyboard.press('End')
  const last = list.getByRole('tab').last()
  await expect(last).toHaveAttribute('aria-selected', 'true')
  // (Its bottom pixel sits on the list's border, outside the scrolling box.)
  await expect(last).toBeInViewport({ ratio: 0.9 })
  await expect.poll(state).toMatchObject({ atStart: false, start: '40px', end: '0px' })
  expect((await state()).page).toBeLessThanOrEqual(390)

  // A list whose two tabs fit has no fade.
  await open(page, '/reference/javascript/v1/crawlers/auth-update')
  const fitting = page.locator('[id="auth-update"] [data-ref-tabs] [role="tablist"]').first()
  await expect(fitting.getByRole('tab')).toHaveCount(2)
  expect(
    await fitting.evaluate((element) => {
      const style = getComputedStyle(element)
      return {
        fits: element.scrollWidth <= element.clientWidth,
        fades: [style.getPropertyValue('--ref-fade-start'), style.getPropertyValue('--ref-fade-end')],
      }
    }),
  ).toEqual({ fits: true, fades: ['0px', '0px'] })
})

test('flag and parameter tables fit their column: rows stack in a narrow box, still as a table', async ({
  page,
}) => {
  test.slow()
  for (const width of [390, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    // The CLI page loads a command's flags as it nears the view: measured around a command with
    // long flags, once its table is in.
    for (const [url, minimum] of [
      ['/reference/cli/supabase-db-dump', 2],
      ['/reference/api', 20],
    ] as const) {
      await open(page, url)
      await page.waitForLoadState('networkidle')
      if (url.startsWith('/reference/cli/'))
        await page.locator('section#supabase-db-dump table.ref-flags').waitFor({ state: 'attached' })
      // Collapsed parts have no layout: open them all so every table is measured.
      const tables = await page.evaluate(() => {
        document.querySelectorAll('.ref-page details').forEach((details) => {
          ;(details as HTMLDetailsElement).open = true
        })
        const boxes = Array.from(document.querySelectorAll<HTMLElement>('.ref-stacking-table')).filter(
          (box) => box.clientWidth > 0,
        )
        return {
          measured: boxes.length,
          overflowing: boxes
            .filter((box) => box.scrollWidth > box.clientWidth + 1)
            .map((box) => `${box.getAttribute('aria-label')}: ${box.scrollWidth} > ${box.clientWidth}`),
        }
      })
      expect(tables.measured, `${url} at ${width}px`).toBeGreaterThan(minimum)
      expect(tables.overflowing, `${url} at ${width}px`).toEqual([])
    }
  }
  // At 390 px a flag's description spans the box instead of a quarter of it, and the rows keep
  // their table roles for screen readers.
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, '/reference/cli/supabase-db-dump')
  const table = page.locator('section#supabase-db-dump table.ref-flags')
  const row = table
    .locator('tbody tr')
    .filter({ has: page.locator('td:first-child code', { hasText: /^--data-only$/ }) })
  const [box, description] = await Promise.all([
    table.evaluate((element) => element.getBoundingClientRect().width),
    row
      .locator('td')
      .last()
      .evaluate((element) => element.getBoundingClientRect().width),
  ])
  expect(description).toBeGreaterThan(box * 0.9)
  await expect(table.getByRole('columnheader', { name: 'Description' })).toBeAttached()
  await expect(row.getByRole('cell', { name: /^default false$/ })).toBeVisible()
})
