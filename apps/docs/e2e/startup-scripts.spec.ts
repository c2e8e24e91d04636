import { expect, test } from '@playwright/test'
import { COMPILE_HINT } from '../features/compile-hints'

/**
 * The islands' entry script, which every page runs while it starts, carries V8's compile hint as
 * its first line (see features/compile-hints), and the page still starts: the search button gets
 * its listener.
 */
for (const path of ['/', '/guides/getting-started', '/reference/javascript']) {
  test(`${path}: its startup script asks to be compiled as it streams in`, async ({ page }) => {
    const scripts = new Map<string, Promise<string>>()
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (response.request().resourceType() === 'script' && /^\/_islands\/islands-/.test(url.pathname))
        scripts.set(url.pathname, response.text())
    })
    await page.goto(path)
    await page.locator('button[aria-haspopup="dialog"][data-listening="true"]').first().waitFor()
    expect(scripts.size, 'startup scripts').toBe(1)
    for (const [script, text] of scripts)
      expect((await text).startsWith(COMPILE_HINT), `${script} starts with the hint`).toBe(true)
  })
}
