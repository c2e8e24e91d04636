import { expect, test, type Page } from '@playwright/test'

/**
 * The reference pages (the long ones and the crawler page of each section) send their static
 * parts once, in the HTML, and not again in the route data React reads (features/static-islands).
 */

/** The route data inlined in a page: the strings of its `self.__next_f.push` scripts. */
function routeData(html: string): string {
  return [...html.matchAll(/<script>self\.__next_f\.push\((.*?)\)<\/script>/gs)]
    .map((match) => match[1])
    .join('')
}

const emptyIslands = (page: Page) => page.locator('[data-static-island]:empty').count()
const readyPage = (page: Page) =>
  page.locator('[data-ref-page][data-ref-ready]').waitFor({ state: 'attached', timeout: 20_000 })

for (const [path, heading] of [
  ['/reference/cli', 'supabase db dump'],
  ['/reference/javascript', 'Fetch data: select()'],
  ['/reference/api', 'List all projects'],
  // Crawler pages: the heading of the section, and a link of the "All sections" index.
  ['/reference/cli/crawlers/supabase-db-push', 'supabase db push'],
  ['/reference/javascript/crawlers/select', 'Fetch data: select()'],
  ['/reference/javascript/v1/crawlers/select', 'Fetch data: select()'],
  ['/reference/api/crawlers/v1-list-all-projects', 'Create a project'],
] as const) {
  test(`${path}: the sections are in the HTML once, not in the route data, and stay after hydration`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text()
    expect(html).toContain(`>${heading}</a>`)
    expect(routeData(html), 'the route data').not.toContain(`${heading}</a>`)
    // What remains is the site's frame (header, scripts, footer): a large share of a short page.
    const share = path.includes('/crawlers/') ? 1 / 2 : 1 / 4
    expect(routeData(html).length, 'route data length').toBeLessThan(html.length * share)
    expect(html).not.toMatch(/data-static-island="[^"]*"><\//)

    await page.goto(path)
    await readyPage(page)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.waitForTimeout(500)
    expect(await emptyIslands(page)).toBe(0)
    await expect(page.getByRole('link', { name: heading, exact: true }).first()).toBeAttached()
    // Hydration kept the markup: no reload, no second document.
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })
}
