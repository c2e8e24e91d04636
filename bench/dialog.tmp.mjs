import { chromium } from 'playwright'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (const [w, h, theme] of [[390, 844, 'dark'], [1440, 900, 'light']]) {
  const context = await browser.newContext({ viewport: { width: w, height: h } })
  await context.addInitScript((t) => localStorage.setItem('docs.theme', t), theme)
  const page = await context.newPage()
  await page.goto('http://localhost:4390/guides/auth/phone-login?showSmsProvider=twilio', { waitUntil: 'networkidle' })
  await page.locator('html[data-islands-ready]').waitFor({ state: 'attached' })
  await page.waitForTimeout(500)
  await page.screenshot({ path: `/tmp/shots/sms-dialog-${w}-${theme}.png` })
  await context.close()
}
await browser.close()
