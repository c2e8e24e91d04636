import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { compileRewrites, parseRedirectsFile } from '../features/hosting'
import { exportDirName } from '../lib/export-dir'

// A long reference page holds thousands of nodes: every step costs more on a busy machine.
test.describe.configure({ timeout: 60_000 })

declare global {
  interface Window {
    /** Where the jump's target heading is, read at the start of each frame after the click. */
    jumpTops: number[]
    deepLink: {
      shifts: { value: number; sources: string[] }[]
      /** The layout's visibility and the heading's box, read at the start of each frame. */
      frames: { visible: boolean; top: number | null; bottom: number | null }[]
    }
  }
}

/** Good CLS is below 0.1; a section URL has no reason to move at all while the page loads. */
const LIMIT = 0.05

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]

/**
 * A section URL of each reference, and the id of the section it names; and the last section of a
 * page, which cannot scroll to the top and whose neighbours all load their examples at once.
 */
const DEEP_LINKS = [
  ['/reference/cli/supabase-db-push', 'supabase-db-push'],
  ['/reference/javascript/select', 'select'],
  ['/reference/javascript/v1/auth-sign-in', 'auth-sign-in'],
  ['/reference/api/v1-create-a-project', 'v1-create-a-project'],
  ['/reference/cli/supabase-help', 'supabase-help'],
] as const

/**
 * A fresh context (empty cache, as on a first visit) whose page records every layout shift and,
 * from the very first frame, whether the layout is shown and where the section's heading is.
 */
async function recordingPage(browser: Browser, viewport: { width: number; height: number }, slug: string) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await page.addInitScript((id) => {
    window.deepLink = { shifts: [], frames: [] }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources: { node?: Node | null }[]
      })[]) {
        if (entry.hadRecentInput) continue
        window.deepLink.shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) =>
            source.node instanceof Element
              ? `${source.node.tagName.toLowerCase()}#${source.node.id}.${source.node.className}`.slice(0, 60)
              : (source.node?.textContent?.trim().slice(0, 40) ?? '?'),
          ),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
    const sample = () => {
      const layout = document.querySelector('.ref-layout')
      const heading = document.querySelector(`[id="${id}"] .ref-heading`)
      const box = heading?.getBoundingClientRect()
      window.deepLink.frames.push({
        visible: layout !== null && getComputedStyle(layout).visibility === 'visible',
        top: box ? box.top : null,
        bottom: box ? box.bottom : null,
      })
      if (window.deepLink.frames.length < 600) requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  }, slug)
  return page
}

for (const viewport of VIEWPORTS) {
  for (const [url, slug] of DEEP_LINKS) {
    test(`${url} paints at its section and does not move while it loads at ${viewport.width}x${viewport.height}`, async ({
      browser,
    }) => {
      const page = await recordingPage(browser, viewport, slug)
      await page.goto(url, { waitUntil: 'load' })
      // Until the page script has started and the parts near the section have loaded.
      await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
      await page.waitForLoadState('networkidle')
      const { shifts, frames } = await page.evaluate(() => window.deepLink)

      const total = shifts.reduce((sum, shift) => sum + shift.value, 0)
      expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(LIMIT)

      // The first frame that shows the layout shows the section, its heading below the sticky
      // bars and inside the window: the top of the long page never paints first.
      const first = frames.find((frame) => frame.visible)
      expect(first, 'a frame with the layout shown').toBeDefined()
      expect(first!.top, 'heading top in the first shown frame').not.toBeNull()
      expect(first!.top!).toBeGreaterThanOrEqual(0)
      expect(first!.bottom!).toBeLessThanOrEqual(viewport.height)
      expect(first!.top!).toBeLessThan(200)

      // And it is still where it first appeared once the page has settled.
      const last = await page.evaluate(
        (id) => document.querySelector(`[id="${id}"] .ref-heading`)!.getBoundingClientRect().top,
        slug,
      )
      expect(Math.abs(last - first!.top!), `heading moved from ${first!.top} to ${last}`).toBeLessThan(2)
      await page.context().close()
    })
  }
}

