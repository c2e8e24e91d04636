import { expect, test, type Locator, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { guidesNav } from '../features/navigation'
import { expectNoSeriousA11yViolations } from './a11y'

/** The guides' sidebar (on narrow screens the same tree, shown by the "Contents" menu). */
const sidebar = (page: Page) => page.locator('aside').getByRole('navigation', { name: 'Guides' })
const group = (page: Page, title: string) => sidebar(page).locator(`details[data-nav-group="${title}"]`)

/** True when the element's box lies inside the sidebar's scroll area and inside the window. */
async function inView(item: Locator): Promise<boolean> {
  return item.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const panel = element.closest('.scroll-menu')!.getBoundingClientRect()
    return (
      box.height > 0 &&
      box.top >= panel.top &&
      box.bottom <= panel.bottom &&
      box.top >= 0 &&
      box.bottom <= window.innerHeight
    )
  })
}

test.describe('sidebar', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('on /guides/production only the Production group is open, its page in view, the page unscrolled', async ({
    page,
  }) => {
    await page.goto('/guides/production')
    const current = group(page, 'Production').getByRole('link', { name: 'Overview' })
    await expect(current).toHaveAttribute('aria-current', 'page')
    await expect(group(page, 'Production')).toHaveAttribute('open', '')
    await expect(group(page, 'Social login providers')).not.toHaveAttribute('open', '')
    await expect(group(page, 'Getting started')).not.toHaveAttribute('open', '')
    expect(await inView(current)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expectNoSeriousA11yViolations(page)
  })

  test('groups open and close from their heading, with the keyboard too', async ({ page }) => {
    await page.goto('/guides/production')
    const auth = group(page, 'Auth')
    await expect(auth.getByRole('link', { name: 'Captcha' })).toBeHidden()
    await auth.locator('summary').click()
    await expect(auth.getByRole('link', { name: 'Captcha' })).toBeVisible()
    await auth.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(auth.getByRole('link', { name: 'Captcha' })).toBeHidden()
  })

  test('the 19 provider pages sit in one group, open on a provider page with that page in view', async ({
    page,
  }) => {
    await page.goto('/guides/auth/social-login/zoom')
    const providers = group(page, 'Social login providers')
    await expect(providers).toHaveAttribute('open', '')
    await expect(providers.getByRole('link')).toHaveCount(19)
    const current = providers.getByRole('link', { name: 'Zoom' })
    await expect(current).toHaveAttribute('aria-current', 'page')
    expect(await inView(current)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('in a short window the sidebar scrolls to the current item, not the page', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 560 })
    await page.goto('/guides/auth/social-login/zoom')
    const current = sidebar(page).getByRole('link', { name: 'Zoom' })
    await expect.poll(() => inView(current)).toBe(true)
    const panelScroll = await current.evaluate((element) => element.closest('.scroll-menu')!.scrollTop)
    expect(
      panelScroll,
      'Zoom is below the fold of a 560 px window unless the sidebar scrolls',
    ).toBeGreaterThan(0)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })
})

