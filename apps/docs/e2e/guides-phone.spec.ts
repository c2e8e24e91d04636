/**
 * Guides on a 390 px phone: the "On this page" panel and the Contents bar that stays in reach,
 * targets a finger can hit, headings that wrap without stray fragments, and the table of contents
 * marking the section being read (on the phone and in the desktop column).
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { islandsReady } from './islands-ready'
import { expectNoSeriousA11yViolations } from './a11y'

const PHONE = { width: 390, height: 844 }
/** Eleven sections, runnable examples (Run and Copy in their bars). */
const GUIDE = '/guides/api/filtering'
/** Sections and subsections. */
const NESTED_GUIDE = '/guides/database/indexes'

const onThisPageButton = (page: Page) => page.locator('details.page-toc-menu > summary')
const contentsButton = (page: Page) => page.locator('details.mobile-menu > summary')
const onThisPage = (page: Page) => page.getByRole('navigation', { name: 'On this page' })

/** The ids of the guide's section headings (h2 and h3 with a self link), in page order. */
const headingIds = (page: Page) =>
  page.locator('article.doc-content :is(h2, h3)[id]:has(> a[href^="#"])').evaluateAll((headings) => headings.map((h) => h.id))

/** The ids the links of a list point at, in order. */
const linkTargets = (list: Locator) =>
  list.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!.slice(1)))

/** Scrolls so that the heading's top sits `top` pixels below the top of the window. */
const putHeadingAt = (page: Page, id: string, top: number) =>
  page.evaluate(
    ({ id, top }) => {
      const heading = document.getElementById(id)!
      window.scrollBy({ top: heading.getBoundingClientRect().top - top, behavior: 'instant' })
    },
    { id, top },
  )

