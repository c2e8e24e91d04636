import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Locator } from '@playwright/test'
import { parse } from 'yaml'
import { expectNoSeriousA11yViolations, onlyReferenceSection } from './a11y'

// A long reference page holds thousands of nodes: every step costs more on a busy machine.
test.describe.configure({ timeout: 60_000 })

const JS = '/reference/javascript'
const JS_V1 = '/reference/javascript/v1'
const UPGRADE_GUIDE = '/guides/getting-started/upgrade-supabase-js-v1-to-v2'

interface SpecFile {
  functions: { id: string; examples?: { name: string }[] }[]
}

/** Example names of a v2 function, straight from the spec the page is built from. */
function exampleNames(functionId: string): string[] {
  const file = path.join(import.meta.dirname, '..', 'content', 'reference', 'javascript', 'v2', 'spec.yaml')
  const spec = parse(readFileSync(file, 'utf8'), { maxAliasCount: 1000 }) as SpecFile
  const fn = spec.functions.find((candidate) => candidate.id === functionId)
  if (!fn) throw new Error(`spec.yaml has no function ${functionId}`)
  return (fn.examples ?? []).map((example) => example.name)
}

/** The `<details>` block whose summary reads `label`. */
function disclosure(scope: Locator, label: string): Locator {
  return scope.locator('details').filter({ has: scope.page().locator('summary', { hasText: label }) })
}

test('a function section shows its examples as tabs, with data, response and notes collapsed', async ({
  page,
}) => {
  await page.goto(`${JS}/select`)
  const section = page.locator('[id="select"]')
  const tabs = section.locator('[data-ref-tabs] [role="tab"]')
  await expect(tabs).toHaveText(exampleNames('select'))
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true')

  const active = section.locator('[role="tabpanel"][data-state="active"]')
  await expect(active).toHaveCount(1)
  await expect(active).toContainText(`supabase.from('planets').select()`)

  // Data source: closed at first, then the SQL and the table it creates.
  const data = disclosure(active, 'Data source')
  await expect(data).not.toHaveAttribute('open')
  await expect(data.locator('table')).toBeHidden()
  await data.locator('summary').click()
  await expect(data).toHaveAttribute('open', '')
  await expect(data).toContainText('create table planets')
  await expect(data.locator('table caption')).toHaveText('planets')
  await expect(data.locator('tbody tr')).toHaveCount(5)

  // Response: closed at first, then the JSON the call returns.
  const response = disclosure(active, 'Response')
  await expect(response).not.toHaveAttribute('open')
  await expect(response.locator('pre')).toBeHidden()
  await response.locator('summary').click()
  await expect(response.locator('pre')).toBeVisible()
  await expect(response).toContainText('"name": "Neptune"')

  // Another tab brings its own example, with its own data still collapsed.
  const embed = tabs.filter({ hasText: 'Embed a referenced table' })
  await embed.click()
  await expect(embed).toHaveAttribute('aria-selected', 'true')
  await expect(active).toContainText(`select('name, moons(name)')`)
  const embedData = disclosure(active, 'Data source')
  await expect(embedData).not.toHaveAttribute('open')
  await embedData.locator('summary').click()
  await expect(embedData.locator('table caption')).toHaveText(['planets', 'moons'])

  // Notes sit after the examples, collapsed.
  const notes = disclosure(section, 'Notes')
  await expect(notes).not.toHaveAttribute('open')
  await expect(notes.getByText('1,000 rows')).toBeHidden()
  await notes.locator('summary').click()
  await expect(notes.getByText('1,000 rows')).toBeVisible()
})

test('sections added for newer library methods render and are reachable by their URL', async ({ page }) => {
  await page.goto(`${JS}/is-distinct`)
  const section = page.locator('[id="is-distinct"]')
  await expect(section.locator('.ref-heading').first()).toContainText('isDistinct()')
  await expect(page.locator('[data-ref-menu] a[aria-current]')).toHaveAttribute('data-slug', 'is-distinct')
  // One example: shown as it is, without tabs.
  await expect(section.locator('pre').first()).toContainText(
    `.isDistinct('discovered_by', 'William Herschel')`,
  )

  // The invoke section lays out how each reply type becomes `data`.
  const invoke = page.locator('[id="functions-invoke"]')
  await expect(invoke.locator('table')).toContainText('text/event-stream')
  await expect(invoke.locator('table')).toContainText('multipart/form-data')
})

