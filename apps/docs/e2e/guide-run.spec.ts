import { expect, test, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { expectNoSeriousA11yViolations } from './a11y'
import { barButtons, MATCHING_RESULT_PARTS, resultParts } from './run-result'
import { FIRST_RUN_MS, recordRequests, RUN_SPEC_TIMEOUT_MS } from './run-timing'

test.describe.configure({ timeout: RUN_SPEC_TIMEOUT_MS })

async function openGuide(page: Page, url: string) {
  await page.goto(url)
  // Each control hydrates by itself: a Run pressed before its island has started does nothing.
  await islandsReady(page)
}

test('Run on a REST API guide loads the engine only when pressed and shows the matching result', async ({
  page,
}) => {
  const requests = recordRequests(page)
  const workers: string[] = []
  page.on('worker', (worker) => workers.push(worker.url()))
  await openGuide(page, '/guides/api/filtering')
  const origin = new URL(page.url()).origin

  // Nothing of PGlite, the engine, the client or the examples at page load.
  expect(workers).toEqual([])
  expect(requests.filter((url) => /pglite|pgdata|\.wasm/.test(url))).toEqual([])

  const run = page.getByRole('button', { name: 'Run example: One filter' })
  const block = page.locator('figure.code-block', { has: run })
  // Copy, then Run, at the end of the bar, as in the reference.
  expect(await barButtons(block)).toEqual(['Copy code', 'Run example: One filter'])
  // PGlite's file bundle is held back, so the loading state lasts long enough to see.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/_islands\/pglite\.[\w-]+\.data$/, async (route) => {
    await released
    await route.continue()
  })
  await run.focus()
  await page.keyboard.press('Enter')
  const result = block.locator('+ .ref-run-result')
  // The first Run says what it loads and how far it is, in megabytes of a known total.
  await expect(result.locator('.ref-run-verdict')).toHaveText(
    /^Loading the in-browser database… \d+\.\d of \d+\.\d MB$/,
    { timeout: FIRST_RUN_MS },
  )
  const progress = result.getByRole('progressbar', { name: 'Loading the in-browser database' })
  await expect(progress).toBeVisible()
  await expect(block.locator('[data-guide-run-status]')).toHaveText('Loading the in-browser database')
  release()
  await expect(result.locator('.ref-run-verdict')).toHaveText('Matches the documented response', {
    timeout: FIRST_RUN_MS,
  })
  await expect(progress).toHaveCount(0)
  expect(await resultParts(result)).toEqual(MATCHING_RESULT_PARTS)
  await expect(result).toHaveAttribute('data-verdict', 'match')
  await expect(run).not.toHaveAttribute('aria-busy', 'true')
  // The live region beside the button reads the verdict out.
  await expect(block.locator('[data-guide-run-status]')).toHaveText('Matches the documented response')
  const returned = result.locator('figure', { hasText: 'Returned by supabase-js' }).locator('pre')
  await expect(returned).toContainText('"title": "Small Gods"')
  await expect(returned).toContainText('"statusText": "OK"')
  await expect(returned).not.toContainText('Kindred')

  expect(workers).toHaveLength(1)
  expect(requests.some((url) => /platform\.pgdata\.tar\.[\w-]+\.gz$/.test(url))).toBe(true)
  expect(requests.some((url) => /pglite\.[\w-]+\.wasm$/.test(url))).toBe(true)
  // Nothing left the page: every request went to the site itself.
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([])

  // A second run starts from a fresh database and answers the same.
  await result.evaluate((panel) => panel.replaceChildren())
  await run.click()
  await expect(result.locator('.ref-run-verdict')).toHaveText('Matches the documented response', {
    timeout: 30_000,
  })
  await expect(returned).toContainText('"title": "Small Gods"')
  await expect(page.locator('.ref-run-result')).toHaveCount(1)

  // An example whose documented response is an error says so, without the look of a success.
  const single = page.locator('[data-guide-run="api/filtering#12"]')
  await single.click()
  const errorResult = page.locator('figure.code-block', { has: single }).locator('+ .ref-run-result')
  await expect(errorResult.locator('.ref-run-verdict')).toHaveText('Returns the documented error', {
    timeout: 30_000,
  })
  await expect(errorResult).toHaveAttribute('data-verdict', 'documented-error')
  await expect(errorResult.locator('pre')).toContainText('"code": "PGRST116"')

  await expectNoSeriousA11yViolations(page)
})

