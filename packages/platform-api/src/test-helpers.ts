import { TokenService } from './auth/tokens'
import { createApp, type AppOptions } from './app'
import { loadDefaultSeed } from './seed/default-seed'
import { buildProjectApiSettings } from './seed/project-api'

export const DOCS_ORIGIN = 'http://localhost:3000'

/** An app over the shipped seed with a clock the test controls. */
export async function makeTestApp(overrides: Partial<AppOptions> = {}) {
  const clock = { now: Date.UTC(2026, 0, 1) }
  const tokens = new TokenService({
    secret: new TextEncoder().encode('x'.repeat(32)),
    ttlSeconds: 3600,
    now: () => clock.now,
  })
  const seed = loadDefaultSeed()
  const app = createApp({
    seed,
    projectApiSettings: await buildProjectApiSettings(seed),
    tokens,
    allowedOrigins: [DOCS_ORIGIN],
    rateLimit: 1000,
    ...overrides,
  })
  const signIn = async (userId = 'user-ada') => (await tokens.issue(userId)).token
  const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
    app.request(path, {
      headers: token ? { authorization: `Bearer ${token}`, ...headers } : headers,
    })
  return { app, tokens, clock, seed, signIn, get }
}