test.describe('current item in view', () => {
  /** The last page of the sidebar: the one furthest down its list. */
  const deepest = guidesNav.at(-1)!.items.at(-1)!

  test('a deep link to a guide far down the sidebar paints with its item whole in view, before any bundle runs', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    // Without the page's scripts only the inline one after the sidebar can place the item.
    await page.route('**/_islands/**/*.js', (route) => route.abort())
    await page.goto(`${deepest.href}#${await firstHeadingId(page, deepest.href)}`)
    const current = sidebar(page).getByRole('link', { name: deepest.title, exact: true })
    await expect(current).toHaveAttribute('aria-current', 'page')
    expect(await inView(current)).toBe(true)

    // In a window too short for the provider list, the panel itself has to scroll for Zoom.
    await page.setViewportSize({ width: 1440, height: 600 })
    await page.goto('/guides/auth/social-login/zoom#register-an-app-with-zoom')
    const zoom = sidebar(page).getByRole('link', { name: 'Zoom', exact: true })
    expect(await inView(zoom)).toBe(true)
    expect(await zoom.evaluate((element) => element.closest('.scroll-menu')!.scrollTop)).toBeGreaterThan(0)
  })

  test('the same with the page running, on every group’s last page', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    for (const section of guidesNav.slice(-4)) {
      const item = section.items.at(-1)!
      await page.goto(item.href)
      const current = sidebar(page).locator('[aria-current="page"]')
      await expect(current).toHaveText(item.title)
      await expect.poll(() => inView(current), item.href).toBe(true)
    }
  })

  test('the "Contents" panel opens with the current item whole in view', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    for (const href of ['/guides/auth/social-login/zoom', deepest.href]) {
      await page.goto(href)
      await page.locator('details.mobile-menu > summary').click()
      const current = page.locator('aside.docs-sidebar [aria-current="page"]')
      await expect(current).toBeVisible()
      await expect.poll(() => inView(current), href).toBe(true)
    }
  })
})

test('the small-screen navigation button has one name and one look on guides and references', async ({
  page,
}) => {
  // Three of the four are the long reference pages: on a busy machine more than the usual limit.
  test.slow()
  await page.setViewportSize({ width: 390, height: 844 })
  const looks: string[] = []
  for (const href of [
    '/guides/database/tables',
    '/reference/javascript',
    '/reference/cli',
    '/reference/api',
  ]) {
    await page.goto(href)
    const toggle = page.locator('details.mobile-menu > summary, button.ref-menu-toggle')
    await expect(toggle, href).toBeVisible()
    await expect(toggle, href).toHaveText('Contents')
    looks.push(
      await toggle.evaluate((element) => {
        const style = getComputedStyle(element)
        return [style.borderTopWidth, style.borderRadius, style.fontSize, style.fontWeight].join(' ')
      }),
    )
  }
  expect(new Set(looks).size, looks.join(' | ')).toBe(1)
})

/** The id of a guide's first section heading, read from its HTML. */
async function firstHeadingId(page: Page, href: string): Promise<string> {
  const html = await (await page.request.get(href)).text()
  return /<h2[^>]* id="([^"]+)"/.exec(html)![1]!
}

test.describe('theme switches', () => {
  const switches = (page: Page) => page.getByRole('group', { name: 'Colour theme', includeHidden: true })
  /** The pressed choice of each switch on the page, in page order. */
  const pressed = (page: Page) =>
    switches(page).evaluateAll((groups) =>
      groups.map((group) => group.querySelector('[aria-pressed="true"]')?.textContent ?? 'none'),
    )

  test('the header, site menu and footer switches always agree', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/guides/production')
    await islandsReady(page)
    await expect(switches(page)).toHaveCount(3)
    await expect.poll(() => pressed(page)).toEqual(['System', 'System', 'System'])
    await page.locator('header').getByRole('button', { name: 'Dark' }).first().click()
    await expect.poll(() => pressed(page)).toEqual(['Dark', 'Dark', 'Dark'])
    await expect(page.locator('html')).toHaveClass(/dark/)

    // On a phone the site menu's and the footer's switches are the visible ones.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.locator('details.site-menu > summary').click()
    await page.locator('details.site-menu').getByRole('button', { name: 'Light' }).click()
    await expect.poll(() => pressed(page)).toEqual(['Light', 'Light', 'Light'])
    await page.locator('footer').getByRole('button', { name: 'System' }).click()
    await expect.poll(() => pressed(page)).toEqual(['System', 'System', 'System'])
  })

  test('a choice made in another tab reaches this one', async ({ context }) => {
    const [first, second] = [await context.newPage(), await context.newPage()]
    await first.goto('/guides/production')
    await second.goto('/guides/auth')
    await islandsReady(first)
    await islandsReady(second)
    await expect.poll(() => pressed(second)).toEqual(['System', 'System', 'System'])
    await first.locator('header').getByRole('button', { name: 'Dark' }).first().click()
    await expect.poll(() => pressed(second)).toEqual(['Dark', 'Dark', 'Dark'])
    await expect(second.locator('html')).toHaveClass(/dark/)
  })
})