for (const viewport of VIEWPORTS) {
  test(`a jump from the menu lands on its section and stays there while the parts above load at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await page.goto('/reference/javascript', { waitUntil: 'load' })
    await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
    // A section two thirds down the page: everything between the top and it is still unloaded.
    const links = page.locator('[data-ref-menu] a[data-slug]')
    const link = links.nth(Math.floor(((await links.count()) * 2) / 3))
    const slug = (await link.getAttribute('data-slug'))!
    if (viewport.width < 1024) await page.getByRole('button', { name: 'Contents' }).click()
    const FRAMES = 240
    await page.evaluate(
      ({ id, frames }) => {
        window.jumpTops = []
        const sample = () => {
          const heading = document.querySelector(`[id="${id}"] .ref-heading`)
          window.jumpTops.push(heading ? heading.getBoundingClientRect().top : Number.NaN)
          if (window.jumpTops.length < frames) requestAnimationFrame(sample)
        }
        requestAnimationFrame(sample)
      },
      { id: slug, frames: FRAMES },
    )
    await link.click()
    await page.waitForFunction((frames) => window.jumpTops.length >= frames, FRAMES, { timeout: 30_000 })
    const tops = await page.evaluate(() => window.jumpTops)

    // Landed: the first frame from which the heading, near the top of the window, stops moving
    // (a smooth scroll moves it every frame until then).
    const landed = tops.findIndex(
      (top, index) =>
        top >= 0 &&
        top < 200 &&
        index + 2 < tops.length &&
        Math.abs(top - tops[index + 1]!) < 0.5 &&
        Math.abs(top - tops[index + 2]!) < 0.5,
    )
    expect(
      landed,
      `${slug} never came to rest near the top: ${tops.map(Math.round).join(' ')}`,
    ).toBeGreaterThan(-1)
    // From then on it stays put, whatever loads above it.
    const drift = Math.max(...tops.slice(landed).map((top) => Math.abs(top - tops[landed]!)))
    expect(
      drift,
      `${slug} moved after landing: ${tops.slice(landed).map(Math.round).join(' ')}`,
    ).toBeLessThan(2)
    await context.close()
  })
}

for (const viewport of VIEWPORTS) {
  test(`a v1 section URL says it is v1 in its first screen, and the version switch goes to the same section in v2 at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await page.goto('/reference/javascript/v1/auth-sign-in')
    await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
    await expect(page.locator('[id="auth-sign-in"] .ref-heading')).toBeInViewport()
    // Where the reader landed, far below the page's own banner: the version and the way out.
    await expect(page.locator('.ref-banner')).not.toBeInViewport()
    const versions = page.getByRole('navigation', { name: 'Library version' })
    await expect(page.locator('.ref-older')).toHaveText('Older version')
    await expect(page.locator('.ref-older')).toBeInViewport()
    await expect(versions.locator('a[aria-current="page"]')).toHaveText('v1')
    const v2 = versions.getByRole('link', { name: 'v2' })
    await expect(v2).toBeInViewport()
    // v2 renamed the function: the switch follows it.
    await expect(v2).toHaveAttribute('href', '/reference/javascript/auth-sign-in-with-password')

    await v2.click()
    await expect(page).toHaveURL('/reference/javascript/auth-sign-in-with-password')
    await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
    const heading = page.locator('[id="auth-sign-in-with-password"] .ref-heading')
    await expect(heading).toBeInViewport()
    expect((await heading.boundingBox())!.y).toBeLessThan(200)
    await expect(versions.locator('a[aria-current="page"]')).toHaveText('v2')
    await expect(page.locator('.ref-older')).toHaveCount(0)
    // And back: v2's section leads to the v1 function it replaced.
    await expect(versions.getByRole('link', { name: 'v1' })).toHaveAttribute(
      'href',
      '/reference/javascript/v1/auth-sign-in',
    )
    await context.close()
  })
}

