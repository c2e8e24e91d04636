import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './a11y'
import { API_ORIGIN as API, SITE_ORIGIN } from './servers'

/**
 * The project-settings widget on the built site against the real local platform API
 * (started by the Playwright config with its test controls on).
 */

const GUIDE = '/guides/getting-started/api-keys'
const SESSION_KEY = 'docs.platform.session'
const SELECTION_KEY = 'docs.project-config.selection'

// Refs from packages/platform-api/src/seed/seed.json.
const REF = {
  inventory: 'gkguxpyvcgecmtwejkdd', // Acme Robotics, first project, no branching
  storefront: 'rwpdlljveecungzcsdbs', // branching, main branch second
  checkoutBranch: 'drgoumpndvjzazpjytjh',
  taxBranch: 'aeelrtmyokmncffzlhsx',
  analytics: 'elmenepplzhamdwoshfk', // branching, no main branch
  dashboardsBranch: 'caamvcrfkbgfhdyvkyki',
  mobile: 'sxylqzycicxvdelubkir', // branching, no branches at all
  legacy: 'ccveawmffpoonogfyirk', // anon key from an older version
  edgeCache: 'jhmlkcfmorectgynorvq', // no endpoint
  kyoto: 'jbjjqlvnzxvdraofgupa', // Northwind Retail (org 2)
  recipeBox: 'nbvrmswstsmtdrzidlxe', // Side Projects (org 3)
}
const FETCH_ERROR = "Couldn't display your API settings. You can get them from the dashboard."

// One platform API serves every test, and faults are global: run this file's tests one at a time.
test.describe.configure({ mode: 'default' })

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${API}/__test__/reset`)).status()).toBe(204)
})

type Endpoint = 'organizations' | 'projects' | 'branches' | 'project-api'
async function injectFault(
  request: APIRequestContext,
  fault: { endpoint: Endpoint; status?: number; delayMs?: number; malformedJson?: boolean },
) {
  const response = await request.post(`${API}/__test__/faults`, { data: fault })
  expect(response.status(), await response.text()).toBe(200)
}

/** Signs in through the API's form (no browser) and returns what the redirect carried. */
async function issueToken(request: APIRequestContext, userId = 'user-ada') {
  const response = await request.post(`${API}/auth/sign-in`, {
    form: { user_id: userId, return_to: `${SITE_ORIGIN}${GUIDE}` },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(303)
  const fragment = new URLSearchParams(new URL(response.headers().location ?? '').hash.slice(1))
  return { accessToken: fragment.get('access_token') ?? '', expiresAt: Number(fragment.get('expires_at')) }
}

/** Seeds local storage before the first page load only, so reloads see what the page saved. */
async function seedStorage(page: Page, entries: Record<string, string>) {
  await page.addInitScript((values) => {
    if (sessionStorage.getItem('e2e-seeded')) return
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
    sessionStorage.setItem('e2e-seeded', '1')
  }, entries)
}

async function openSignedIn(
  page: Page,
  request: APIRequestContext,
  options: { user?: string; selection?: object | string; path?: string } = {},
) {
  const session = await issueToken(request, options.user)
  const entries: Record<string, string> = { [SESSION_KEY]: JSON.stringify(session) }
  if (options.selection !== undefined) {
    entries[SELECTION_KEY] =
      typeof options.selection === 'string' ? options.selection : JSON.stringify(options.selection)
  }
  await seedStorage(page, entries)
  await page.goto(options.path ?? GUIDE)
  return session
}

const urlWidget = (page: Page) => page.locator('[data-project-config="url"]')
const keyWidget = (page: Page) => page.locator('[data-project-config="anonKey"]')
const shownValue = (widget: Locator) => widget.locator('code')
const projectPicker = (widget: Locator) => widget.getByRole('combobox', { name: 'Project' })
const branchPicker = (widget: Locator) => widget.getByRole('combobox', { name: 'Branch' })

async function choose(page: Page, picker: Locator, option: string) {
  await picker.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

async function requestCounts(request: APIRequestContext) {
  return (await (await request.get(`${API}/__test__/requests`)).json()) as Record<Endpoint, number>
}

test.describe('logged out', () => {
  test('prerendered HTML is in the user-loading state', async ({ request }) => {
    const html = await (await request.get(GUIDE)).text()
    expect(html).toContain('data-project-config="url"')
    expect(html.match(/data-state="user-loading"/g)).toHaveLength(2)
  })

  test('asks to sign in, shows placeholders and calls nothing', async ({ page, request }) => {
    const platformCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(API)) platformCalls.push(r.url())
    })
    await page.goto(GUIDE)
    for (const [widget, placeholder] of [
      [urlWidget(page), 'https://<project-ref>.basebox.co'],
      [keyWidget(page), '<your-anon-key>'],
    ] as const) {
      await expect(widget).toHaveAttribute('data-state', 'logged-out')
      await expect(shownValue(widget)).toHaveText(placeholder)
    }
    // One prompt for the page, in the first widget; the second one points to it.
    await expect(page.getByRole('link', { name: 'Sign in to the dashboard' })).toHaveCount(1)
    const link = urlWidget(page).getByRole('link', { name: 'Sign in to the dashboard' })
    const href = new URL((await link.getAttribute('href')) ?? '')
    expect(href.origin + href.pathname).toBe(`${API}/auth/sign-in`)
    expect(href.searchParams.get('return_to')).toBe(`${SITE_ORIGIN}${GUIDE}`)
    await expect(keyWidget(page).getByRole('link', { name: 'Project URL box above' })).toHaveAttribute(
      'href',
      `#${await urlWidget(page).getAttribute('id')}`,
    )
    await expectNoSeriousA11yViolations(page)
    expect(platformCalls).toEqual([])
    expect(await requestCounts(request)).toEqual({
      organizations: 0,
      projects: 0,
      branches: 0,
      'project-api': 0,
    })
  })

  test('a corrupted stored session counts as logged out, without errors', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await seedStorage(page, { [SESSION_KEY]: '{"accessToken":', [SELECTION_KEY]: '["broken"' })
    await page.goto(GUIDE)
    await expect(urlWidget(page)).toHaveAttribute('data-state', 'logged-out')
    expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toBeNull()
    expect(errors).toEqual([])
  })

  test('a sign-in link to another site is refused', async ({ request }) => {
    const response = await request.get(
      `${API}/auth/sign-in?return_to=${encodeURIComponent('https://evil.example/')}`,
      { maxRedirects: 0 },
    )
    expect(response.status()).toBe(400)
  })
})

