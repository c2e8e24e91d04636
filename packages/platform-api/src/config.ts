import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DatabaseLocation } from './store/database'

export interface ServerConfig {
  port: number
  host: string
  /** Origins of the docs site: CORS and the sign-in `return_to` check use this list. */
  allowedOrigins: string[]
  jwtSecret: Uint8Array
  /** True when the secret was generated for this process: tokens end with the process. */
  jwtSecretIsEphemeral: boolean
  tokenTtlSeconds: number
  testControls: boolean
  /** A PostgreSQL server's URL, or the folder of the embedded database. */
  database: DatabaseLocation
  /** Sign-in posts and feedback requests per minute per client. */
  rateLimit: number
}

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; errors: string[] }

const DEFAULT_ORIGINS = 'http://localhost:3000,http://127.0.0.1:3000'
export const DEFAULT_DATA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '.data',
  'platform',
)
export const DEFAULT_RATE_LIMIT = 30

function parseInteger(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  errors: string[],
): number {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    errors.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
    return fallback
  }
  return value
}

function parseOrigins(raw: string, errors: string[]): string[] {
  const origins: string[] = []
  for (const entry of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL | undefined
    try {
      url = new URL(entry)
    } catch {
      url = undefined
    }
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.origin !== entry.replace(/\/$/, '')
    ) {
      errors.push(`PLATFORM_API_ALLOWED_ORIGINS: "${entry}" is not an origin like http://localhost:3000`)
      continue
    }
    origins.push(url.origin)
  }
  if (origins.length === 0 && errors.length === 0) {
    errors.push('PLATFORM_API_ALLOWED_ORIGINS must name at least one origin')
  }
  return origins
}

/** Reads the server's settings from environment variables; every problem is reported at once. */
export function readServerConfig(env: Record<string, string | undefined>): ConfigResult {
  const errors: string[] = []
  const port = parseInteger('PORT', env.PORT, 3001, 0, 65_535, errors)
  const tokenTtlSeconds = parseInteger(
    'PLATFORM_API_TOKEN_TTL_SECONDS',
    env.PLATFORM_API_TOKEN_TTL_SECONDS,
    3600,
    60,
    7 * 24 * 3600,
    errors,
  )
  const allowedOrigins = parseOrigins(env.PLATFORM_API_ALLOWED_ORIGINS ?? DEFAULT_ORIGINS, errors)

  const secretText = env.PLATFORM_API_JWT_SECRET
  if (secretText !== undefined && secretText.length < 32) {
    errors.push('PLATFORM_API_JWT_SECRET must be at least 32 characters')
  }
  const jwtSecretIsEphemeral = !secretText
  const jwtSecret = secretText ? new TextEncoder().encode(secretText) : new Uint8Array(randomBytes(32))

  const rateLimit = parseInteger(
    'PLATFORM_API_RATE_LIMIT',
    env.PLATFORM_API_RATE_LIMIT,
    DEFAULT_RATE_LIMIT,
    1,
    1_000_000,
    errors,
  )

  const databaseUrl = (env.PLATFORM_API_DATABASE_URL || env.DATABASE_URL)?.trim()
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    errors.push('PLATFORM_API_DATABASE_URL (or DATABASE_URL) must start with postgres:// or postgresql://')
  }
  const dataDir = env.PLATFORM_API_DATA_DIR?.trim()
  const database: DatabaseLocation = databaseUrl
    ? { databaseUrl }
    : { dataDir: dataDir ? path.resolve(dataDir) : DEFAULT_DATA_DIR }

  const flag = env.PLATFORM_API_TEST_CONTROLS
  const testControls = flag === '1' || flag === 'true'
  if (flag !== undefined && flag !== '' && !['0', '1', 'true', 'false'].includes(flag)) {
    errors.push(`PLATFORM_API_TEST_CONTROLS must be 1, true, 0 or false, got "${flag}"`)
  }

  if (errors.length > 0) return { ok: false, errors }
  return {
    ok: true,
    config: {
      port,
      host: env.PLATFORM_API_HOST || '127.0.0.1',
      allowedOrigins,
      jwtSecret,
      jwtSecretIsEphemeral,
      tokenTtlSeconds,
      testControls,
      database,
      rateLimit,
    },
  }
}
