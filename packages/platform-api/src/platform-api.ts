import { DatabaseRevocationList } from './auth/revocations'
import { TokenService } from './auth/tokens'
import { createApp } from './app'
import type { ServerConfig } from './config'
import { createFeedbackRoutes, FeedbackStore } from './feedback'
import { loadDefaultSeed } from './seed/default-seed'
import { buildProjectApiSettings } from './seed/project-api'
import type { Seed } from './seed/schema'
import type { Database } from './store/database'
import { readStoreId } from './store/store-identity'

/** Wires the seed, the token service, the routes and `/feedback` together over an open database. */
export async function createPlatformApi(
  config: Pick<
    ServerConfig,
    'allowedOrigins' | 'jwtSecret' | 'tokenTtlSeconds' | 'testControls' | 'rateLimit'
  >,
  database: Database,
  seed: Seed = loadDefaultSeed(),
) {
  const tokens = new TokenService({
    secret: config.jwtSecret,
    ttlSeconds: config.tokenTtlSeconds,
    revocations: new DatabaseRevocationList(database),
    // Tokens hold only where their sign-out is recorded: on this database.
    storeId: await readStoreId(database),
  })
  const app = createApp({
    seed,
    projectApiSettings: await buildProjectApiSettings(seed),
    tokens,
    allowedOrigins: config.allowedOrigins,
    rateLimit: config.rateLimit,
    testControls: config.testControls,
  })
  app.route(
    '/feedback',
    createFeedbackRoutes({
      store: new FeedbackStore(database),
      allowedOrigins: config.allowedOrigins,
      rateLimit: config.rateLimit,
      listEntries: config.testControls,
    }),
  )
  return { app, tokens }
}
