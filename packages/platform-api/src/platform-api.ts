import { TokenService } from './auth/tokens'
import { createApp } from './app'
import type { ServerConfig } from './config'
import { loadDefaultSeed } from './seed/default-seed'
import { buildProjectApiSettings } from './seed/project-api'
import type { Seed } from './seed/schema'

/** Wires the seed, the token service and the routes together from a server config. */
export async function createPlatformApi(
  config: Pick<ServerConfig, 'allowedOrigins' | 'jwtSecret' | 'tokenTtlSeconds' | 'testControls'>,
  seed: Seed = loadDefaultSeed(),
) {
  const tokens = new TokenService({ secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds })
  const app = createApp({
    seed,
    projectApiSettings: await buildProjectApiSettings(seed),
    tokens,
    allowedOrigins: config.allowedOrigins,
    testControls: config.testControls,
  })
  return { app, tokens }
}
