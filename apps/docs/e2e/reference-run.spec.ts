import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations, onlyReferenceSection } from './a11y'
import { barButtons, MATCHING_RESULT_PARTS, resultParts } from './run-result'
import { FIRST_RUN_MS, recordRequests, RUN_SPEC_TIMEOUT_MS } from './run-timing'

test.describe.configure({ timeout: RUN_SPEC_TIMEOUT_MS })

async function openReference(page: Page, url: string) {
  await page.goto(url)
  await expect(page.locator('[data-ref-page]')).toHaveAttribute('data-ref-ready', '')
}

/** The panel of the example shown in a section: the active tab, or the section's only example. */
function activeExample(page: Page, sectionId: string): Locator {
  const section = page.locator(`[id="${sectionId}"]`)
  return section.locator('[role="tabpanel"][data-state="active"], .ref-example').first()
}

const verdict = (scope: Locator) => scope.locator('.ref-run-result .ref-run-verdict')

test('Run on /reference/javascript/select loads the engine only when pressed and shows the matching result', async ({
  page,
}) => {
  const requests = recordRequests(page)
  const workers: string[] = []
  page.on('worker', (worker) => workers.push(worker.url()))
  await openReference(page, '/reference/javascript/select')
  const origin = new URL(page.url()).origin

  // Nothing of PGlite, the engine or the client at page load.
  expect(workers).toEqual([])
  expect(requests.filter((url) => /pglite|\.wasm/.test(url))).toEqual([])

  const example = activeExample(page, 'select')
  const run = example.getByRole('button', { name: 'Run example: Get every row' })
  await expect(run).toBeVisible()
  // Copy, then Run, at the end of the bar, as in a guide's code block.
  const block = example.locator('figure[data-ref-run]')
  expect(await barButtons(block)).toEqual([expect.stringMatching(/^Copy /), 'Run example: Get every row'])
  await run.click()
  await expect(verdict(example)).toHaveText('Matches the documented response', { timeout: FIRST_RUN_MS })
  await expect(example.locator('.ref-run-result')).toHaveAttribute('data-verdict', 'match')
  await expect(page.locator('[data-ref-announcer]')).toHaveText('Matches the documented response')
  // The same parts in the same order as a guide's result (guide-run.spec.ts).
  expect(await resultParts(example.locator('.ref-run-result'))).toEqual(MATCHING_RESULT_PARTS)

  // The returned object, next to the documented Response (opened for it).
  const returned = example.locator('.ref-run-result figure[aria-label="Returned by supabase-js"] pre')
  await expect(returned).toContainText('"name": "Neptune"')
  await expect(returned).toContainText('"count": null')
  await expect(returned).toContainText('"statusText": "OK"')
  const response = example
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: 'Response' }) })
  await expect(response).toHaveAttribute('open', '')
  await expect(response.locator('pre')).toContainText('"name": "Neptune"')

  expect(workers).toHaveLength(1)
  expect(requests.some((url) => /\/pglite\.[\w-]+\.wasm$/.test(url))).toBe(true)
  // Nothing left the page: every request went to the site itself, none to a project URL.
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([])

  await expectNoSeriousA11yViolations(page, onlyReferenceSection('select'))
})

test('an example whose documented response is an error reads as that, not as a success', async ({ page }) => {
  await openReference(page, '/reference/javascript/single')
  await page.locator('[id="single"]').getByRole('tab', { name: 'When nothing matches' }).click()
  const example = activeExample(page, 'single')
  await example.getByRole('button', { name: 'Run example: When nothing matches' }).click()
  await expect(verdict(example)).toHaveText('Returns the documented error', { timeout: FIRST_RUN_MS })
  await expect(example.locator('.ref-run-result')).toHaveAttribute('data-verdict', 'documented-error')
  await expect(example.locator('.ref-run-result pre')).toContainText('"code": "PGRST116"')
  await expectNoSeriousA11yViolations(page, onlyReferenceSection('single'))
})

test('a filter example runs from a section URL with the keyboard, twice, from a fresh copy each time', async ({
  page,
}) => {
  const requests = recordRequests(page)
  await openReference(page, '/reference/javascript/gt')
  const origin = new URL(page.url()).origin
  const example = activeExample(page, 'gt')
  const run = example.getByRole('button', { name: 'Run example: Greater than' })
  await run.focus()
  await page.keyboard.press('Enter')
  await expect(verdict(example)).toHaveText('Matches the documented response', { timeout: FIRST_RUN_MS })
  const returned = example.locator('.ref-run-result pre')
  await expect(returned).toContainText('"name": "Jupiter"')
  await expect(returned).not.toContainText('"name": "Mars"')

  // A later run is quick: empty the panel so that the second result is seen to arrive.
  await example.locator('.ref-run-result').evaluate((panel) => panel.replaceChildren())
  await page.keyboard.press('Enter')
  await expect(verdict(example)).toHaveText('Matches the documented response', { timeout: 30_000 })
  await expect(returned).toContainText('"name": "Jupiter"')
  await expect(example.locator('.ref-run-result')).toHaveCount(1)
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([])
})

test('a delete example on a crawler page matches on every run', async ({ page }) => {
  await openReference(page, '/reference/javascript/crawlers/delete')
  const example = activeExample(page, 'delete')
  const run = example.getByRole('button', { name: /^Run example: / })
  for (let round = 0; round < 2; round++) {
    await run.click()
    await expect(run).not.toHaveAttribute('aria-busy', 'true', { timeout: FIRST_RUN_MS })
    await expect(verdict(example)).toHaveText('Matches the documented response')
  }
})

test('examples that cannot run, and other libraries, have no Run button', async ({ page }) => {
  await openReference(page, '/reference/javascript/crawlers/explain')
  await expect(page.locator('[data-ref-run-button]')).toHaveCount(0)
  await openReference(page, '/reference/javascript/v1/crawlers/select')
  await expect(page.locator('[data-ref-run-button]')).toHaveCount(0)
})

test('auth and storage examples run on the platform in the page, each from a fresh project', async ({
  page,
}) => {
  const requests = recordRequests(page)
  await openReference(page, '/reference/javascript/auth-sign-up')
  const origin = new URL(page.url()).origin
  const signUp = activeExample(page, 'auth-sign-up')
  // The project the example runs against is shown beside it.
  await expect(signUp.locator('details summary', { hasText: 'Project setup' })).toBeVisible()
  await signUp.getByRole('button', { name: 'Run example: Sign up with email' }).click()
  await expect(verdict(signUp)).toHaveText('Matches the documented response', { timeout: FIRST_RUN_MS })
  await expect(signUp.locator('.ref-run-result pre').first()).toContainText('"email": "ride@example.com"')

  await openReference(page, '/reference/javascript/storage-from-upload')
  await page.locator('[id="storage-from-upload"]').getByRole('tab', { name: 'Upload generated text' }).click()
  const upload = activeExample(page, 'storage-from-upload')
  const run = upload.getByRole('button', { name: 'Run example: Upload generated text' })
  // Twice: a second upload to the same path would be refused (409) if the project were not made afresh.
  for (let time = 0; time < 2; time++) {
    await run.click()
    await expect(run).not.toHaveAttribute('aria-busy', 'true', { timeout: FIRST_RUN_MS })
    await expect(verdict(upload)).toHaveText('Matches the documented response')
  }
  await expect(upload.locator('.ref-run-result pre').first()).toContainText(
    '"fullPath": "reports/2024/moons.csv"',
  )
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([])
  await expectNoSeriousA11yViolations(page, onlyReferenceSection('storage-from-upload'))
})
