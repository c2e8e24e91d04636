import { chromium } from 'playwright'
const base = 'http://localhost:4390'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
const reqs = []
page.on('request', (r) => reqs.push(r.resourceType() + ' ' + new URL(r.url()).pathname))
await page.goto(base + '/guides/getting-started', { waitUntil: 'networkidle' })
const before = reqs.length
await page.getByRole('button', { name: 'Search' }).click()
await page.waitForTimeout(2000)
console.log(reqs.slice(before).join('\n'))
console.log('---- sql tool')
reqs.length = 0
await page.goto(base + '/guides/api/sql-to-rest', { waitUntil: 'networkidle' })
await page.mouse.move(300, 400); await page.mouse.move(400, 500)
await page.waitForTimeout(4000)
console.log(reqs.filter((r) => /islands|pglite|wasm/.test(r)).join('\n'))
await browser.close()