test('parameters show types, required marks and nested options', async ({ page }) => {
  await page.goto(`${JS}/auth-update-user`)
  const section = page.locator('[id="auth-update-user"]')
  const attributes = section
    .locator('.ref-params > li')
    .filter({ has: page.locator('code', { hasText: /^attributes$/ }) })
  await expect(attributes.locator('.ref-type').first()).toHaveText('UserAttributes')
  await expect(attributes.getByText('Required').first()).toBeVisible()

  const properties = disclosure(attributes, 'Properties of attributes')
  await expect(properties).not.toHaveAttribute('open')
  await properties.locator('summary').first().click()
  await expect(properties.locator('code', { hasText: /^password$/ })).toBeVisible()
  await expect(properties.locator('code', { hasText: /^nonce$/ })).toBeVisible()

  // The pitfalls are in the notes.
  const notes = disclosure(section, 'Notes')
  await notes.locator('summary').click()
  await expect(notes).toContainText('same_password')
  await expect(notes).toContainText('weak_password')
})

test('the banner of a renamed v1 function links to its v2 replacement', async ({ page }) => {
  await page.goto(`${JS_V1}/auth-sign-in`)
  await expect(page.locator('.ref-banner [data-ref-version-link]')).toHaveAttribute(
    'href',
    `${JS}/auth-sign-in-with-password`,
  )
  await page.goto(`${JS_V1}/crawlers/auth-sign-in`)
  await expect(page.locator('.ref-banner [data-ref-version-link]')).toHaveAttribute(
    'href',
    `${JS}/auth-sign-in-with-password`,
  )
})

test('a v1 page shows the older-version banner and the way to the upgrade guide', async ({ page }) => {
  await page.goto(`${JS_V1}/select`)
  const banner = page.locator('.ref-banner [data-ref-version-link]')
  await expect(banner).toBeVisible()
  await expect(banner).toHaveAttribute('href', `${JS}/select`)
  await expect(page.locator('.ref-banner')).toContainText('older version')

  // v1's own API is documented on the page.
  await expect(page.locator('[id="auth-sign-in"]')).toContainText('auth.signIn()')
  await expect(page.locator('[id="auth-session"]')).toContainText('auth.session()')
  await expect(page.locator('[id="realtime-on"]')).toContainText('from().on()')

  const guideLink = page.locator('.ref-intro').getByRole('link', { name: 'v1 to v2 upgrade guide' })
  await expect(guideLink).toHaveAttribute('href', UPGRADE_GUIDE)
  await guideLink.click()
  await expect(page).toHaveURL(UPGRADE_GUIDE)
  await expect(page.locator('h1')).toHaveText('Upgrade supabase-js from v1 to v2')
})

test('the upgrade guide is in the sidebar and links into both references', async ({ page }) => {
  await page.goto(UPGRADE_GUIDE)
  await expect(page.locator(`nav a[href="${UPGRADE_GUIDE}"]`).first()).toBeVisible()
  const toV2 = page.locator('main a[href="/reference/javascript/auth-sign-in-with-password"]').first()
  await expect(toV2).toBeVisible()
  await toV2.click()
  await expect(page).toHaveURL(`${JS}/auth-sign-in-with-password`)
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getElementById('auth-sign-in-with-password')?.getBoundingClientRect().top ?? NaN,
      ),
    )
    .toBeLessThan(120)
})

test('the v1 page has no serious accessibility violations', async ({ page }) => {
  await page.goto(`${JS_V1}/auth-sign-in`)
  await expectNoSeriousA11yViolations(page, onlyReferenceSection('auth-sign-in'))
})

test('the upgrade guide has no serious accessibility violations', async ({ page }) => {
  await page.goto(UPGRADE_GUIDE)
  await expectNoSeriousA11yViolations(page)
})
