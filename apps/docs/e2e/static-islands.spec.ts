import { expect, test, type Page } from '@playwright/test'

/**
 * The reference pages (the long ones and the crawler page of each section) send their static
 * parts once, in the HTML (features/static-islands), and nothing sends them again: no inline
 * script, no island's props.
 */

/** What a page carries besides its markup: its inline scripts and its islands' props. */
function carried(html: string): string {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1])
  const props = [...html.matchAll(/data-island-props="([^"]*)"/g)].map((match) => match[1])
  return [...scripts, ...props].join('')
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
  test(`${path}: the sections are in the HTML once, not in a script or props, and stay after hydration`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text()
    expect(html).toContain(`>${heading}</a>`)
    expect(carried(html), 'scripts and props').not.toContain(heading)
    expect(carried(html).length, 'scripts and props').toBeLessThan(html.length / 10)
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