test('sign-in round trip: back on the page with values, token out of the URL, then sign out', async ({
  page,
  request,
}) => {
  await page.goto(`${GUIDE}#the-anon-key-public-by-design`)
  // The widget, above the section the address names, loads as the reader scrolls back to it.
  await urlWidget(page).scrollIntoViewIfNeeded()
  await urlWidget(page).getByRole('link', { name: 'Sign in to the dashboard' }).click()
  await expect(page).toHaveURL(new RegExp(`^${API}/auth/sign-in`))
  await page.getByRole('button', { name: /Ada Developer/ }).click()

  // The reader's own fragment is back; the sign-in answer is gone.
  await expect(page).toHaveURL(`${SITE_ORIGIN}${GUIDE}#the-anon-key-public-by-design`)
  await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
  await expect(shownValue(keyWidget(page))).toHaveText(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/)
  expect(page.url()).not.toContain('access_token')
  const stored = await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)
  const { accessToken } = JSON.parse(stored ?? '{}') as { accessToken: string }
  expect(accessToken).toMatch(/^eyJ/)
  // The history entry was replaced, so going back and forth never brings the token back.
  await page.goBack()
  await page.goForward()
  expect(page.url()).toBe(`${SITE_ORIGIN}${GUIDE}#the-anon-key-public-by-design`)
  await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)

  await urlWidget(page).getByRole('button', { name: 'Sign out' }).click()
  await expect(urlWidget(page)).toHaveAttribute('data-state', 'logged-out')
  await expect(keyWidget(page)).toHaveAttribute('data-state', 'logged-out')
  expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toBeNull()
  // Logging out revoked the token on the platform API.
  await expect
    .poll(async () => {
      const r = await request.get(`${API}/platform/projects`, {
        headers: { authorization: `Bearer ${accessToken}` },
      })
      return r.status()
    })
    .toBe(401)
})

