import { afterAll, describe, expect, it } from 'vitest'
import { readServerConfig } from './config'
import { createPlatformApi } from './platform-api'
import { openDatabase, type DatabaseLocation } from './store/database'
import { testBackends, timeoutForOpening } from './store/test-databases'

const SECRET = 's'.repeat(40)
const ORIGIN = 'http://localhost:3000'

function config() {
  const result = readServerConfig({ PLATFORM_API_JWT_SECRET: SECRET, PLATFORM_API_ALLOWED_ORIGINS: ORIGIN })
  if (!result.ok) throw new Error(result.errors.join())
  return result.config
}

/** One server process over the database at `location`: its app, and a way to stop it. */
async function startServer(location: DatabaseLocation) {
  const database = await openDatabase(location)
  const { app, tokens } = await createPlatformApi(config(), database)
  const get = (token: string) =>
    app.request('/platform/organizations', { headers: { authorization: `Bearer ${token}` } })
  return { app, tokens, get, stop: () => database.close() }
}

describe.each(testBackends())('the platform API on $name', (backend) => {
  afterAll(() => backend.cleanUp())

  it.skipIf(backend.skip)(
    'a signed-out token stays refused after a restart with the same secret',
    async () => {
      const location = await backend.newLocation()
      const first = await startServer(location)
      const signedOut = (await first.tokens.issue('user-ada')).token
      const kept = (await first.tokens.issue('user-ada')).token
      const signOut = await first.app.request('/auth/sign-out', {
        method: 'POST',
        headers: { authorization: `Bearer ${signedOut}` },
      })
      expect(signOut.status).toBe(204)
      await first.stop()

      const second = await startServer(location)
      const refused = await second.get(signedOut)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ message: 'Token was signed out' })
      expect((await second.get(kept)).status).toBe(200)
      await second.stop()
    },
    timeoutForOpening(2),
  )

  // PGlite is one process by design; a PostgreSQL server is shared.
  it.skipIf(backend.skip || backend.name === 'PGlite')(
    'a sign-out on one server holds on another sharing the data',
    async () => {
      const location = await backend.newLocation()
      const [one, two] = await Promise.all([startServer(location), startServer(location)])
      const token = (await one.tokens.issue('user-noor')).token
      expect((await two.get(token)).status).toBe(200)
      await one.app.request('/auth/sign-out', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
      expect((await two.get(token)).status).toBe(401)
      await Promise.all([one.stop(), two.stop()])
    },
    timeoutForOpening(2),
  )

  it.skipIf(backend.skip)(
    'stores feedback through /feedback',
    async () => {
      const server = await startServer(await backend.newLocation())
      const response = await server.app.request('/feedback', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ page: '/guides/stored', helpful: true }),
      })
      expect(response.status).toBe(201)
      await server.stop()
    },
    timeoutForOpening(1),
  )
})

describe('one secret, two databases', () => {
  const [pglite, postgres] = testBackends()
  afterAll(async () => {
    await pglite!.cleanUp()
    await postgres!.cleanUp()
  })

  for (const [other, backend] of [
    ['another PGlite folder', pglite!],
    ['a PostgreSQL server', postgres!],
  ] as const) {
    it.skipIf(backend.skip)(
      `a token signed out over PGlite stays refused by a server on ${other}`,
      async () => {
        const first = await startServer(await pglite!.newLocation())
        const second = await startServer(await backend.newLocation())
        try {
          const signedOut = (await first.tokens.issue('user-ada')).token
          const kept = (await first.tokens.issue('user-ada')).token
          const signOut = await first.app.request('/auth/sign-out', {
            method: 'POST',
            headers: { authorization: `Bearer ${signedOut}` },
          })
          expect(signOut.status).toBe(204)
          expect((await first.get(signedOut)).status).toBe(401)

          // The other database has no record of the sign-out: its server takes no token of the first.
          for (const token of [signedOut, kept]) {
            const refused = await second.get(token)
            expect(refused.status).toBe(401)
            expect(await refused.json()).toEqual({
              message: 'Token was issued over other data: sign in again',
            })
          }
          expect((await first.get(kept)).status).toBe(200)
          const own = (await second.tokens.issue('user-ada')).token
          expect((await second.get(own)).status).toBe(200)
          expect((await first.get(own)).status).toBe(401)
        } finally {
          await Promise.all([first.stop(), second.stop()])
        }
      },
      timeoutForOpening(2),
    )
  }
})