test.describe('guide lists and neighbours', () => {
  test('/guides jumps to every group of the sidebar', async ({ page }) => {
    await page.goto('/guides')
    const jumps = page.getByRole('navigation', { name: 'Guide groups' }).getByRole('link')
    await expect(jumps).toHaveText(guidesNav.map((section) => section.title))
    const last = guidesNav.at(-1)!
    await jumps.last().click()
    await expect(page.getByRole('heading', { level: 2, name: last.title, exact: true })).toBeInViewport()
  })

  test("Previous never leaves the product: none on a product's first page", async ({ page }) => {
    const pager = page.getByRole('navigation', { name: 'Previous and next pages' })
    await page.goto('/guides/database')
    await expect(pager.locator('a[rel="prev"]')).toHaveCount(0)
    await expect(pager.locator('a[rel="next"]')).toHaveAttribute('href', '/guides/database/tables')
    await page.goto('/guides/database/tables')
    await expect(pager.locator('a[rel="prev"]')).toHaveAttribute('href', '/guides/database')
    // Every product: the first page of each has no Previous, or one inside the product. The pager
    // is in the exported HTML, read here without loading each page in the browser.
    for (const section of guidesNav) {
      const first = section.items[0]!
      const html = await (await page.request.get(first.href)).text()
      const nav = /<nav aria-label="Previous and next pages"[^>]*>([\s\S]*?)<\/nav>/.exec(html)
      expect(nav, `${first.href} has the pager`).not.toBeNull()
      const previous = [...nav![1]!.matchAll(/<a [^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => / rel="prev"/.test(tag))
        .map((tag) => / href="([^"]*)"/.exec(tag)?.[1] ?? '')
      for (const href of previous) expect(href.split('/')[2], first.href).toBe(first.href.split('/')[2])
    }
  })
})

test.describe('links between pages', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('a sidebar link loads the guide; the new page marks itself current', async ({ page }) => {
    await page.goto('/guides/production')
    await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').first().waitFor()
    await group(page, 'Getting started').locator('summary').click()
    await sidebar(page).getByRole('link', { name: 'Introduction' }).click()
    await expect(page).toHaveURL(/\/guides\/getting-started$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started')
    await expect(sidebar(page).getByRole('link', { name: 'Introduction' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // The new page's controls start by themselves.
    await expect(page.locator('button[aria-haspopup="dialog"][data-listening="true"]').first()).toBeAttached()
  })

  test('without JavaScript every link is an ordinary link', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1440, height: 900 },
    })
    const page = await context.newPage()
    await page.goto('/guides/getting-started')
    await sidebar(page).getByRole('link', { name: 'Project URL and API keys' }).click()
    await expect(page).toHaveURL(/\/guides\/getting-started\/api-keys$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await context.close()
  })
})

test.describe('header', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('marks the current product area', async ({ page }) => {
    const areas = page.getByRole('navigation', { name: 'Product areas', exact: true })
    await page.goto('/guides/production')
    await expect(areas.getByRole('link', { name: 'Guides', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expect(areas.locator('[aria-current]')).toHaveCount(1)

    await page.goto('/guides/api/sql-to-rest')
    await expect(areas.getByRole('link', { name: 'SQL to REST' })).toHaveAttribute('aria-current', 'page')
    await expect(areas.getByRole('link', { name: 'Guides', exact: true })).not.toHaveAttribute('aria-current')

    await page.goto('/reference/cli')
    await expect(areas.getByRole('link', { name: 'CLI' })).toHaveAttribute('aria-current', 'page')
    await expect(areas.locator('[aria-current]')).toHaveCount(1)

    await page.goto('/')
    await expect(areas.locator('[aria-current]')).toHaveCount(0)
  })

  test('every product area is in view without scrolling the bar; narrower, they are in the site menu', async ({
    page,
  }) => {
    const areas = page.getByRole('navigation', { name: 'Product areas', exact: true })
    const menuButton = page.locator('details.site-menu > summary')
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/guides/production')
      await expect(menuButton).toBeHidden()
      const bar = await areas.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
      }))
      expect(bar.scroll, `areas at ${width}px`).toBeLessThanOrEqual(bar.client)
      await expect(areas.getByRole('link', { name: 'SQL to REST' })).toBeInViewport({ ratio: 1 })
    }
    for (const width of [768, 900]) {
      await page.setViewportSize({ width, height: 800 })
      await expect(areas).toBeHidden()
      await expect(menuButton).toBeVisible()
    }
  })

  test('the mark is in the prerendered HTML', async ({ request }) => {
    const html = await (await request.get('/reference/javascript')).text()
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/reference\/javascript"|<a[^>]*href="\/reference\/javascript"[^>]*aria-current="page"/,
    )
  })
})

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the site menu gives every area and the theme switch', async ({ page }) => {
    await page.goto('/guides/production')
    await expect(page.getByRole('navigation', { name: 'Product areas', exact: true })).toBeHidden()
    const menuButton = page.locator('details.site-menu > summary')
    await expect(menuButton).toHaveAccessibleName('Site menu')
    await menuButton.click()
    const menu = page.getByRole('navigation', { name: 'Product areas', exact: true })
    for (const name of ['Guides', 'CLI', 'JavaScript', 'Management API', 'SQL to REST']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(menu.getByRole('link', { name: 'Guides', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    )
    const theme = page.locator('details.site-menu').getByRole('group', { name: 'Colour theme' })
    await theme.getByRole('button', { name: 'Dark' }).click()
    await expect(page.locator('html')).toHaveClass(/dark/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await expectNoSeriousA11yViolations(page)

    // Escape closes the menu and gives focus back to its button.
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(menuButton).toBeFocused()

    // Following a link closes it too.
    await menuButton.click()
    await menu.getByRole('link', { name: 'CLI' }).click()
    await expect(page).toHaveURL(/\/reference\/cli$/)
    await expect(page.locator('details.site-menu')).not.toHaveAttribute('open', '')
  })
})