test('the return from sign-in lands on the same section of a long guide, focused on the widget', async ({
  page,
}) => {
  const quickstart = '/guides/getting-started/quickstarts/user-management'
  const heading = page.locator('#get-the-api-url-and-anon-key')
  await page.goto(quickstart)
  // The reader scrolled so the widget sits in the middle of the window, the heading above it.
  await page.evaluate(() => {
    const widget = document.querySelector('[data-project-config="url"]')
    widget?.scrollIntoView({ block: 'center', behavior: 'instant' })
  })
  await expect(urlWidget(page)).toHaveAttribute('data-state', 'logged-out')
  const topBefore = await heading.evaluate((el) => el.getBoundingClientRect().top)
  const scrollBefore = await page.evaluate(() => window.scrollY)
  expect(scrollBefore).toBeGreaterThan(1000)

  await urlWidget(page).getByRole('link', { name: 'Sign in to the dashboard' }).click()
  await expect(page).toHaveURL(new RegExp(`^${API}/auth/sign-in`))
  await page.getByRole('button', { name: /Ada Developer/ }).click()

  // The widget takes the token out of the URL once its code has loaded on this long guide: on a
  // busy machine that can take more than the usual 7 s.
  await expect(page).toHaveURL(`${SITE_ORIGIN}${quickstart}`, { timeout: 20_000 })
  await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
  // The heading is back where it was in the viewport (not at the top of the page).
  await expect
    .poll(async () => Math.abs((await heading.evaluate((el) => el.getBoundingClientRect().top)) - topBefore))
    .toBeLessThan(4)
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(4)
  await expect(heading).toBeInViewport()
  await expect(urlWidget(page)).toBeFocused()
  // Used once: a reload is the browser's own business.
  expect(await page.evaluate(() => sessionStorage.getItem('docs.project-config.return-position'))).toBeNull()
})

test('the return from sign-in keeps the address fragment the reader had', async ({ page }) => {
  await page.goto(`${GUIDE}#your-values`)
  await urlWidget(page).getByRole('link', { name: 'Sign in to the dashboard' }).click()
  await page.getByRole('button', { name: /Ada Developer/ }).click()
  await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
  await expect(page).toHaveURL(`${SITE_ORIGIN}${GUIDE}#your-values`)
  await expect(page.locator('#your-values')).toBeInViewport()
})

test('two widgets share one prompt and one picker; a new project changes both values', async ({ page }) => {
  // A long guide: the accessibility scan at the end takes a while on a busy machine.
  test.slow()
  const quickstart = '/guides/getting-started/quickstarts/user-management'
  await page.goto(quickstart)
  await keyWidget(page).scrollIntoViewIfNeeded()
  await expect(keyWidget(page)).toHaveAttribute('data-state', 'logged-out')
  await expect(page.getByRole('link', { name: 'Sign in to the dashboard' })).toHaveCount(1)
  await expect(keyWidget(page)).toContainText('Sign in at the Project URL box above')

  await urlWidget(page).getByRole('link', { name: 'Sign in to the dashboard' }).click()
  await page.getByRole('button', { name: /Ada Developer/ }).click()
  await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(1)
  const keyBefore = await shownValue(keyWidget(page)).textContent()
  expect(keyBefore).toMatch(/^eyJ/)

  await choose(page, projectPicker(urlWidget(page)), 'Store Kyoto')
  await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.kyoto}.basebox.co`)
  await expect(shownValue(keyWidget(page))).toHaveText(/^eyJ/)
  await expect(shownValue(keyWidget(page))).not.toHaveText(keyBefore ?? '')
  await expect(keyWidget(page)).toContainText('Project Store Kyoto, chosen in the Project URL box above.')
  await expectNoSeriousA11yViolations(page)
})

test('a token in the URL that this tab did not ask for is ignored and removed', async ({ page, request }) => {
  const { accessToken, expiresAt } = await issueToken(request)
  await page.goto(`${GUIDE}#access_token=${accessToken}&expires_at=${expiresAt}&state=forged-state-0123456`)
  await expect(urlWidget(page)).toHaveAttribute('data-state', 'logged-out')
  expect(page.url()).not.toContain('access_token')
})