test('a section the other version lacks: the switch says so, opens that version’s top, and the top says why', async ({
  browser,
}) => {
  const page = await recordingPage(browser, { width: 390, height: 844 }, 'upgrade-to-v2')
  await page.goto('/reference/javascript/v1/upgrade-to-v2')
  await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
  const v2 = page.getByRole('navigation', { name: 'Library version' }).getByRole('link', { name: 'v2' })
  await expect(v2).toHaveAttribute('href', '/reference/javascript?from=v1')
  await expect(v2).toHaveAttribute('title', 'Not in v2: opens the top of v2')

  await page.evaluate(() => (window.deepLink.shifts = []))
  await v2.click()
  const note = page.locator('.ref-switched')
  await expect(note).toBeVisible()
  await expect(note).toHaveText(
    'The section you were reading is not in v2, so this is the top of the v2 reference.',
  )
  await expect(note).toBeInViewport()
  // The address the reader copies is the page's own, and the note was there from the first paint.
  await expect(page).toHaveURL('/reference/javascript')
  await page.waitForTimeout(500)
  const { shifts } = await page.evaluate(() => window.deepLink)
  expect(
    shifts.reduce((sum, shift) => sum + shift.value, 0),
    JSON.stringify(shifts),
  ).toBeLessThan(0.001)
  // Without the switch, no note.
  await page.goto('/reference/javascript')
  await expect(note).toBeHidden()
  await page.context().close()
})

test('scrolling up from a deep link, sections above taking their real height do not move the view', async ({
  browser,
}) => {
  const page = await recordingPage(browser, { width: 390, height: 844 }, 'select')
  await page.goto('/reference/javascript/select', { waitUntil: 'load' })
  await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
  // Up one screen at a time, as a reader would: the sections above come near the view, take
  // their real height and load their examples, all above the reader, who must see none of it.
  for (let step = 0; step < 6; step++) {
    const before = await page.evaluate(() => {
      const sections = Array.from(document.querySelectorAll<HTMLElement>('.ref-article > [data-ref-section]'))
      // The reader's anchor for this step: the first section whose top is in the window.
      const anchor = sections.find((section) => {
        const top = section.getBoundingClientRect().top
        return top >= 0 && top < window.innerHeight
      })
      return anchor ? { id: anchor.id, top: anchor.getBoundingClientRect().top, y: window.scrollY } : null
    })
    await page.evaluate(() => window.scrollBy({ top: -700, behavior: 'instant' }))
    // Long enough for the sections that came near to lay out and their examples to load.
    await page.waitForTimeout(400)
    if (!before) continue
    const after = await page.evaluate(
      (id) => ({ top: document.getElementById(id)!.getBoundingClientRect().top, y: window.scrollY }),
      before.id,
    )
    // Where the reader scrolled 700 px (less at the very top), the section moved by as much.
    const scrolled = before.y - Math.max(0, before.y - 700)
    const moved = after.top - before.top
    expect(
      Math.abs(moved - scrolled),
      `${before.id} moved ${moved} px for a ${scrolled} px scroll`,
    ).toBeLessThan(2)
  }
  const { shifts } = await page.evaluate(() => window.deepLink)
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0)
  expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(LIMIT)
  await page.context().close()
})

test('while a deep link’s examples load, what follows waits hidden, and shows once the reader scrolls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  // The examples come slowly.
  await page.route('**/reference/javascript/crawlers/select', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4_000))
    await route.continue()
  })
  await page.goto('/reference/javascript/select')
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-ref-landing'))
  await expect(page.locator('html')).toHaveAttribute('data-ref-holding', '')
  const next = page.locator('[id="insert"]')
  await page.mouse.wheel(0, 300)
  await expect(page.locator('html')).not.toHaveAttribute('data-ref-holding')
  await expect(next).toHaveCSS('visibility', 'visible')
  await expect(next.locator('.ref-heading')).toBeInViewport()
})