test('a failed download says what failed, and Run tries again', async ({ page }) => {
  await openGuide(page, '/guides/api/filtering')
  const dataFolder = /\/_islands\/platform\.pgdata\.tar\.[\w-]+\.gz$/
  await page.route(dataFolder, (route) => route.abort('connectionrefused'))
  const run = page.getByRole('button', { name: 'Run example: One filter' })
  const result = page.locator('figure.code-block', { has: run }).locator('+ .ref-run-result')
  await run.click()
  await expect(result.locator('.ref-run-verdict')).toHaveText(
    /^The in-browser database did not load \(.+\)\. Press Run to try again\.$/,
    { timeout: FIRST_RUN_MS },
  )
  await expect(result).toHaveAttribute('data-verdict', 'failed')
  await expect(run).not.toHaveAttribute('aria-busy', 'true')

  await page.unroute(dataFolder)
  await run.click()
  await expect(result.locator('.ref-run-verdict')).toHaveText('Matches the documented response', {
    timeout: FIRST_RUN_MS,
  })
  await expect(page.locator('.ref-run-result')).toHaveCount(1)
})

test('a database guide example runs at 390 px without widening the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openGuide(page, '/guides/database')
  const run = page.getByRole('button', { name: 'Run example: list-products.ts' })
  await run.click()
  const result = page.locator('figure.code-block', { has: run }).locator('+ .ref-run-result')
  await expect(result.locator('.ref-run-verdict')).toHaveText('Matches the documented response', {
    timeout: FIRST_RUN_MS,
  })
  await expect(result).toContainText('Printed: [{"id":1,"name":"Espresso cup","price":12.5}')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('blocks that are not runnable have no Run button', async ({ page }) => {
  await openGuide(page, '/guides/api/typescript')
  // The page's type definitions and client setup do not run; its twins of curl requests do.
  await expect(page.getByRole('button', { name: /^Run example/ })).toHaveCount(3)
  await openGuide(page, '/guides/database/functions')
  await expect(page.getByRole('button', { name: /^Run example/ })).toHaveCount(0)
})

test('auth and storage guide blocks run on the platform in the page', async ({ page }) => {
  const requests = recordRequests(page)
  // Signed in as the example user first (the block's `signed-in` meta): getUser asks the auth engine.
  await openGuide(page, '/guides/getting-started/upgrade-supabase-js-v1-to-v2')
  const origin = new URL(page.url()).origin
  const signedIn = page.locator('[data-guide-run="getting-started/upgrade-supabase-js-v1-to-v2#1"]')
  await signedIn.click()
  const authResult = page.locator('figure.code-block', { has: signedIn }).locator('+ .ref-run-result')
  await expect(authResult.locator('.ref-run-verdict')).toHaveText(
    'Returned without an error (the page shows no response to compare)',
    { timeout: FIRST_RUN_MS },
  )
  await expect(authResult.locator('pre')).toContainText('"email": "reader@example.com"')

  // A signed-in upload into the user's own folder, let in by the page's storage policies.
  await openGuide(page, '/guides/storage/access-control')
  const upload = page.getByRole('button', { name: 'Run example: upload-own-file.ts' })
  await upload.click()
  const storageResult = page.locator('figure.code-block', { has: upload }).locator('+ .ref-run-result')
  await expect(storageResult.locator('.ref-run-verdict')).toHaveText(
    'Returned without an error (the page shows no response to compare)',
    { timeout: FIRST_RUN_MS },
  )
  await expect(storageResult.locator('pre')).toContainText(
    '"fullPath": "user-files/5b5c1f5e-8f3a-4c59-9d4e-3f1c2a7b9e01/contract.pdf"',
  )
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([])
})