test.describe('signed in', () => {
  test('several widgets make one set of requests; the token goes only to the platform API', async ({
    page,
    request,
  }) => {
    const authorized: string[] = []
    const platformGets: string[] = []
    const bodies: string[] = []
    page.on('request', (r) => {
      if (r.headers().authorization) authorized.push(new URL(r.url()).origin)
      if (r.url().startsWith(API) && r.method() === 'GET') platformGets.push(new URL(r.url()).pathname)
    })
    page.on('response', async (r) => {
      if (r.url().includes('/platform/props/')) bodies.push(await r.text())
    })
    const { accessToken } = await openSignedIn(page, request)
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
    await expect(shownValue(keyWidget(page))).toHaveText(/^eyJ/)

    expect(platformGets.sort()).toEqual([
      '/platform/organizations',
      '/platform/projects',
      `/platform/props/project/${REF.inventory}/api`,
    ])
    expect(await requestCounts(request)).toEqual({
      organizations: 1,
      projects: 1,
      branches: 0,
      'project-api': 1,
    })
    expect(new Set(authorized)).toEqual(new Set([API]))

    // The API answered with the service_role key too; the page shows it nowhere. (The response
    // handler reads the body after the fact, so wait until it has.)
    await expect.poll(() => bodies.length).toBeGreaterThan(0)
    const serviceKey = (JSON.parse(bodies[0] ?? '{}') as { autoApiService: { serviceApiKey: string } })
      .autoApiService.serviceApiKey
    expect(serviceKey).toMatch(/^eyJ/)
    expect(await page.content()).not.toContain(serviceKey)
    expect(await page.content()).not.toContain(accessToken)
    await expectNoSeriousA11yViolations(page)
  })

  test('shows "Loading..." while the data is on its way', async ({ page, request }) => {
    await injectFault(request, { endpoint: 'projects', delayMs: 2000 })
    await openSignedIn(page, request)
    await expect(urlWidget(page)).toHaveAttribute('data-state', 'loading')
    await expect(shownValue(urlWidget(page))).toHaveText('Loading...')
    await expect(projectPicker(urlWidget(page))).toContainText('Loading...')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
    await expect(urlWidget(page)).toHaveAttribute('data-state', 'has-data')
  })

  test('a reader without projects is told how to create one, with the dashboard link', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request, { user: 'user-noor' })
    await expect(urlWidget(page)).toHaveAttribute('data-state', 'no-data')
    await expect(projectPicker(urlWidget(page))).toContainText('No project found')
    // Noor's only organization in the seed is "Fresh Start", which has no project.
    const help = urlWidget(page).locator('[data-no-project-help]')
    await expect(help).toHaveText(
      /^Fresh Start has no project yet\. Create a project in the dashboard \(New project\)/,
    )
    await expect(help.getByRole('link', { name: 'dashboard' })).toHaveAttribute('href', /^https?:\/\//)
    // Said once, by the first widget.
    await expect(keyWidget(page).locator('[data-no-project-help]')).toHaveCount(0)
    await expect(shownValue(urlWidget(page))).toHaveText('https://<project-ref>.basebox.co')
    await expect(shownValue(keyWidget(page))).toHaveText('<your-anon-key>')
  })

  test('the chosen project applies to every widget and is restored after a reload', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request)
    await choose(page, projectPicker(urlWidget(page)), 'Store Kyoto')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.kyoto}.basebox.co`)
    await expect(keyWidget(page)).toContainText('Project Store Kyoto, chosen in the Project URL box above.')
    await page.reload()
    await expect(projectPicker(urlWidget(page))).toContainText('Store Kyoto')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.kyoto}.basebox.co`)
  })

  test('a saved project from another organization falls back to the first project', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request, {
      selection: { organizationId: 2, projectRef: REF.recipeBox },
    })
    await expect(projectPicker(urlWidget(page))).toContainText('Inventory API')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
  })

  test('a corrupted saved selection is ignored', async ({ page, request }) => {
    await openSignedIn(page, request, { selection: '{"organizationId":"1","projectRef":7}' })
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
  })

  test('the project list scrolls in a 280 px area when it has more than 10 options', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request, { selection: { organizationId: 1, projectRef: REF.storefront } })
    await projectPicker(urlWidget(page)).click()
    const listbox = page.getByRole('listbox')
    await expect(listbox.getByRole('option')).toHaveCount(20)
    await expect(listbox.getByRole('group')).toHaveCount(3)
    const area = page.locator('[data-radix-select-viewport]')
    await expect(area).toHaveAttribute('data-scroll-area', '')
    const size = await area.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      scrollHeight: el.scrollHeight,
      overflowY: getComputedStyle(el).overflowY,
    }))
    expect(size.height).toBe(280)
    expect(size.scrollHeight).toBeGreaterThan(280)
    expect(size.overflowY).toBe('auto')
    await page.keyboard.press('Escape')

    // The three branches of Storefront do not need a scroll area.
    await branchPicker(urlWidget(page)).click()
    await expect(page.getByRole('option')).toHaveCount(3)
    await expect(page.locator('[data-radix-select-viewport]')).not.toHaveAttribute('data-scroll-area')
    const branchListHeight = await page
      .locator('[data-radix-select-viewport]')
      .evaluate((el) => el.getBoundingClientRect().height)
    expect(branchListHeight).toBeLessThan(280)
  })

  test('the branch picker is hidden for a project without branching', async ({ page, request }) => {
    await openSignedIn(page, request)
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
    await expect(branchPicker(urlWidget(page))).toHaveCount(0)
    expect((await requestCounts(request)).branches).toBe(0)
  })

  test('branches are listed default branch first, then by name', async ({ page, request }) => {
    // The API sends Storefront's branches as feature/checkout-v2, main, fix/tax-rounding.
    await openSignedIn(page, request, { selection: { organizationId: 1, projectRef: REF.storefront } })
    await branchPicker(urlWidget(page)).click()
    await expect(page.getByRole('option')).toHaveText(['main', 'feature/checkout-v2', 'fix/tax-rounding'])
    await page.keyboard.press('Escape')
  })

  test('branches: main first, then a saved branch, restored after reload', async ({ page, request }) => {
    await openSignedIn(page, request)
    await choose(page, projectPicker(urlWidget(page)), 'Storefront')
    // No saved branch: the branch whose project_ref is its parent's (main), not the first one.
    await expect(branchPicker(urlWidget(page))).toContainText('main')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.storefront}.basebox.co`)

    await choose(page, branchPicker(urlWidget(page)), 'fix/tax-rounding')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.taxBranch}.basebox.co`)
    await expect(shownValue(keyWidget(page))).toHaveText(/^eyJ/)
    await page.reload()
    await expect(branchPicker(urlWidget(page))).toContainText('fix/tax-rounding')
    await expect(keyWidget(page)).toContainText('(branch fix/tax-rounding)')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.taxBranch}.basebox.co`)
  })

  test('branches: a saved branch that is gone falls back to main', async ({ page, request }) => {
    await openSignedIn(page, request, {
      selection: {
        organizationId: 1,
        projectRef: REF.storefront,
        branchId: '00000000-0000-4000-8000-000000000000',
      },
    })
    await expect(branchPicker(urlWidget(page))).toContainText('main')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.storefront}.basebox.co`)
  })

  test('branches: without a main branch the first one is chosen', async ({ page, request }) => {
    await openSignedIn(page, request, { selection: { organizationId: 1, projectRef: REF.analytics } })
    await expect(branchPicker(urlWidget(page))).toContainText('preview/dashboards')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.dashboardsBranch}.basebox.co`)
  })

  test('branches: a branching project with no branch says "No branch found"', async ({ page, request }) => {
    await openSignedIn(page, request, { selection: { organizationId: 1, projectRef: REF.mobile } })
    await expect(branchPicker(urlWidget(page))).toContainText('No branch found')
    await expect(branchPicker(urlWidget(page))).toBeDisabled()
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.mobile}.basebox.co`)
  })

  test('changing the project aborts its slow branch request', async ({ page, request }) => {
    await injectFault(request, { endpoint: 'branches', delayMs: 5000 })
    await openSignedIn(page, request, { selection: { organizationId: 1, projectRef: REF.storefront } })
    await expect(branchPicker(urlWidget(page))).toContainText('Loading...')
    const aborted = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/branches'))
    await choose(page, projectPicker(urlWidget(page)), 'Inventory API')
    expect((await aborted).failure()?.errorText).toContain('ERR_ABORTED')
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.inventory}.basebox.co`)
  })

  test('copy buttons copy the value and show "Copied" for a moment', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openSignedIn(page, request)
    // The button's accessible name follows its state ("Copy Project URL", then "Copied").
    const button = urlWidget(page).getByRole('button', { name: /^(Copy Project URL|Copied)$/ })
    await expect(button).toHaveText('Copy')
    await button.click()
    await expect(button).toHaveText('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `https://${REF.inventory}.basebox.co`,
    )
    await expect(button).toHaveText('Copy', { timeout: 3000 })

    const keyButton = keyWidget(page).getByRole('button', { name: /^(Copy Anon key|Copied)$/ })
    await keyButton.click()
    await expect(keyButton).toHaveText('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^eyJ/)
  })

  test('an anon key from an older version shows a closable alert instead', async ({ page, request }) => {
    await openSignedIn(page, request, { selection: { organizationId: 1, projectRef: REF.legacy } })
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.legacy}.basebox.co`)
    await expect(shownValue(keyWidget(page))).toHaveText('<your-anon-key>')
    await expect(keyWidget(page).getByRole('button', { name: 'Copy Anon key' })).toHaveCount(0)
    const alert = keyWidget(page).getByRole('alert')
    await expect(alert).toHaveText(
      /^This project was created with an older key format, which the docs cannot display\. Copy your Anon key from the dashboard \(Project Settings → API\)\./,
    )
    await expect(alert.getByRole('link', { name: 'dashboard' })).toBeVisible()
    await expect(urlWidget(page).getByRole('alert')).toHaveCount(0)
    await alert.getByRole('button', { name: 'Close' }).click()
    await expect(keyWidget(page).getByRole('alert')).toHaveCount(0)
  })

  test('a project without an endpoint shows a closable alert for the URL', async ({ page, request }) => {
    await openSignedIn(page, request, { selection: { organizationId: 1, projectRef: REF.edgeCache } })
    await expect(shownValue(keyWidget(page))).toHaveText(/^eyJ/)
    await expect(shownValue(urlWidget(page))).toHaveText('https://<project-ref>.basebox.co')
    const alert = urlWidget(page).getByRole('alert')
    await expect(alert).toHaveText(
      /^The platform did not return an API URL for this project\. Copy your Project URL from the dashboard/,
    )
    await alert.getByRole('button', { name: 'Close' }).click()
    await expect(urlWidget(page).getByRole('alert')).toHaveCount(0)
  })
})

test.describe('loading on approach', () => {
  /**
   * A script of the widget itself (not the stand-in the page shows until then). A signed-out
   * reader gets the sign-in prompt's code only; the full widget's stays on the server.
   */
  const WIDGET_CODE = 'to see your own project URL and anon key here'
  const FULL_WIDGET_CODE = "Couldn't display your API settings"

  test("the widget's code is fetched only when the widget nears the window, and nothing moves", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 })
    const widgetScripts: string[] = []
    const fullWidgetScripts: string[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = await response.text().catch(() => '')
      if (body.includes(WIDGET_CODE)) widgetScripts.push(response.url())
      if (body.includes(FULL_WIDGET_CODE)) fullWidgetScripts.push(response.url())
    })
    await page.goto('/guides/ai/model-hub')
    await page.waitForLoadState('networkidle')
    const widget = urlWidget(page)
    // The stand-in: the widget's first render, without its code.
    await expect(widget).toHaveAttribute('data-state', 'user-loading')
    const before = (await widget.boundingBox())!
    expect(before.y, 'the widget starts well below the window and its margin').toBeGreaterThan(720 + 700)
    await page.waitForTimeout(500)
    expect(widgetScripts).toEqual([])

    // Scrolled to within a few hundred pixels of the window: the code comes, the widget takes over.
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), before.y - 720 - 300)
    await expect(widget).toHaveAttribute('data-state', 'logged-out')
    // The response handler reads each body after the fact: the script can run before it is counted.
    await expect.poll(() => widgetScripts.length).toBeGreaterThan(0)
    await page.waitForLoadState('networkidle')
    expect(fullWidgetScripts, 'a signed-out reader never fetches the full widget').toEqual([])
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    const after = (await widget.boundingBox())!
    expect(after.y).toBeCloseTo(before.y, 0)
    expect(after.height).toBeCloseTo(before.height, 0)
  })

  test('a sign-in in another tab turns the prompt into the full widget', async ({
    page,
    context,
    request,
  }) => {
    await page.goto(GUIDE)
    await expect(urlWidget(page)).toHaveAttribute('data-state', 'logged-out')
    // Another tab of the same site stores a sign-in: this tab hears it through a storage event.
    const session = await issueToken(request)
    const other = await context.newPage()
    await other.goto('/404')
    await other.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [SESSION_KEY, JSON.stringify(session)],
    )
    await expect(urlWidget(page)).toHaveAttribute('data-state', 'has-data')
    await expect(shownValue(urlWidget(page))).not.toHaveText(/project-ref/)
    await other.close()
  })

  test('a page opened with the widget in view loads it at once', async ({ page }) => {
    await page.goto(GUIDE)
    await expect(urlWidget(page)).toHaveAttribute('data-state', 'logged-out')
    await expect(keyWidget(page)).toHaveAttribute('data-state', 'logged-out')
  })
})

test.describe('the .env.local sample', () => {
  const envBlock = (page: Page) => page.locator('figure.code-block', { hasText: '.env.local' })

  test('shows the placeholders the widget shows, then the reader’s own values once signed in', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto(GUIDE)
    await expect(urlWidget(page)).toHaveAttribute('data-state', 'logged-out')
    // One vocabulary: the widget's placeholders are the words of the sample.
    const urlPlaceholder = (await shownValue(urlWidget(page)).textContent())!
    const keyPlaceholder = (await shownValue(keyWidget(page)).textContent())!
    await expect(envBlock(page).locator('.code-body')).toContainText(
      `NEXT_PUBLIC_SUPABASE_URL=${urlPlaceholder}`,
    )
    await expect(envBlock(page).locator('.code-body')).toContainText(
      `NEXT_PUBLIC_SUPABASE_ANON_KEY=${keyPlaceholder}`,
    )

    await openSignedIn(page, request)
    const url = `https://${REF.inventory}.basebox.co`
    await expect(shownValue(urlWidget(page))).toHaveText(url)
    const key = (await shownValue(keyWidget(page)).textContent())!
    const body = envBlock(page).locator('.code-body')
    await expect(body).toContainText(`NEXT_PUBLIC_SUPABASE_URL=${url}`)
    await expect(body).toContainText(`NEXT_PUBLIC_SUPABASE_ANON_KEY=${key}`)
    // The service_role key is never shown: its placeholder stays.
    await expect(body).toContainText('SUPABASE_SERVICE_ROLE_KEY=<your-service-role-key>')

    // Its one Copy button copies what it shows.
    await expect(envBlock(page).getByRole('button', { name: 'Copy .env.local' })).toHaveCount(1)
    await envBlock(page).getByRole('button', { name: 'Copy .env.local' }).click()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain(`NEXT_PUBLIC_SUPABASE_URL=${url}\nNEXT_PUBLIC_SUPABASE_ANON_KEY=${key}\n`)

    // Signed out, the sample is as written again.
    await urlWidget(page).getByRole('button', { name: 'Sign out' }).click()
    await expect(body).toContainText(`NEXT_PUBLIC_SUPABASE_URL=${urlPlaceholder}`)
    await envBlock(page).getByRole('button', { name: 'Copy .env.local' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `NEXT_PUBLIC_SUPABASE_URL=${urlPlaceholder}`,
    )
  })
})

