import { chromium } from 'playwright'
const base = process.env.BASE ?? 'http://localhost:4390'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (const path of process.argv.slice(2)) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  const errors = []; const scripts = []
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.type() + ': ' + m.text().slice(0, 300)) })
  page.on('pageerror', (e) => errors.push('pageerror: ' + e.message.slice(0, 300)))
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname) })
  await page.goto(base + path, { waitUntil: 'networkidle' })
  await page.waitForTimeout(1500)
  const islands = await page.evaluate(() => document.querySelectorAll('[data-island]').length)
  console.log(path, 'islands', islands, 'scripts', scripts.length, scripts.filter((s) => s.startsWith('/_next')).length, 'next scripts')
  for (const e of errors) console.log('   ', e)
  await page.close()
}
await browser.close()
