import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { expect, test, type Page, type Response } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { expectNoSeriousA11yViolations } from './a11y'
import { API_ORIGIN, SITE_ORIGIN, SITE_PORT } from './servers'

/** The API the Playwright config starts (with test controls, so GET /feedback lists answers). */
const API = API_ORIGIN
const GUIDE = '/guides/auth/captcha'

interface StoredAnswer {
  id: string
  page: string
  helpful: boolean
  comment: string | null
}

function feedbackSection(page: Page) {
  return page.getByRole('region', { name: 'Was this page helpful?' })
}

async function idOf(response: Response): Promise<string> {
  return ((await response.json()) as { id: string }).id
}

async function storedAnswer(baseUrl: string, id: string): Promise<StoredAnswer | undefined> {
  const response = await fetch(`${baseUrl}/feedback?page=${encodeURIComponent(GUIDE)}&limit=1000`)
  expect(response.status).toBe(200)
  const { entries } = (await response.json()) as { entries: StoredAnswer[] }
  return entries.find((entry) => entry.id === id)
}

test('Yes thanks the reader and stores the answer', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  const section = feedbackSection(page)
  await expect(section.getByRole('button', { name: 'Yes' })).toBeVisible()
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${API}/feedback` && r.request().method() === 'POST'),
    section.getByRole('button', { name: 'Yes' }).click(),
  ])
  expect(response.status()).toBe(201)
  await expect(section.getByRole('status')).toHaveText('Thanks for letting us know.')
  await expect(section.getByRole('textbox')).toHaveCount(0)
  expect(await storedAnswer(API, await idOf(response))).toMatchObject({
    page: GUIDE,
    helpful: true,
    comment: null,
  })
})

test('No offers a text box and stores the comment with the answer', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  const section = feedbackSection(page)
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${API}/feedback` && r.request().method() === 'POST'),
    section.getByRole('button', { name: 'No' }).click(),
  ])
  const id = await idOf(response)
  const box = section.getByRole('textbox', { name: 'What was missing or unclear? (optional)' })
  await expect(box).toBeVisible()
  await expect(section.getByRole('button', { name: 'Send' })).toBeDisabled()
  await box.fill('An example with Turnstile in a server action would help.')
  await expectNoSeriousA11yViolations(page)
  await section.getByRole('button', { name: 'Send' }).click()
  await expect(section.getByText('Your comment was sent. Thank you.')).toBeVisible()
  expect(await storedAnswer(API, id)).toMatchObject({
    helpful: false,
    comment: 'An example with Turnstile in a server action would help.',
  })
})

test('a failing endpoint is reported and the reader keeps their text', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  const section = feedbackSection(page)

  await page.route(`${API}/feedback`, (route) =>
    route.fulfill({ status: 503, json: { message: 'Feedback storage is unavailable right now' } }),
  )
  await section.getByRole('button', { name: 'No' }).click()
  await expect(section.getByRole('alert')).toHaveText(
    'Your answer was not sent: the feedback service answered 503: Feedback storage is unavailable right now. Please try again.',
  )
  await expect(section.getByRole('button', { name: 'No' })).toBeEnabled()

  await page.unroute(`${API}/feedback`)
  await section.getByRole('button', { name: 'No' }).click()
  const box = section.getByRole('textbox')
  await box.fill('The page never says where the secret key goes.')

  await page.route(`${API}/feedback/*`, (route) => route.abort('connectionrefused'))
  await section.getByRole('button', { name: 'Send' }).click()
  await expect(section.getByRole('alert')).toHaveText(
    'Your comment was not sent: the feedback service could not be reached. Your text is kept; try again.',
  )
  await expect(box).toHaveValue('The page never says where the secret key goes.')

  await page.unroute(`${API}/feedback/*`)
  await section.getByRole('button', { name: 'Send' }).click()
  await expect(section.getByText('Your comment was sent. Thank you.')).toBeVisible()
})

test('an answer sent again after its reply was lost is stored once', async ({ page }) => {
  await page.goto(GUIDE)
  await islandsReady(page)
  const section = feedbackSection(page)
  const keys: string[] = []
  let firstId = ''
  // The first post reaches the API and is stored, but its reply never reaches the page.
  await page.route(`${API}/feedback`, async (route) => {
    keys.push((await route.request().headerValue('idempotency-key')) ?? '')
    if (keys.length > 1) return route.continue()
    if (route.request().method() !== 'POST') return route.continue()
    const stored = await route.fetch()
    firstId = ((await stored.json()) as { id: string }).id
    await route.abort('connectionreset')
  })
  await section.getByRole('button', { name: 'Yes' }).click()
  await expect(section.getByRole('alert')).toContainText('Your answer was not sent')

  const [retry] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${API}/feedback` && r.request().method() === 'POST'),
    section.getByRole('button', { name: 'Yes' }).click(),
  ])
  expect(retry.status()).toBe(200)
  expect(await idOf(retry)).toBe(firstId)
  await expect(section.getByRole('status')).toHaveText('Thanks for letting us know.')
  expect(keys).toHaveLength(2)
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/)
  expect(keys[1]).toBe(keys[0])
  expect(await storedAnswer(API, firstId)).toMatchObject({ page: GUIDE, helpful: true })
})

/** A platform API of our own on a free port, storing feedback in `dataDir`. */
async function startPlatformApi(dataDir: string) {
  const packageDir = path.resolve(import.meta.dirname, '..', '..', '..', 'packages', 'platform-api')
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts'],
    {
      cwd: packageDir,
      env: {
        ...process.env,
        PORT: '0',
        PLATFORM_API_DATA_DIR: dataDir,
        PLATFORM_API_DATABASE_URL: '',
        DATABASE_URL: '',
        PLATFORM_API_RATE_LIMIT: '100000',
        PLATFORM_API_TEST_CONTROLS: '1',
        PLATFORM_API_ALLOWED_ORIGINS: `${SITE_ORIGIN},http://127.0.0.1:${SITE_PORT}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = output.match(/listening on (http:\/\/\S+)/)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`platform API exited with ${code}: ${output}`)))
  })
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

test('feedback survives a restart of the platform API', async ({ page }) => {
  // Two server starts, each creating or opening an embedded Postgres: slow on a busy machine.
  test.setTimeout(180_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-feedback-'))
  const dataDir = path.join(dir, 'feedback')
  const first = await startPlatformApi(dataDir)
  let second: Awaited<ReturnType<typeof startPlatformApi>> | undefined
  try {
    // The built page sends to the configured endpoint; forward its requests to this instance.
    await page.route(`${API}/feedback**`, async (route) => {
      const target = route.request().url().replace(API, first.url)
      await route.fulfill({ response: await route.fetch({ url: target }) })
    })
    await page.goto(GUIDE)
    await islandsReady(page)
    const section = feedbackSection(page)
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${API}/feedback` && r.request().method() === 'POST'),
      section.getByRole('button', { name: 'No' }).click(),
    ])
    const id = await idOf(response)
    await section.getByRole('textbox').fill('Kept across restarts?')
    await section.getByRole('button', { name: 'Send' }).click()
    await expect(section.getByText('Your comment was sent. Thank you.')).toBeVisible()
    expect(await storedAnswer(first.url, id)).toMatchObject({ comment: 'Kept across restarts?' })

    await first.stop()
    second = await startPlatformApi(dataDir)
    expect(await storedAnswer(second.url, id)).toMatchObject({
      page: GUIDE,
      helpful: false,
      comment: 'Kept across restarts?',
    })
  } finally {
    await first.stop()
    await second?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})
