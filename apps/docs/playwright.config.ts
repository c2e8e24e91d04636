import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices, type ReporterDescription } from '@playwright/test'
import { API_PORT, SITE_ORIGIN, SITE_PORT } from './e2e/servers'

const repoRoot = path.resolve(import.meta.dirname, '..', '..')
const hasPlatformApi = existsSync(path.join(repoRoot, 'packages', 'platform-api', 'package.json'))

/** Debian's Chromium, never a downloaded browser; flags keep it off the closed network. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
}

// `npm test` asks for a JSON report too, and reads the test counts from it.
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
const reporter: ReporterDescription[] = [
  ['list'],
  ...(jsonReport ? [['json', { outputFile: jsonReport }] as const] : []),
]

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // `npm test` asks for one retry (PLAYWRIGHT_RETRIES) and names every test that needed it.
  retries: Number(process.env.PLAYWRIGHT_RETRIES ?? (process.env.CI ? 1 : 0)),
  forbidOnly: !!process.env.CI,
  reporter,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: SITE_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
  webServer: [
    {
      command: `node --import tsx server/serve.ts`,
      env: { PORT: String(SITE_PORT), HOST: '127.0.0.1' },
      url: `http://127.0.0.1:${SITE_PORT}/`,
      reuseExistingServer: false,
      // Generous: on a busy machine starting Node with tsx alone can take tens of seconds.
      timeout: 120_000,
    },
    ...(hasPlatformApi
      ? [
          {
            command: 'npm run start -w packages/platform-api',
            cwd: repoRoot,
            env: {
              PORT: String(API_PORT),
              PLATFORM_API_TEST_CONTROLS: '1',
              // The site under test, wherever it listens: CORS and sign-in `return_to` accept it.
              PLATFORM_API_ALLOWED_ORIGINS: `${SITE_ORIGIN},http://127.0.0.1:${SITE_PORT}`,
              // Test data goes to a throwaway folder, never the developer's own data.
              PLATFORM_API_DATA_DIR: path.join(os.tmpdir(), `docs-e2e-platform-${process.pid}`),
              PLATFORM_API_DATABASE_URL: '',
              DATABASE_URL: '',
              // Every request of the run comes from one client: this browser.
              PLATFORM_API_RATE_LIMIT: '100000',
            },
            url: `http://127.0.0.1:${API_PORT}/platform/organizations`,
            reuseExistingServer: false,
            timeout: 120_000,
          },
        ]
      : []),
  ],
})
