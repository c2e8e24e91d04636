import { expect, test, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { expectNoSeriousA11yViolations } from './a11y'

const PROVIDERS: [id: string, heading: string][] = [
  ['apple', 'Sign in with Apple'],
  ['azure', 'Sign in with Azure (Microsoft)'],
  ['bitbucket', 'Sign in with Bitbucket'],
  ['discord', 'Sign in with Discord'],
  ['facebook', 'Sign in with Facebook'],
  ['figma', 'Sign in with Figma'],
  ['github', 'Sign in with GitHub'],
  ['gitlab', 'Sign in with GitLab'],
  ['google', 'Sign in with Google'],
  ['kakao', 'Sign in with Kakao'],
  ['keycloak', 'Sign in with Keycloak'],
  ['linkedin', 'Sign in with LinkedIn'],
  ['notion', 'Sign in with Notion'],
  ['slack', 'Sign in with Slack'],
  ['spotify', 'Sign in with Spotify'],
  ['twitter', 'Sign in with X (Twitter)'],
  ['twitch', 'Sign in with Twitch'],
  ['workos', 'Sign in with WorkOS'],
  ['zoom', 'Sign in with Zoom'],
]

function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('social login provider grid', () => {
  test('links to all 19 provider guides, each of which exists', async ({ page }) => {
    await page.goto('/guides/auth/social-login')
    await islandsReady(page)
    const links = page.locator('[data-provider-grid="social"] a')
    await expect(links).toHaveCount(19)
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(PROVIDERS.map(([id]) => `/guides/auth/social-login/${id}`))
    // Every logo is inline SVG drawn on the server: no image requests.
    await expect(page.locator('[data-provider-grid="social"] svg[data-logo]')).toHaveCount(19)
    await expect(page.locator('[data-provider-grid="social"] img')).toHaveCount(0)

    for (const [id, heading] of PROVIDERS) {
      const response = await page.request.get(`/guides/auth/social-login/${id}`)
      expect(response.status(), id).toBe(200)
      expect(await response.text(), id).toContain(`<h1>${heading.replace('&', '&amp;')}</h1>`)
    }
  })

  test('a card opens its provider guide', async ({ page }) => {
    await page.goto('/guides/auth/social-login')
    await islandsReady(page)
    await page.locator('[data-provider-grid="social"]').getByRole('link', { name: 'GitHub' }).click()
    await expect(page).toHaveURL(/\/guides\/auth\/social-login\/github$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with GitHub')
    await expect(page.getByText('[auth.external.github]')).toBeVisible()
  })

  test('the overview and a provider page have no serious accessibility violations', async ({ page }) => {
    await page.goto('/guides/auth/social-login')
    await islandsReady(page)
    await expectNoSeriousA11yViolations(page)
    await page.goto('/guides/auth/social-login/apple')
    await islandsReady(page)
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('SMS provider dialog (?showSmsProvider=)', () => {
  const PAGE = '/guides/auth/phone-login'
  const dialog = (page: Page) => page.getByRole('dialog')

  test('choosing a provider opens its dialog and sets the parameter; closing removes it', async ({
    page,
  }) => {
    const errors = collectPageErrors(page)
    await page.goto(PAGE)
    await islandsReady(page)
    const historyLength = await page.evaluate(() => history.length)

    await page.getByRole('button', { name: 'Twilio' }).click()
    await expect(dialog(page)).toBeVisible()
    await expect(dialog(page).getByRole('heading', { name: 'Set up Twilio' })).toBeVisible()
    await expect(dialog(page).getByText('[auth.sms.twilio]')).toBeVisible()
    await expect(page).toHaveURL(/[?&]showSmsProvider=twilio(&|$)/)

    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
    expect(new URL(page.url()).searchParams.has('showSmsProvider')).toBe(false)

    await page.getByRole('button', { name: 'MessageBird' }).click()
    await expect(dialog(page).getByRole('heading', { name: 'Set up MessageBird' })).toBeVisible()
    await expect(page).toHaveURL(/showSmsProvider=messagebird/)
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    await expect(dialog(page)).toBeHidden()
    expect(new URL(page.url()).searchParams.has('showSmsProvider')).toBe(false)

    // replaceState only: the dialog never added history entries.
    expect(await page.evaluate(() => history.length)).toBe(historyLength)
    expect(errors).toEqual([])
  })

  test('loading the page with the parameter opens that provider, and keeps other parameters', async ({
    page,
  }) => {
    await page.goto(`${PAGE}?showSmsProvider=vonage&framework=astro`)
    await islandsReady(page)
    await expect(dialog(page).getByRole('heading', { name: 'Set up Vonage' })).toBeVisible()
    await expect(dialog(page).getByText('[auth.sms.vonage]')).toBeVisible()
    await expect(dialog(page).getByText('[auth.sms.twilio]')).toHaveCount(0)
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
    expect(new URL(page.url()).search).toBe('?framework=astro')
  })

  test('an unknown value opens nothing and breaks nothing', async ({ page }) => {
    const errors = collectPageErrors(page)
    await page.goto(`${PAGE}?showSmsProvider=carrier-pigeon`)
    await islandsReady(page)
    await expect(page.getByRole('button', { name: 'Twilio' })).toBeVisible()
    await page.waitForTimeout(300)
    await expect(dialog(page)).toHaveCount(0)
    await page.goto(`${PAGE}?showSmsProvider=`)
    await islandsReady(page)
    await page.waitForTimeout(300)
    await expect(dialog(page)).toHaveCount(0)
    expect(errors).toEqual([])
  })
})

test.describe('auth callback route tab group', () => {
  const PAGE = '/guides/auth/callback-route'
  const group = (page: Page) => page.locator('[data-query-group="framework"]')

  test('offers the five frameworks and switches between them', async ({ page }) => {
    await page.goto(PAGE)
    await islandsReady(page)
    await expect(group(page).getByRole('tab')).toHaveText([
      'Next.js',
      'SvelteKit',
      'Astro',
      'Remix',
      'Express',
    ])
    await expect(group(page).getByText('app/auth/callback/route.ts')).toBeVisible()

    await group(page).getByRole('tab', { name: 'SvelteKit' }).click()
    await expect(page).toHaveURL(/[?&]framework=sveltekit/)
    await expect(group(page).getByText('src/routes/auth/callback/+server.ts')).toBeVisible()
    await expect(group(page).getByText("redirect(303, '/auth/auth-code-error')")).toBeVisible()
    await expect(group(page).getByText('app/auth/callback/route.ts')).toBeHidden()

    await group(page).getByRole('tab', { name: 'Express' }).click()
    await expect(group(page).getByText("app.get('/auth/callback'")).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('opens the framework named in the URL', async ({ page }) => {
    await page.goto(`${PAGE}?framework=remix`)
    await islandsReady(page)
    await expect(group(page).getByRole('tab', { name: 'Remix' })).toHaveAttribute('aria-selected', 'true')
    await expect(group(page).getByText('app/routes/auth.callback.ts')).toBeVisible()
    await page.goto(`${PAGE}?framework=astro`)
    await islandsReady(page)
    await expect(group(page).getByText('src/pages/auth/callback.ts')).toBeVisible()
  })
})