test('an unknown section slug answers 404 with the 404 page, from the server and in the host rules', async ({
  page,
}) => {
  const response = await page.goto('/reference/javascript/not-a-method')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page')
  await expect(page.getByTestId('not-found-suggestions').getByRole('link').first()).toHaveAttribute(
    'href',
    '/reference/javascript',
  )
  for (const known of ['/reference/javascript/select', '/reference/cli/supabase-db-push']) {
    expect((await page.request.get(known)).status(), known).toBe(200)
  }
  for (const unknown of ['/reference/cli/supabase-db-pushh', '/reference/api/v1-no-such-operation']) {
    expect((await page.request.get(unknown)).status(), unknown).toBe(404)
  }

  // The host rules the build wrote rewrite each known section, and nothing else.
  const file = path.join(import.meta.dirname, '..', exportDirName(), '_redirects')
  const text = readFileSync(file, 'utf8')
  expect(text).not.toMatch(/:slug|\*/)
  const rewrite = compileRewrites(parseRedirectsFile(text, file))
  expect(rewrite('/reference/javascript/select')).toBe('/reference/javascript.html')
  expect(rewrite('/reference/javascript/v1/select')).toBe('/reference/javascript/v1.html')
  expect(rewrite('/reference/api/v1-create-a-project')).toBe('/reference/api.html')
  expect(rewrite('/reference/javascript/not-a-method')).toBeNull()
})

/** The current menu item's box against the menu's box and the window. */
function currentItemPlace(page: Page) {
  return page.evaluate(() => {
    const menu = document.querySelector<HTMLElement>('[data-ref-menu]')!
    const item = menu.querySelector<HTMLElement>('a[aria-current]')
    if (!item) return null
    const box = menu.getBoundingClientRect()
    const link = item.getBoundingClientRect()
    return {
      slug: item.dataset.slug,
      top: link.top,
      bottom: link.bottom,
      visibleTop: Math.max(box.top, 0),
      visibleBottom: Math.min(box.bottom, window.innerHeight),
    }
  })
}

/** The last section of a page's menu: the item furthest down its list. */
async function lastMenuSlug(page: Page, library: string): Promise<string> {
  await page.goto(library)
  return page.locator('[data-ref-menu] a[data-slug]').last().getAttribute('data-slug') as Promise<string>
}

test('the Contents panel opens with the current section in view, never cut at its bottom edge', async ({
  page,
}) => {
  // Six loads of the long CLI and API pages: on a busy machine that alone nears the usual limit.
  test.slow()
  await page.setViewportSize({ width: 390, height: 844 })
  for (const library of ['/reference/cli', '/reference/api']) {
    for (const slug of ['supabase-migration-repair', await lastMenuSlug(page, library)]) {
      if (library === '/reference/api' && slug === 'supabase-migration-repair') continue
      await page.goto(`${library}/${slug}`)
      await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
      await page.getByRole('button', { name: 'Contents' }).click()
      await expect(page.locator('[data-ref-menu]')).toBeVisible()
      const place = await currentItemPlace(page)
      const where = `${library}/${slug}: ${JSON.stringify(place)}`
      expect(place?.slug, where).toBe(slug)
      expect(place!.top, where).toBeGreaterThanOrEqual(place!.visibleTop)
      expect(place!.bottom, where).toBeLessThanOrEqual(place!.visibleBottom)
      await page.keyboard.press('Escape')
    }
  }
})

test('on a wide screen a deep link shows its menu item whole, from the first frame it shows', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  const slug = await lastMenuSlug(page, '/reference/cli')
  for (const url of ['/reference/cli/supabase-migration-repair', `/reference/cli/${slug}`]) {
    await page.goto(url, { waitUntil: 'domcontentloaded' })
    // Before the page script: the landing script placed the item.
    const early = await currentItemPlace(page)
    await page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })
    const late = await currentItemPlace(page)
    for (const [when, place] of [
      ['before the page script', early],
      ['once it runs', late],
    ] as const) {
      const where = `${url} ${when}: ${JSON.stringify(place)}`
      expect(place?.slug, where).toBe(url.split('/').pop())
      expect(place!.top, where).toBeGreaterThanOrEqual(place!.visibleTop)
      expect(place!.bottom, where).toBeLessThanOrEqual(place!.visibleBottom)
    }
  }
  await context.close()
})
