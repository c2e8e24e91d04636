import { expect, test, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { expectNoSeriousA11yViolations, onlyReferenceSection } from './a11y'

// A long reference page holds thousands of nodes: every step costs more on a busy machine.
test.describe.configure({ timeout: 60_000 })

const JS = '/reference/javascript'
const JS_V1 = '/reference/javascript/v1'

/** Slugs of the sections on a long page, in page order. */
function sectionSlugs(page: Page): Promise<string[]> {
  return page.locator('[data-ref-section]').evaluateAll((nodes) => nodes.map((node) => node.id))
}

/** Top of a section relative to the viewport. */
function sectionTop(page: Page, slug: string): Promise<number> {
  return page.evaluate((id) => document.getElementById(id)?.getBoundingClientRect().top ?? NaN, slug)
}

function sectionTitle(page: Page, slug: string): Promise<string> {
  return page.locator(`[id="${slug}"] .ref-heading > a`).first().innerText()
}

/** Opens a reference page and waits until its script has attached (a long page hydrates slowly). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
  // The Copy and theme buttons are islands of their own.
  await islandsReady(page)
}

/** Collects console errors and uncaught exceptions for the whole test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  return errors
}

test('a deep link scrolls to its section, marks it in the menu and names it in the title', async ({
  page,
}) => {
  const errors = watchErrors(page)
  await open(page, `${JS}/select`)
  const title = await sectionTitle(page, 'select')
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[()]/g, '\\$&')} \\| JavaScript`))
  await expect.poll(() => sectionTop(page, 'select')).toBeLessThan(120)
  expect(await sectionTop(page, 'select')).toBeGreaterThanOrEqual(0)
  await expect(page.locator('[data-ref-menu] a[aria-current]')).toHaveAttribute('data-slug', 'select')
  // The sub-URL is answered by the long page itself, not a copy.
  expect(await page.locator('[data-ref-section]').count()).toBeGreaterThan(5)
  expect(errors).toEqual([])
})

test('an unknown slug answered by the long page (a catch-all host rule) shows its top with the plain title', async ({
  page,
}) => {
  // The site's own rules send the 404 page (reference-deep-links.spec.ts); a host configured with
  // a catch-all rule instead would answer with the long page itself.
  await page.route(`**${JS}/no-such-section`, async (route) =>
    route.fulfill({ response: await route.fetch({ url: new URL(JS, route.request().url()).href }) }),
  )
  await open(page, `${JS}/no-such-section`)
  await expect(page.locator('h1')).toBeVisible()
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page).toHaveTitle(/^JavaScript client library \|/)
  await expect(page.locator('[data-ref-menu] a[aria-current]')).toHaveCount(0)
})

test('menu clicks add history entries that back and forward scroll to again', async ({ page }) => {
  await open(page, JS)
  const slugs = await sectionSlugs(page)
  const first = slugs[3]!
  const second = slugs[slugs.length - 4]!
  const historyLength = await page.evaluate(() => history.length)

  await page.locator(`[data-ref-menu] a[data-slug="${first}"]`).click()
  await expect(page).toHaveURL(`${JS}/${first}`)
  await expect.poll(() => sectionTop(page, first)).toBeLessThan(120)
  await page.locator(`[data-ref-menu] a[data-slug="${second}"]`).click()
  await expect(page).toHaveURL(`${JS}/${second}`)
  expect(await page.evaluate(() => history.length)).toBe(historyLength + 2)

  await page.goBack()
  await expect(page).toHaveURL(`${JS}/${first}`)
  await expect.poll(() => sectionTop(page, first)).toBeLessThan(120)
  expect(await sectionTop(page, first)).toBeGreaterThanOrEqual(0)
  await expect(page.locator('[data-ref-menu] a[aria-current]')).toHaveAttribute('data-slug', first)

  await page.goForward()
  await expect(page).toHaveURL(`${JS}/${second}`)
  await expect.poll(() => sectionTop(page, second)).toBeLessThan(120)

  await page.goBack()
  await page.goBack()
  await expect(page).toHaveURL(JS)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('scrolling updates the URL, the title and the active menu item without new history', async ({
  page,
}) => {
  // A short window, so the menu has to scroll to keep the active item visible.
  await page.setViewportSize({ width: 1280, height: 420 })
  await open(page, JS)
  const slugs = await sectionSlugs(page)
  // Far down the page, but not so near its end that the window reaches the bottom (where the last
  // section is the active one).
  const target = slugs[slugs.length - 6]!
  const historyLength = await page.evaluate(() => history.length)

  // As a reader does: scroll until the heading sits near the top. Sections far from the view are
  // laid out at a placeholder height, so the first scroll can land short once they take their own.
  await expect
    .poll(() =>
      page.evaluate((id) => {
        const top = document.getElementById(id)!.getBoundingClientRect().top
        if (Math.abs(top - 60) > 2) window.scrollTo({ top: window.scrollY + top - 60, behavior: 'instant' })
        return Math.abs(top - 60) <= 2
      }, target),
    )
    .toBe(true)

  await expect(page).toHaveURL(`${JS}/${target}`)
  const title = await sectionTitle(page, target)
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[()]/g, '\\$&')} \\|`))
  const active = page.locator('[data-ref-menu] a[aria-current]')
  await expect(active).toHaveAttribute('data-slug', target)
  // The active item is inside the menu's visible area.
  const inView = await page.evaluate(() => {
    const menu = document.querySelector('[data-ref-menu]')!.getBoundingClientRect()
    const item = document.querySelector('[data-ref-menu] a[aria-current]')!.getBoundingClientRect()
    return item.top >= menu.top && item.bottom <= menu.bottom
  })
  expect(inView).toBe(true)
  expect(await page.evaluate(() => history.length)).toBe(historyLength)

  // Back at the top, the URL is the page's own again.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await expect(page).toHaveURL(JS)
  await expect(page).toHaveTitle(/^JavaScript client library \|/)
})

test('rapid scrolling neither throws nor floods the history API', async ({ page }) => {
  const errors = watchErrors(page)
  const throttled: string[] = []
  page.on('console', (message) => {
    if (/throttling navigation/i.test(message.text())) throttled.push(message.text())
  })
  await page.addInitScript(() => {
    // Counted on the prototype: every replaceState call ends there, whoever wraps the instance.
    const counts = { replace: 0 }
    const original = History.prototype.replaceState
    History.prototype.replaceState = function (this: History, ...args: Parameters<History['replaceState']>) {
      counts.replace++
      return original.apply(this, args)
    }
    Object.assign(window, { __historyCounts: counts })
  })
  await open(page, JS)
  // 240 scroll steps, one per frame, back and forth across the whole page.
  const { calls, activeChanges } = await page.evaluate(async () => {
    const counts = (window as unknown as { __historyCounts: { replace: number } }).__historyCounts
    const before = counts.replace
    let changes = 0
    let last = ''
    const height = document.documentElement.scrollHeight
    for (let step = 0; step < 240; step++) {
      const phase = (step % 80) / 80
      window.scrollTo({ top: height * (phase < 0.5 ? phase * 2 : 2 - phase * 2), behavior: 'instant' })
      await new Promise((resolve) => requestAnimationFrame(resolve))
      const active = document.querySelector('[data-ref-menu] a[aria-current]')?.getAttribute('href') ?? ''
      if (active !== last) changes++
      last = active
    }
    window.scrollTo({ top: height / 3, behavior: 'instant' })
    await new Promise((resolve) => setTimeout(resolve, 600))
    return { calls: counts.replace - before, activeChanges: changes }
  })
  // The menu followed every section crossed; the URL is written only when the scrolling pauses
  // for the debounce delay, a few times at most (a slow machine pauses more often between frames),
  // never once per step.
  expect(activeChanges).toBeGreaterThan(50)
  expect(calls).toBeGreaterThanOrEqual(1)
  expect(calls).toBeLessThanOrEqual(30)
  const slug = await page.evaluate(() => location.pathname.split('/').pop())
  await expect(page.locator('[data-ref-menu] a[aria-current]')).toHaveAttribute('data-slug', slug ?? '')
  expect(errors).toEqual([])
  expect(throttled).toEqual([])
})

test('an older version links to the same section in the latest version, or its top', async ({ page }) => {
  await open(page, JS)
  const latestSlugs = new Set(await sectionSlugs(page))
  await expect(page.locator('.ref-banner')).toHaveCount(0)

  await open(page, JS_V1)
  const v1Slugs = await sectionSlugs(page)
  const shared = v1Slugs.find((slug) => latestSlugs.has(slug))
  const onlyInV1 = v1Slugs.find((slug) => !latestSlugs.has(slug))
  expect(shared, 'a section both versions have').toBeDefined()
  expect(onlyInV1, 'a section only v1 has').toBeDefined()

  const banner = page.locator('.ref-banner [data-ref-version-link]')
  await expect(banner).toHaveAttribute('href', JS)

  await open(page, `${JS_V1}/${shared}`)
  await expect(banner).toHaveAttribute('href', `${JS}/${shared}`)
  await open(page, `${JS_V1}/${onlyInV1}`)
  await expect(banner).toHaveAttribute('href', `${JS}?from=v1`)
  await banner.click()
  await expect(page).toHaveURL(JS)
})

test('crawler pages hold one section, list the others and point their canonical at the section URL', async ({
  page,
}) => {
  await open(page, `${JS}/crawlers/select`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/reference\/javascript\/select$/,
  )
  await expect(page.locator('[data-ref-section]')).toHaveCount(1)
  await expect(page.locator('[data-ref-section]')).toHaveId('select')
  const index = page.getByRole('navigation', { name: /sections/ })
  expect(await index.locator('a').count()).toBeGreaterThan(5)
  await expect(index.locator('a[href="/reference/javascript/crawlers/insert"]')).toHaveCount(1)

  await open(page, `${JS_V1}/crawlers/select`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/reference\/javascript\/v1\/select$/,
  )
  await open(page, '/reference/cli')
  const cliSlug = (await sectionSlugs(page)).find((slug) => slug.startsWith('supabase-'))!
  await open(page, `/reference/cli/crawlers/${cliSlug}`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/reference/cli/${cliSlug}$`),
  )
  await expect(page.locator('table.ref-flags, .ref-kind-cli-command')).not.toHaveCount(0)
})

test('the copy-link button copies the section URL', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await open(page, `${JS}/insert`)
  const button = page.locator('[id="insert"] [data-copy-link]')
  // The copied state lasts a moment only: record the name the button has when it enters it, so a
  // slow machine cannot miss it.
  const nameWhenCopied = button.evaluate(
    (element) =>
      new Promise<string | null>((resolve) => {
        const observer = new MutationObserver(() => {
          if (element.getAttribute('data-state') !== 'copied') return
          observer.disconnect()
          resolve(element.getAttribute('aria-label'))
        })
        observer.observe(element, { attributes: true })
      }),
  )
  await button.click()
  expect(await nameWhenCopied).toBe('Link copied')
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(new URL(`${JS}/insert`, page.url()).toString())
  await expect(page.locator('[data-ref-announcer]')).toHaveText('Link copied')
})

test('example tabs switch with the mouse and the keyboard', async ({ page }) => {
  await open(page, `${JS}/select`)
  const tabs = page.locator('[id="select"] [data-ref-tabs] [role="tab"]')
  // The example column loads once the section is in view.
  await expect(tabs.nth(1)).toBeVisible()
  await tabs.nth(1).click()
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
  const panelId = await tabs.nth(1).getAttribute('aria-controls')
  await expect(page.locator(`[id="${panelId}"]`)).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await expect(tabs.nth(0)).toBeFocused()
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator(`[id="${panelId}"]`)).toBeHidden()
})

test('operation sections show method, path and responses', async ({ page }) => {
  await open(page, '/reference/api')
  const operation = page.locator('.ref-kind-operation').first()
  // Its example column loads as it comes into view.
  await operation.scrollIntoViewIfNeeded()
  await expect(operation.locator('.ref-method')).toHaveText(/^(GET|POST|PUT|PATCH|DELETE)$/)
  await expect(operation.locator('.ref-endpoint code')).toHaveText(/^\/v1\//)
  await expect(operation.locator('.ref-status').first()).toHaveText(/^\d{3}$/)
})

test('reference pages have no serious accessibility violations', async ({ page }) => {
  // axe walks every node: the long page is scanned around one section, the crawler pages whole.
  await open(page, `${JS_V1}/select`)
  await expectNoSeriousA11yViolations(page, onlyReferenceSection('select'))
  await open(page, `${JS}/crawlers/select`)
  await expectNoSeriousA11yViolations(page)
  const cli = await page.request.get('/reference/cli')
  const cliSlug = /data-slug="(supabase-[a-z-]+)"/.exec(await cli.text())?.[1]
  await open(page, `/reference/cli/crawlers/${cliSlug}`)
  await expectNoSeriousA11yViolations(page)
  const api = await page.request.get('/reference/api')
  const apiSlug = /<section id="([a-z0-9-]+)" class="ref-section ref-kind-operation"/.exec(
    await api.text(),
  )?.[1]
  await open(page, `/reference/api/crawlers/${apiSlug}`)
  await expectNoSeriousA11yViolations(page)
})
