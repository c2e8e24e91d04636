import { expect, test } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { expectNoSeriousA11yViolations } from './a11y'

const GUIDE = '/guides/getting-started'

test('guide page has breadcrumbs, a marked sidebar item, edit link and canonical', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Guides')
  const current = page.locator('aside').getByRole('link', { name: 'Introduction' })
  await expect(current).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Edit this page on GitHub' })).toHaveAttribute(
    'href',
    /\/edit\/main\/apps\/docs\/content\/guides\/getting-started\/index\.mdx$/,
  )
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/guides\/getting-started$/)
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.+/)
  await expectNoSeriousA11yViolations(page)
})

test('between 1024 and 1279 px, "On this page" opens from the sidebar and stays in reach', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1100, height: 800 })
  await page.goto(GUIDE)
  await islandsReady(page)
  const toggle = page.locator('.docs-sidebar').getByText('On this page', { exact: true })
  // One list of headings at each width: here the sidebar's, closed until asked for.
  await expect(page.getByRole('navigation', { name: 'On this page' })).toHaveCount(0)
  await toggle.click()
  const toc = page.getByRole('navigation', { name: 'On this page' })
  await expect(toc).toHaveCount(1)
  await toc.getByRole('link', { name: 'Query from JavaScript' }).click()
  await expect(page.locator('#query-from-javascript')).toBeInViewport()
  // The sidebar stays under the header, so the list is still there after the jump.
  await expect(toggle).toBeInViewport()
  await expect(toc.getByRole('link', { name: 'Query from JavaScript' })).toHaveAttribute(
    'aria-current',
    'location',
  )

  // A press in the article leaves the sidebar as it was: its list and its open group.
  await page.locator('#main-content p').first().click()
  await expect(toc).toHaveCount(1)
  await expect(page.locator('.docs-sidebar details.nav-group[open]')).not.toHaveCount(0)

  await page.setViewportSize({ width: 1400, height: 800 })
  await expect(toggle).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'On this page' })).toHaveCount(1)
})

test('table of contents follows the scroll position', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 800 })
  await page.goto(GUIDE)
  await islandsReady(page)
  const toc = page.getByRole('navigation', { name: 'On this page' })
  await expect(toc.getByRole('link', { name: 'What you need' })).toHaveAttribute('aria-current', 'location')
  await page.locator('#query-from-javascript').scrollIntoViewIfNeeded()
  await page.evaluate(() => {
    const top = document.getElementById('query-from-javascript')!.getBoundingClientRect().top
    window.scrollBy(0, top - 60)
  })
  await expect(toc.getByRole('link', { name: 'Query from JavaScript' })).toHaveAttribute(
    'aria-current',
    'location',
  )
  await expect(toc.getByRole('link', { name: 'What you need' })).not.toHaveAttribute(
    'aria-current',
    'location',
  )
})

test('table of contents marks the heading in view as the reader scrolls, jumps, and reaches the bottom', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 800 })
  await page.goto(GUIDE)
  await islandsReady(page)
  const toc = page.getByRole('navigation', { name: 'On this page' })
  const marked = toc.locator('a[aria-current="location"]')
  const ids = await toc
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => decodeURIComponent(link.getAttribute('href')!.slice(1))))
  expect(ids.length).toBeGreaterThan(3)
  /** Scrolls so that the heading's top sits `top` pixels below the top of the window. */
  const putHeadingAt = (id: string, top: number) =>
    page.evaluate(
      ({ id, top }) => {
        const heading = document.getElementById(id)!
        window.scrollBy({ top: heading.getBoundingClientRect().top - top, behavior: 'instant' })
      },
      { id, top },
    )
  // Just past the line near the top of the window: that heading is the one in view.
  await putHeadingAt(ids[2]!, 90)
  await expect(marked).toHaveAttribute('href', `#${ids[2]}`)
  // Still well below the line: the one before it is still the one being read.
  await putHeadingAt(ids[3]!, 400)
  await expect(marked).toHaveAttribute('href', `#${ids[2]}`)
  // A jump from the list itself.
  await toc.getByRole('link').nth(1).click()
  await expect(marked).toHaveAttribute('href', `#${ids[1]}`)
  // At the bottom of the page the last heading, which may never reach the line.
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  )
  await expect(marked).toHaveAttribute('href', `#${ids.at(-1)}`)
  await expect(marked).toHaveCount(1)
})

test('code blocks copy their code and show the copied state for a second', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(GUIDE)
  await islandsReady(page)
  const block = page.locator('figure.code-block', { hasText: 'src/client.ts' })
  const button = block.getByRole('button', { name: 'Copy src/client.ts' })
  await button.click()
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain("import { createClient } from '@supabase/supabase-js'")
  await expect(block.getByRole('button', { name: 'Copy src/client.ts' })).toBeVisible({ timeout: 2500 })
})

test('code blocks never wrap; highlighted lines are marked', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  await expect(page.locator('figure.code-block pre').first()).toHaveCSS('white-space', 'pre')
  await expect(
    page.locator('figure.code-block', { hasText: 'create_countries.sql' }).locator('.line.highlighted'),
  ).toHaveCount(4)
})

test('heading copy-link button copies the section URL', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(GUIDE)
  await islandsReady(page)
  await page.locator('#create-a-table').getByRole('button', { name: 'Copy link to this section' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /\/guides\/getting-started#create-a-table$/,
  )
})

test('theme choice persists across reloads without a flash', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  await page
    .getByRole('group', { name: 'Colour theme' })
    .first()
    .getByRole('button', { name: 'Dark' })
    .click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.reload()
  // The inline head script applies the class before any React code runs.
  const classAtFirstParse = await page.evaluate(() => document.documentElement.className)
  expect(classAtFirstParse).toContain('dark')
  await page
    .getByRole('group', { name: 'Colour theme' })
    .first()
    .getByRole('button', { name: 'Light' })
    .click()
  await page.reload()
  await expect(page.locator('html')).not.toHaveClass(/dark/)
})

test('mobile menu opens the sidebar on small screens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto(GUIDE)
  await islandsReady(page)
  const menu = page.locator('details.mobile-menu')
  const introduction = page
    .locator('aside.docs-sidebar')
    .getByRole('link', { name: 'Introduction', includeHidden: true })
  await expect(introduction).toBeHidden()
  await menu.locator(':scope > summary').click()
  await expect(introduction).toBeVisible()
  // One copy of the sidebar serves both layouts.
  await expect(page.getByRole('navigation', { name: 'Guides', includeHidden: true })).toHaveCount(1)
  await expectNoSeriousA11yViolations(page)
})

test('guide stays readable without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(GUIDE)
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible()
  // Without JavaScript every tab panel is shown, labelled.
  await expect(page.getByText('The API URL is', { exact: false })).toBeVisible()
  await context.close()
})

test('a guide’s sidebar and text are in its HTML, not again in a script or in island props', async ({
  request,
}) => {
  const html = await (await request.get(GUIDE)).text()
  expect(html).toContain('What you need')
  // The islands (Copy buttons, tabs, feedback) carry their props beside their HTML; the text and
  // the sidebar are not among them, and no inline script repeats them.
  const props = [...html.matchAll(/data-island-props="([^"]*)"/g)].map(([, value]) => value).join('')
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body).join('')
  for (const carrier of [props, scripts]) {
    expect(carrier).not.toContain('What you need')
    expect(carrier).not.toContain('nav-link')
  }
})
