import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y'

// A long reference page holds thousands of nodes: every step costs more on a busy machine.
test.describe.configure({ timeout: 60_000 })

const CLI = '/reference/cli'

/** Top of a section relative to the viewport. */
function sectionTop(page: Page, slug: string): Promise<number> {
  return page.evaluate((id) => document.getElementById(id)?.getBoundingClientRect().top ?? NaN, slug)
}

/**
 * Collects uncaught exceptions, console errors and failed requests for the whole test. Failed
 * loads are reported by URL (from the responses) rather than by the browser's URL-less console
 * line.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()}`)
    }
  })
  page.on('response', (response) => {
    if (response.status() >= 400) {
      errors.push(`${response.status()}: ${response.url()}`)
    }
  })
  return errors
}

test('a command deep link scrolls to that command and marks it in the menu', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto(`${CLI}/supabase-db-diff`)
  const section = page.locator('[id="supabase-db-diff"]')
  await expect(section.locator('.ref-heading').first()).toHaveText('supabase db diff')
  await expect.poll(() => sectionTop(page, 'supabase-db-diff')).toBeLessThan(120)
  expect(await sectionTop(page, 'supabase-db-diff')).toBeGreaterThanOrEqual(0)
  await expect(page).toHaveTitle(/^supabase db diff \|/)
  await expect(page.locator('[data-ref-menu] a[aria-current]')).toHaveAttribute(
    'data-slug',
    'supabase-db-diff',
  )
  // The section carries its usage, flags and an example with what the command prints.
  await expect(section.locator('table.ref-flags')).toContainText('--use-migra')
  await expect(section).toContainText('No schema changes found')
  expect(errors).toEqual([])
})

test("a command's flag table loads as the reader nears it; its flag names are in the page from the start", async ({
  page,
}) => {
  // In the HTML: the command's flag names, not its table (most of a long page's markup).
  const html = await (await page.request.get(CLI)).text()
  const start = html.indexOf('<section id="supabase-storage-cp"')
  const section = html.slice(start, html.indexOf('<section', start + 1))
  expect(section).toContain('--recursive')
  expect(section).not.toContain('<table')

  await page.goto(CLI)
  await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
  const flags = page.locator('[id="supabase-storage-cp"] table.ref-flags')
  await expect(flags).toHaveCount(0)
  await page.locator('[id="supabase-storage-cp"] .ref-heading').scrollIntoViewIfNeeded()
  // Fetched from the command's own page, a few at a time with its neighbours': slow on a busy machine.
  await expect(flags.locator('tr', { hasText: '--recursive' })).toContainText('false', { timeout: 20_000 })
  // Its inherited flags came with it, behind their summary.
  await expect(
    page.locator('[id="supabase-storage-cp"] details.ref-inherited table.ref-flags'),
  ).toBeAttached()
})

// One load of the long page for its opening, its menu and a click in the menu.
test('the reference opens with its introduction and the global flags; the menu groups commands as the CLI does, and a click scrolls to one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 })
  await page.goto(CLI)
  // The page's heading and one-line lead, then the sections: no table comes before them.
  await expect(page.locator('.ref-intro table')).toHaveCount(0)
  const sections = await page
    .locator('.ref-article > [data-ref-section]')
    .evaluateAll((nodes) => nodes.slice(0, 3).map((node) => node.id))
  expect(sections).toEqual(['introduction', 'flags-and-environment', 'install-and-upgrade'])
  await expect(page.locator('[data-ref-menu] a[data-slug]').first()).toHaveText('Introduction')
  await expect(page.locator('[data-ref-menu] a[data-slug]').nth(1)).toHaveText(
    'Global flags and environment variables',
  )
  // The flags every command takes are listed in that section, after its text.
  const flags = page.locator('[id="flags-and-environment"] table.ref-flags')
  await expect(flags).toHaveAttribute('aria-label', 'Global flags')
  await expect(flags).toContainText('--debug')
  await expect(flags).toContainText('--experimental')

  // The menu groups commands as the CLI does, with subcommands nested.
  const menu = page.locator('[data-ref-menu]')
  await expect(menu.locator('.ref-menu-category')).toHaveText([
    'Getting started',
    'Quick start',
    'Local development',
    'Management API',
    'Other commands',
  ])
  const group = (title: string) =>
    menu.locator('.ref-menu-group', { has: page.getByText(title, { exact: true }) })
  await expect(group('Quick start').locator('a[data-slug]')).toHaveText(['supabase bootstrap'])
  await expect(group('Local development').locator('a[data-slug="supabase-start"]')).toHaveCount(1)
  await expect(group('Management API').locator('a[data-slug="supabase-branches-create"]')).toHaveCount(1)
  await expect(group('Other commands').locator('a[data-slug="supabase-completion-zsh"]')).toHaveCount(1)
  // `supabase db diff` sits inside the `supabase db` item, not beside it.
  const dbItem = group('Local development').locator('a[data-slug="supabase-db"]').locator('xpath=..')
  await expect(dbItem.locator('ul a[data-slug="supabase-db-diff"]')).toHaveCount(1)
  await expect(group('Management API').locator('a[data-slug="supabase-db-diff"]')).toHaveCount(0)

  // Clicking a command in the menu scrolls to it and updates the URL.
  await page.locator('[data-ref-menu] a[data-slug="supabase-migration-repair"]').click()
  await expect(page).toHaveURL(`${CLI}/supabase-migration-repair`)
  await expect.poll(() => sectionTop(page, 'supabase-migration-repair')).toBeLessThan(120)
  const section = page.locator('[id="supabase-migration-repair"]')
  // Its flag table loads as the section nears the view: slow on a busy machine.
  await expect(section.locator('table.ref-flags tr', { hasText: '--status' })).toContainText('Required', {
    timeout: 20_000,
  })
  await expect(section.locator('table.ref-flags tr', { hasText: '--status' })).toContainText('applied')

  // The global flags section's own page and its Markdown copy list the flags too.
  await page.goto(`${CLI}/crawlers/flags-and-environment`)
  await expect(page.locator('table.ref-flags')).toContainText('--workdir')
  const markdown = await (await page.request.get(`${CLI}/flags-and-environment.md`)).text()
  expect(markdown).toContain('## Global flags')
  expect(markdown).toContain('`--debug`')
})

test('experimental commands carry the mark and their required flag', async ({ page }) => {
  await page.goto(`${CLI}/supabase-branches-create`)
  const section = page.locator('[id="supabase-branches-create"]')
  await expect(section.locator('.ref-note')).toContainText('Experimental')
  const experimental = section.locator('table.ref-flags tr', { hasText: '--experimental' })
  await expect(experimental).toContainText('Required')
  await expect(experimental).toContainText('Inherited')
  // The 32 region codes are listed as accepted values.
  await expect(
    section.locator('table.ref-flags tr', { hasText: '--region' }).locator('.ref-accepted code'),
  ).toHaveCount(32)
})

test('the introduction explains the slug scheme and its link jumps to the command', async ({ page }) => {
  await page.goto(`${CLI}/introduction`)
  const intro = page.locator('[id="introduction"]')
  await expect(intro).toContainText('joined by dashes')
  await intro.getByRole('link', { name: '/reference/cli/supabase-db-diff' }).click()
  await expect(page).toHaveURL(`${CLI}/supabase-db-diff`)
  await expect.poll(() => sectionTop(page, 'supabase-db-diff')).toBeLessThan(120)
})

test('a command page of its own is accessible and complete', async ({ page }) => {
  await page.goto(`${CLI}/crawlers/supabase-start`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/reference\/cli\/supabase-start$/,
  )
  const section = page.locator('[data-ref-section]')
  await expect(section).toContainText('service not healthy')
  await expect(section.locator('table.ref-flags tr', { hasText: '--exclude' })).toContainText('supavisor')
  await expectNoSeriousA11yViolations(page)
})
