/**
 * No page scrolls sideways on a phone: every page of the export (of the crawler pages, one a library),
 * read from the export folder, is loaded at 390 px and measured. The sweep measures the layout the export serves, without
 * JavaScript (about three times faster, and what paints first); the pages whose content is built
 * in the browser are measured again with it. One browser context per shard (its cache keeps the
 * style sheets) and a few tabs in parallel keep the sweep short. No request is intercepted:
 * routing turns the browser's cache off, and without JavaScript a page fetches only its style
 * sheets and the images in view (the site has no web fonts).
 */
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { exportDirName } from '../lib/export-dir'
import { exportHtmlFiles } from '../lib/export-files'
import { API_ORIGIN, SITE_ORIGIN } from './servers'

const PHONE = { width: 390, height: 844 }
/** Tests that split the pages between Playwright's workers; tabs that load pages in each. */
const SHARDS = 4
const TABS_PER_SHARD = 3
/** Generous per page: a long reference page takes several seconds to lay out on a loaded machine. */
const MS_PER_PAGE = 6_000

const exportDir = path.resolve(import.meta.dirname, '..', exportDirName())

/** The URL path that serves an exported file: `guides/auth.html` -> `/guides/auth`. */
function pagePathOf(relativeFile: string): string {
  const withoutExtension = relativeFile
    .split(path.sep)
    .join('/')
    .replace(/\.html$/, '')
  return `/${withoutExtension.replace(/(^|\/)index$/, '')}`
}

/**
 * Of the crawler pages (one reference section each, in one template per library), the first of
 * each library: that measures the template, and each section's content is measured whole on its
 * library's long page, which the export serves with every section in its HTML.
 */
function exportedPages(): string[] {
  const all = exportHtmlFiles(exportDir)
    .map((file) => pagePathOf(path.relative(exportDir, file)))
    .sort()
  const libraries = new Set<string>()
  return all.filter((url) => {
    if (!url.includes('/crawlers/')) return true
    const library = url.slice(0, url.indexOf('/crawlers/'))
    if (libraries.has(library)) return false
    libraries.add(library)
    return true
  })
}

interface Overflow {
  url: string
  scrollWidth: number
  /** The element reaching furthest right that no scrolling or clipping box contains. */
  widest: string
}

/** The page's width and, when too wide, the element that makes it so. */
function measureWidth(page: Page) {
  return page.evaluate(() => {
    const viewport = window.innerWidth
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth <= viewport) return { scrollWidth, widest: '' }
    const contained = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true
      }
      return false
    }
    const describe = (element: Element) => {
      const classes = [...element.classList]
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('')
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)
      return `<${element.localName}${element.id ? `#${element.id}` : ''}${classes}> "${text}"`
    }
    let widest: { right: number; element: Element } | undefined
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.right <= viewport + 0.5 || contained(element)) continue
      // `>=`: of equally wide elements, the innermost (the later one) is the one to fix.
      if (!widest || box.right >= widest.right) widest = { right: box.right, element }
    }
    return {
      scrollWidth,
      widest: widest ? `${describe(widest.element)} reaches ${Math.round(widest.right)} px` : '?',
    }
  })
}

function report(overflows: Overflow[]): string {
  return overflows
    .map(({ url, scrollWidth, widest }) => `${url}: ${scrollWidth} px wide; widest: ${widest}`)
    .join('\n')
}

test.describe('every page fits a 390 px phone', () => {
  const pages = exportedPages()

  test('the export has pages to measure', () => {
    // A guide, a long reference page and a crawler page at least.
    expect(pages).toContain('/guides/storage/downloads')
    expect(pages).toContain('/reference/javascript')
    expect(pages.some((url) => url.includes('/crawlers/'))).toBe(true)
  })

  for (let shard = 0; shard < SHARDS; shard += 1) {
    // Every SHARDS-th page, so each shard has its share of the long reference pages.
    const urls = pages.filter((_, index) => index % SHARDS === shard)
    test(`pages ${shard + 1} of ${SHARDS} (${urls.length}) do not scroll sideways`, async ({ browser }) => {
      test.setTimeout(60_000 + (urls.length * MS_PER_PAGE) / TABS_PER_SHARD)
      const context = await browser.newContext({
        viewport: PHONE,
        baseURL: SITE_ORIGIN,
        javaScriptEnabled: false,
      })
      const queue = [...urls]
      const overflows: Overflow[] = []
      await Promise.all(
        Array.from({ length: TABS_PER_SHARD }, async () => {
          const page = await context.newPage()
          for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
            await page.goto(url, { waitUntil: 'load' })
            const { scrollWidth, widest } = await measureWidth(page)
            if (scrollWidth > PHONE.width) overflows.push({ url, scrollWidth, widest })
          }
        }),
      )
      await context.close()
      expect(overflows, `pages wider than ${PHONE.width} px:\n${report(overflows)}`).toEqual([])
    })
  }
})

/** Pages whose content the browser builds: the SQL tool, the project-settings widget, search. */
const CLIENT_BUILT_PAGES = ['/', '/guides/api/sql-to-rest', '/guides/auth/social-login/google']

test('pages built in the browser fit a 390 px phone once built', async ({ page }) => {
  await page.setViewportSize(PHONE)
  const overflows: Overflow[] = []
  for (const url of CLIENT_BUILT_PAGES) {
    await page.goto(url, { waitUntil: 'networkidle' })
    if (url === '/guides/api/sql-to-rest') {
      await expect(page.locator('section.sql-to-rest')).toHaveAttribute('data-ready', 'true', {
        timeout: 20_000,
      })
    }
    const { scrollWidth, widest } = await measureWidth(page)
    if (scrollWidth > PHONE.width) overflows.push({ url, scrollWidth, widest })
  }
  expect(overflows, `pages wider than ${PHONE.width} px:\n${report(overflows)}`).toEqual([])
})

test('the local sign-in page fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto(`${API_ORIGIN}/auth/sign-in?return_to=${encodeURIComponent(`${SITE_ORIGIN}/guides`)}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sign in')
  const { scrollWidth, widest } = await measureWidth(page)
  expect(scrollWidth, widest).toBeLessThanOrEqual(PHONE.width)
})
