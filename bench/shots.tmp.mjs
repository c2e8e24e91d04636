import { chromium } from 'playwright'
const base = 'http://localhost:4390'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const pages = process.argv.slice(2)
for (const path of pages) {
  for (const [w, h] of [[1440, 900], [390, 844]]) {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport: { width: w, height: h } })
      await context.addInitScript((t) => localStorage.setItem('docs.theme', t), theme)
      const page = await context.newPage()
      await page.goto(base + path, { waitUntil: 'networkidle' })
      await page.waitForTimeout(800)
      const sw = await page.evaluate(() => document.documentElement.scrollWidth)
      const name = `/tmp/shots/${path.replace(/\W+/g, '_') || 'home'}-${w}-${theme}.png`
      await page.screenshot({ path: name })
      console.log(name, 'scrollWidth', sw)
      await context.close()
    }
  }
}
await browser.close()