test.describe('failing calls', () => {
  const failures = [
    { label: '500', fault: { status: 500 } },
    { label: 'malformed JSON', fault: { malformedJson: true } },
  ]
  const endpoints: Endpoint[] = ['organizations', 'projects', 'branches', 'project-api']

  for (const endpoint of endpoints) {
    for (const { label, fault } of failures) {
      test(`${endpoint} answering ${label} shows the error message`, async ({ page, request }) => {
        await injectFault(request, { endpoint, ...fault })
        // The branches call only happens for a project with branching.
        await openSignedIn(page, request, {
          selection: { organizationId: 1, projectRef: REF.storefront },
        })
        for (const widget of [urlWidget(page), keyWidget(page)]) {
          await expect(widget).toHaveAttribute('data-state', 'error')
          await expect(widget).toContainText(FETCH_ERROR)
        }
        await expect(shownValue(urlWidget(page))).toHaveText('https://<project-ref>.basebox.co')
        expect((await requestCounts(request))[endpoint]).toBe(1)
      })
    }

    test(`${endpoint} answering 401 drops the refused token and offers to sign in again`, async ({
      page,
      request,
    }) => {
      await injectFault(request, { endpoint, status: 401 })
      await openSignedIn(page, request, {
        selection: { organizationId: 1, projectRef: REF.storefront },
      })
      for (const widget of [urlWidget(page), keyWidget(page)]) {
        await expect(widget).toHaveAttribute('data-state', 'logged-out')
        await expect(widget).not.toContainText(FETCH_ERROR)
      }
      await expect(urlWidget(page)).toContainText('Your sign-in is no longer accepted')
      await expect(urlWidget(page).getByRole('link', { name: 'Sign in again' })).toBeVisible()
      // One way to sign in for the page: the second widget points to the first.
      await expect(
        page.locator('[data-project-config]').getByRole('link', { name: /^sign in/i }),
      ).toHaveCount(1)
      expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toBeNull()
      // The next visit starts signed out, with no failure to repeat.
      await page.reload()
      await expect(urlWidget(page).getByRole('link', { name: 'Sign in to the dashboard' })).toBeVisible()
    })

    test(`${endpoint} answering slowly shows "Loading..." and then the values`, async ({ page, request }) => {
      await injectFault(request, { endpoint, delayMs: 1500 })
      await openSignedIn(page, request, {
        selection: { organizationId: 1, projectRef: REF.storefront },
      })
      await expect(shownValue(urlWidget(page))).toHaveText('Loading...')
      await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.storefront}.basebox.co`)
      await expect(urlWidget(page)).not.toContainText(FETCH_ERROR)
    })
  }
})

test.describe('in the SQL to REST base URL dialog', () => {
  const SQL_TO_REST = '/guides/api/sql-to-rest'

  async function openDialog(page: Page) {
    await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', {
      timeout: 15_000,
    })
    await page.getByRole('button', { name: 'Change base URL' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change base URL' })
    return { dialog, projects: dialog.getByRole('group', { name: 'Your projects' }) }
  }

  test('offers the selected project URL in one click, with the REST path added', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request, { path: SQL_TO_REST })
    const { dialog, projects } = await openDialog(page)
    await expect(projectPicker(projects)).toContainText('Inventory API')
    const use = projects.getByRole('button', { name: `Use https://${REF.inventory}.basebox.co` })
    await expect(use).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await use.click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('base-url')).toHaveText(`https://${REF.inventory}.basebox.co/rest/v1`)
    await expect(page.getByTestId('base-url-note')).toHaveText(
      'Added /rest/v1 to your project URL: the REST API is served below it.',
    )
    await expect(page.getByTestId('output-curl')).toContainText(
      `curl 'https://${REF.inventory}.basebox.co/rest/v1/products?`,
    )

    // Another project, chosen with the widgets' picker; the choice is shared with them.
    await page.getByRole('button', { name: 'Change base URL' }).click()
    await choose(page, projectPicker(projects), 'Store Kyoto')
    await projects.getByRole('button', { name: `Use https://${REF.kyoto}.basebox.co` }).click()
    await expect(page.getByTestId('base-url')).toHaveText(`https://${REF.kyoto}.basebox.co/rest/v1`)
    await page.goto(GUIDE)
    await expect(shownValue(urlWidget(page))).toHaveText(`https://${REF.kyoto}.basebox.co`)
  })

  test('a project without an API URL says so and offers no button', async ({ page, request }) => {
    await openSignedIn(page, request, {
      path: SQL_TO_REST,
      selection: { organizationId: 1, projectRef: REF.edgeCache },
    })
    const { projects } = await openDialog(page)
    await expect(projects).toContainText('The platform did not return an API URL for this project.')
    await expect(projects.getByRole('button', { name: /^Use / })).toHaveCount(0)
  })

  test('a failing platform API leaves the dialog working', async ({ page, request }) => {
    await injectFault(request, { endpoint: 'projects', status: 500 })
    await openSignedIn(page, request, { path: SQL_TO_REST })
    const { dialog, projects } = await openDialog(page)
    await expect(projects).toContainText('Your projects could not be loaded.')
    await dialog.getByLabel('Base URL').fill(`https://${REF.inventory}.basebox.co`)
    await dialog.getByRole('button', { name: 'Change' }).click()
    await expect(page.getByTestId('base-url')).toHaveText(`https://${REF.inventory}.basebox.co/rest/v1`)
  })
})