test.describe('a guide on a phone', () => {
  test.use({ viewport: PHONE })

  test('"On this page" lists the headings from a bar that stays under the header', async ({ page }) => {
    await page.goto(NESTED_GUIDE)
    await islandsReady(page)
    const ids = await headingIds(page)
    expect(ids.length).toBeGreaterThan(5)
    const button = onThisPageButton(page)
    await expect(button).toHaveText('On this page')
    await expect(onThisPage(page)).toBeHidden()

    // Far down the page the bar is still there, right under the header.
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight * 0.6, behavior: 'instant' }),
    )
    await expect(button).toBeInViewport({ ratio: 1 })
    await expect(contentsButton(page)).toBeInViewport({ ratio: 1 })
    const headerBottom = (await page.locator('body > header').boundingBox())!
    const bar = (await page.locator('.contents-bar').boundingBox())!
    expect(Math.abs(bar.y - (headerBottom.y + headerBottom.height))).toBeLessThanOrEqual(1)

    await button.click()
    const list = onThisPage(page)
    await expect(list).toBeVisible()
    expect(await linkTargets(list)).toEqual(ids)
    // The panel lies over the text, inside the window, without widening the page.
    await expect(list.getByRole('link').first()).toBeInViewport()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await expectNoSeriousA11yViolations(page)
  })

  test('Escape closes either panel and gives focus back to the button that opened it', async ({ page }) => {
    await page.goto(GUIDE)
    await islandsReady(page)
    const list = onThisPage(page)
    await onThisPageButton(page).click()
    await list.getByRole('link').nth(2).focus()
    await page.keyboard.press('Escape')
    await expect(list).toBeHidden()
    await expect(onThisPageButton(page)).toBeFocused()

    // The same from the keyboard alone, for the Contents panel.
    const sidebar = page.getByRole('navigation', { name: 'Guides' })
    await contentsButton(page).focus()
    await page.keyboard.press('Enter')
    await expect(sidebar).toBeVisible()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Escape')
    await expect(sidebar).toBeHidden()
    await expect(contentsButton(page)).toBeFocused()

    // One panel at a time.
    await contentsButton(page).click()
    await onThisPageButton(page).click()
    await expect(list).toBeVisible()
    await expect(sidebar).toBeHidden()
  })

  test('a jump from the list closes it, shows the heading below the bar and marks it', async ({ page }) => {
    await page.goto(GUIDE)
    await islandsReady(page)
    const ids = await headingIds(page)
    const target = ids[4]!
    await onThisPageButton(page).click()
    await onThisPage(page).locator(`a[href="#${target}"]`).click()
    await expect(onThisPage(page)).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`#${target}$`))
    const heading = page.locator(`[id="${target}"]`)
    await expect
      .poll(async () => {
        const bar = (await page.locator('.contents-bar').boundingBox())!
        const top = (await heading.boundingBox())!.y
        return top >= bar.y + bar.height && top < bar.y + bar.height + 40
      })
      .toBe(true)
    await onThisPageButton(page).click()
    await expect(onThisPage(page).locator('a[aria-current="location"]')).toHaveAttribute('href', `#${target}`)
    await expect(onThisPage(page).locator('a[aria-current]')).toHaveCount(1)
  })

  test('the list marks the section being read as the reader scrolls', async ({ page }) => {
    await page.goto(GUIDE)
    await islandsReady(page)
    const ids = await headingIds(page)
    const marked = page.locator('details.page-toc-menu a[aria-current="location"]')
    await expect(marked).toHaveAttribute('href', `#${ids[0]}`)
    // Just below the bar (56 px header + the bar): that heading is the one being read.
    await putHeadingAt(page, ids[3]!, 112)
    await expect(marked).toHaveAttribute('href', `#${ids[3]}`)
    // The next heading halfway down the window is not yet.
    await putHeadingAt(page, ids[4]!, 420)
    await expect(marked).toHaveAttribute('href', `#${ids[3]}`)
  })

  test('controls are at least 24 px by 24 px', async ({ page }) => {
    await page.goto(GUIDE)
    await islandsReady(page)
    await onThisPageButton(page).click()
    const controls: [string, Locator][] = [
      ['heading self link', page.locator('article :is(h2, h3)[id] > a[href^="#"]')],
      ['heading copy-link button', page.getByRole('button', { name: 'Copy link to this section' })],
      ['code Copy button', page.locator('figure.code-block').getByRole('button', { name: /^Copy/ })],
      ['code Run button', page.locator('figure.code-block').getByRole('button', { name: /^Run/ })],
      ['theme button', page.getByRole('group', { name: 'Colour theme' }).getByRole('button')],
      ['Contents and On this page buttons', page.locator('.contents-bar > details > summary')],
      ['site menu button', page.locator('details.site-menu > summary')],
      ['search button', page.locator('header').getByRole('button', { name: /search/i })],
      ['On this page link', onThisPage(page).getByRole('link')],
      ['breadcrumb link', page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')],
      ['View as Markdown', page.getByRole('link', { name: 'View as Markdown' })],
      ['Edit this page', page.getByRole('link', { name: 'Edit this page on GitHub' })],
      ['footer link', page.getByRole('navigation', { name: 'Footer' }).getByRole('link')],
    ]
    const small: string[] = []
    for (const [name, locator] of controls) {
      const boxes = await locator.evaluateAll((elements) =>
        elements
          .filter((element) => element.checkVisibility())
          .map((element) => {
            // A link across two lines is two boxes: each line of it is a target.
            const lines = [...element.getClientRects()]
            return {
              text: element.textContent?.trim().slice(0, 40) || element.getAttribute('aria-label'),
              width: element.getBoundingClientRect().width,
              height: Math.min(...lines.map((line) => line.height)),
            }
          }),
      )
      expect(boxes.length, `${name}: some on the page`).toBeGreaterThan(0)
      for (const box of boxes) {
        if (box.width < 24 || box.height < 24)
          small.push(`${name} "${box.text}": ${box.width.toFixed(1)} x ${box.height.toFixed(1)}`)
      }
    }
    expect(small).toEqual([])
  })

  test('headings leave no short fragment alone on a line', async ({ page }) => {
    const stray: string[] = []
    for (const href of [
      '/guides/ai/semantic-search',
      '/guides/database/row-level-security',
      '/guides/auth/social-login/twitter',
      '/guides/realtime/broadcast-from-database',
      '/guides/functions/streaming-responses',
      GUIDE,
    ]) {
      await page.goto(href)
      await islandsReady(page)
      const lines = await page.locator('article.doc-content :is(h1, h2, h3)').evaluateAll((headings) =>
        headings.map((heading) => {
          // The heading's characters grouped by the line they are set on.
          const rows = new Map<number, string>()
          const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT)
          const range = document.createRange()
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? ''
            for (let i = 0; i < text.length; i++) {
              range.setStart(node, i)
              range.setEnd(node, i + 1)
              const box = range.getBoundingClientRect()
              if (box.width === 0) continue
              const row = [...rows.keys()].find((top) => Math.abs(top - box.top) < box.height / 2) ?? box.top
              rows.set(row, (rows.get(row) ?? '') + text[i])
            }
          }
          return [...rows.values()].map((row) => row.trim())
        }),
      )
      for (const heading of lines) {
        if (heading.length < 2) continue
        for (const line of heading) {
          // A line of its own holds a word or more: not `)`, `()` or a two-letter tail.
          if (line.replace(/\W/g, '').length < 3) stray.push(`${href}: "${heading.join(' / ')}"`)
        }
      }
    }
    expect(stray).toEqual([])
  })
})

test('at 1440 px the guide keeps its columns and the column list marks the section being read', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(GUIDE)
  await islandsReady(page)
  await expect(page.locator('.contents-bar > details').first()).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Guides' })).toBeVisible()
  const column = onThisPage(page)
  await expect(column).toHaveCount(1)
  await expect(column).toBeVisible()
  const ids = await headingIds(page)
  const marked = column.locator('a[aria-current="location"]')
  await putHeadingAt(page, ids[5]!, 90)
  await expect(marked).toHaveAttribute('href', `#${ids[5]}`)
  await expect(marked).toHaveCount(1)
  // The phone's list, hidden here, follows along too.
  await expect(page.locator('details.page-toc-menu a[aria-current="location"]')).toHaveAttribute(
    'href',
    `#${ids[5]}`,
  )
})
