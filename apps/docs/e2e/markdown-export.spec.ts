import { expect, test } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { expectNoSeriousA11yViolations } from './a11y'

test('a guide is published as clean Markdown at its URL plus .md', async ({ request }) => {
  const response = await request.get('/guides/getting-started.md')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/markdown/)
  const markdown = await response.text()
  expect(markdown.startsWith('# Getting started\n\n')).toBe(true)
  // Tabs become labelled sections; admonitions become blockquotes; code keeps its file name.
  expect(markdown).toContain('**Hosted project**')
  expect(markdown).toContain('**Local stack**')
  expect(markdown).toMatch(/^> \*\*Caution:\*\* /m)
  expect(markdown).toContain('```sql title="create_countries.sql"\n')
  expect(markdown).not.toMatch(/<Tabs|<TabPanel|<Admonition|import \w+ from '\.|\{1-4\}/)
})

test('guide code samples lose their hidden preamble', async ({ request }) => {
  const markdown = await (await request.get('/guides/auth/social-login/github.md')).text()
  expect(markdown).toContain('signInWithOAuth')
  expect(markdown).not.toContain('---cut---')
  expect(markdown).toContain('**Project URL:** `https://<project-ref>.basebox.co`')
})

test('reference sections are published as Markdown generated from the specs', async ({ request }) => {
  const select = await request.get('/reference/javascript/select.md')
  expect(select.status()).toBe(200)
  const fn = await select.text()
  expect(fn).toMatch(/^# .*select\(\)\n/)
  expect(fn).toContain('## Parameters\n\n- `columns` (`string`, optional')
  expect(fn).toContain('```ts\n')

  const diff = await (await request.get('/reference/cli/supabase-db-diff.md')).text()
  expect(diff.startsWith('# supabase db diff\n')).toBe(true)
  expect(diff).toContain('## Usage\n\n```sh\nsupabase db diff [flags]\n```')
  expect(diff).toMatch(/^\| `--linked` \| bool \| `false` \| .+ \|$/m)

  const operation = await (await request.get('/reference/api/v1-create-a-branch.md')).text()
  expect(operation).toContain('`POST /v1/projects/{ref}/branches`')
  expect(operation).toContain('## Responses')
  // Responses every operation shares are named here and described once, on their own page.
  expect(operation).toMatch(/^Also: `401` Unauthorized, .*\(https?:\/\/[^/]+\/reference\/api\.md\)\.$/m)
  expect(operation).not.toContain('### 401')
  const shared = await (await request.get('/reference/api.md')).text()
  expect(shared.startsWith('# Responses every operation can give\n')).toBe(true)
  expect(shared).toContain('## 401 Unauthorized\n')
})

test('llms.txt indexes the Markdown pages and links one complete file per area', async ({ request }) => {
  // Every page of the site is fetched once: several hundred requests.
  test.setTimeout(180_000)
  const response = await request.get('/llms.txt')
  expect(response.status()).toBe(200)
  const index = await response.text()
  expect(index.startsWith('# Basebox Docs\n\n> ')).toBe(true)
  const areaFiles = ['guides', 'cli', 'javascript', 'api'].map((key) => `/llms/${key}.txt`)
  for (const file of areaFiles) expect(index).toContain(`${file})`)
  expect(index).toContain('/guides/auth/captcha.md)')
  expect(index).toContain('/reference/cli/supabase-db-diff.md): ')

  const links = [...index.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map(
    (match) => new URL(match[1] ?? '').pathname,
  )
  const pages = links.filter((link) => link.endsWith('.md'))
  expect(pages.length).toBeGreaterThan(300)
  for (let start = 0; start < links.length; start += 8) {
    await Promise.all(
      links.slice(start, start + 8).map(async (link) => {
        const linked = await request.get(link)
        expect(linked.status(), link).toBe(200)
        if (link.endsWith('.md')) expect((await linked.text()).startsWith('# '), link).toBe(true)
      }),
    )
  }

  const cli = await (await request.get('/llms/cli.txt')).text()
  expect(cli).toContain('# supabase db diff\n')
  expect(cli).toMatch(/Source: https?:\/\/[^/]+\/reference\/cli\/supabase-db-diff\n/)
  const guides = await (await request.get('/llms/guides.txt')).text()
  expect(guides).toContain('# Captcha protection\n')
  const javascript = await (await request.get('/llms/javascript.txt')).text()
  expect(javascript).toMatch(/Source: https?:\/\/[^/]+\/reference\/javascript\/select\n/)
  const api = await (await request.get('/llms/api.txt')).text()
  expect(api).toContain('`POST /v1/projects/{ref}/branches`')
})

test('Copy as Markdown copies the page Markdown, then says Copied', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/guides/auth/captcha')
  await islandsReady(page)
  const button = page.getByRole('button', { name: 'Copy as Markdown' })
  await button.click()
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(await (await request.get('/guides/auth/captcha.md')).text())
  await expect(page.getByRole('button', { name: 'Copy as Markdown' })).toBeVisible({ timeout: 4000 })
  await expectNoSeriousA11yViolations(page)
})

test('Copy as Markdown says why when the Markdown cannot be fetched', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.route('**/guides/auth/captcha.md', (route) => route.fulfill({ status: 500, body: 'down' }))
  await page.goto('/guides/auth/captcha')
  await islandsReady(page)
  await page.getByRole('button', { name: 'Copy as Markdown' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Could not copy' })).toHaveText(
    'Could not copy the Markdown: the Markdown version answered 500.',
  )
  await expect(page.getByRole('button', { name: 'Copy as Markdown' })).toBeEnabled()
})

test('View as Markdown opens the Markdown version', async ({ page }) => {
  await page.goto('/guides/getting-started')
  await islandsReady(page)
  const link = page.getByRole('link', { name: 'View as Markdown' })
  await expect(link).toHaveAttribute('href', '/guides/getting-started.md')
  const response = await page.request.get((await link.getAttribute('href')) ?? '')
  expect(await response.text()).toContain('# Getting started')
})