test.describe('breadcrumbs', () => {
  /** Each level's text, without the separators. */
  const levels = async (page: Page) =>
    (await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts()).map(
      (text) => text.replace(/^\s*\/\s*/, '').trim(),
    )

  test("use the sidebar's titles and never repeat a level", async ({ page }) => {
    // Titled "Getting started" like its sidebar group; the sidebar calls the page "Introduction".
    await page.goto('/guides/getting-started')
    expect(await levels(page)).toEqual(['Guides', 'Getting started', 'Introduction'])
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(nav.getByRole('link')).toHaveText(['Guides'])
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Introduction')

    await page.goto('/guides/auth/social-login/zoom')
    expect(await levels(page)).toEqual(['Guides', 'Social login providers', 'Zoom'])
    await expect(nav.getByRole('link', { name: 'Social login providers' })).toHaveAttribute(
      'href',
      '/guides/auth/social-login/apple',
    )
  })

  test('line up with the title, on one line, at every width', async ({ page }) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/guides/database/row-level-security')
      const items = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')
      const first = (await items.first().boundingBox())!
      const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!
      expect(Math.abs(first.x - title.x), `left edges at ${width} px`).toBeLessThanOrEqual(1)
      const tops = await items.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().top))
      expect(Math.max(...tops) - Math.min(...tops), `one line at ${width} px`).toBeLessThanOrEqual(1)
    }
  })
})
