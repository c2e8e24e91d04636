import { expect, test, type ConsoleMessage, type Page } from '@playwright/test'

/** One page of every kind the site has, each with its own Content-Security-Policy. */
const PAGES = [
  { kind: 'home', url: '/' },
  { kind: 'guide', url: '/guides/auth/captcha' },
  { kind: 'guide with the project widget', url: '/guides/getting-started/api-keys' },
  { kind: 'section index', url: '/guides/getting-started' },
  { kind: 'JavaScript reference', url: '/reference/javascript' },
  { kind: 'JavaScript v1 reference', url: '/reference/javascript/v1' },
  { kind: 'CLI reference', url: '/reference/cli' },
  { kind: 'Management API reference', url: '/reference/api' },
  { kind: 'reference section URL (rewrite)', url: '/reference/javascript/select' },
  { kind: 'crawler page', url: '/reference/cli/crawlers/supabase-start' },
  { kind: 'SQL to REST tool', url: '/guides/api/sql-to-rest' },
  { kind: '404 page', url: '/guides/no-such-page', status: 404 },
]

/**
 * Records every CSP violation the page reports: `securitypolicyviolation` events and console
 * messages, the page's and its workers' (Pagefind searches in a worker with its own policy).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
  const watchConsole = (source: string) => (message: ConsoleMessage) => {
    if (/content security policy/i.test(message.text())) violations.push(`${source}: ${message.text()}`)
  }
  page.on('console', watchConsole('page'))
  page.on('worker', (worker) => worker.on('console', watchConsole(`worker ${worker.url()}`)))
  return violations
}

async function searchFor(page: Page, query: string) {
  await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').first().waitFor()
  // `/` types into a focused editor, so the shortcut is pressed with nothing focused.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('/')
  const dialog = page.getByRole('dialog', { name: 'Search the docs' })
  await dialog.getByRole('combobox', { name: 'Search the docs' }).fill(query)
  await expect(dialog.locator(`[role="listbox"][data-query="${query}"]`)).toBeVisible({ timeout: 15_000 })
  await expect(dialog.getByRole('option').first()).toBeVisible()
  await page.keyboard.press('Escape')
}

for (const { kind, url, status = 200 } of PAGES) {
  test(`${kind} (${url}) runs under its Content-Security-Policy, search included`, async ({ page }) => {
    const violations = await watchViolations(page)
    const response = await page.goto(url)
    expect(response?.status()).toBe(status)
    const policy = response?.headers()['content-security-policy'] ?? ''
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/]+=*')+/)
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(response?.headers()['x-content-type-options']).toBe('nosniff')
    expect(response?.headers()['x-frame-options']).toBe('DENY')
    expect(response?.headers()['permissions-policy']).toContain('camera=()')
    expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups')

    if (kind === 'SQL to REST tool') {
      // libpg-query's WebAssembly and CodeMirror load on this page only.
      await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', {
        timeout: 15_000,
      })
      await page.getByTestId('sql-editor-box').hover()
      await page.locator('.cm-content').click()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.insertText('select title from books where author_id = 7')
      await expect(page.getByTestId('output-curl')).toContainText(
        '/rest/v1/books?select=title&author_id=eq.7',
      )
    }
    // Pagefind runs its own WebAssembly.
    await searchFor(page, 'captcha')
    expect(violations).toEqual([])
  })
}

/** Serves a page with its policy edited, to prove the checks above notice what a policy blocks. */
async function withEditedPolicy(page: Page, url: string, edit: (policy: string) => string) {
  await page.route(`**${url}`, async (route) => {
    const response = await route.fetch()
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers()
    headers['content-security-policy'] = edit(headers['content-security-policy'] ?? '')
    await route.fulfill({ response, headers })
  })
}

test('a policy without the page’s script hashes is reported', async ({ page }) => {
  const violations = await watchViolations(page)
  await withEditedPolicy(page, '/guides/auth/captcha', (policy) => policy.replace(/ 'sha256-[^']+'/g, ''))
  await page.goto('/guides/auth/captcha')
  await expect.poll(() => violations.length).toBeGreaterThan(0)
  expect(violations.join('\n')).toMatch(/script-src/)
})

test('a search worker whose policy forbids WebAssembly is reported', async ({ page }) => {
  const violations = await watchViolations(page)
  const strip = (policy: string) => policy.replace(" 'wasm-unsafe-eval'", '')
  await withEditedPolicy(page, '/pagefind/pagefind-worker.js', strip)
  await page.goto('/guides/auth/captcha')
  await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').first().waitFor()
  await page.keyboard.press('/')
  await page.getByRole('combobox', { name: 'Search the docs' }).fill('captcha')
  await expect.poll(() => violations.join('\n')).toMatch(/^worker \S*pagefind-worker\.js: [\s\S]*WebAssembly/)
})

test('only the app the quickstart frames may be framed, and only by the site', async ({ request }) => {
  const app = await request.get('/try/user-management/')
  expect(app.status()).toBe(200)
  expect(app.headers()['x-frame-options']).toBe('SAMEORIGIN')
  expect(app.headers()['content-security-policy']).toContain("frame-ancestors 'self'")
  const [script] = /\/try\/user-management\/assets\/[^"]+\.js/.exec(await app.text()) ?? []
  expect(script).toBeTruthy()
  expect((await request.get(script!)).headers()['x-frame-options']).toBe('DENY')
})
