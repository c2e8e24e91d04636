import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMIT, readServerConfig } from './config'

describe('readServerConfig', () => {
  it('defaults to port 3001, the local docs origins and no test controls', () => {
    const result = readServerConfig({})
    if (!result.ok) throw new Error(result.errors.join())
    expect(result.config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      tokenTtlSeconds: 3600,
      testControls: false,
      jwtSecretIsEphemeral: true,
      rateLimit: DEFAULT_RATE_LIMIT,
    })
    expect(result.config.database).toEqual({
      dataDir: expect.stringMatching(/platform-api\/\.data\/platform$/),
    })
    expect(result.config.jwtSecret).toHaveLength(32)
  })

  it('reads every variable', () => {
    const result = readServerConfig({
      PORT: '4000',
      PLATFORM_API_HOST: '0.0.0.0',
      PLATFORM_API_ALLOWED_ORIGINS: 'https://docs.example.com, http://localhost:3000/',
      PLATFORM_API_JWT_SECRET: 's'.repeat(40),
      PLATFORM_API_TOKEN_TTL_SECONDS: '120',
      PLATFORM_API_TEST_CONTROLS: '1',
    })
    if (!result.ok) throw new Error(result.errors.join())
    expect(result.config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      allowedOrigins: ['https://docs.example.com', 'http://localhost:3000'],
      tokenTtlSeconds: 120,
      testControls: true,
      jwtSecretIsEphemeral: false,
    })
  })

  it('reports every bad value at once', () => {
    const result = readServerConfig({
      PORT: 'eighty',
      PLATFORM_API_ALLOWED_ORIGINS: 'https://docs.example.com/path,notaurl',
      PLATFORM_API_JWT_SECRET: 'short',
      PLATFORM_API_TOKEN_TTL_SECONDS: '5',
      PLATFORM_API_TEST_CONTROLS: 'yes',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toHaveLength(6)
    expect(result.errors.join('\n')).toMatch(/PORT.*"eighty"/)
    expect(result.errors.join('\n')).toContain('"https://docs.example.com/path" is not an origin')
    expect(result.errors.join('\n')).toContain('"notaurl" is not an origin')
    expect(result.errors.join('\n')).toContain('PLATFORM_API_JWT_SECRET')
    expect(result.errors.join('\n')).toContain('PLATFORM_API_TOKEN_TTL_SECONDS')
    expect(result.errors.join('\n')).toContain('PLATFORM_API_TEST_CONTROLS')
  })

  it('stores data in an embedded folder unless a database URL is set', () => {
    const embedded = readServerConfig({ PLATFORM_API_DATA_DIR: 'var/platform' })
    expect(embedded.ok && embedded.config.database).toEqual({ dataDir: path.resolve('var/platform') })
    const server = readServerConfig({ DATABASE_URL: 'postgres://docs@db.internal/docs' })
    expect(server.ok && server.config.database).toEqual({ databaseUrl: 'postgres://docs@db.internal/docs' })
    const preferred = readServerConfig({
      PLATFORM_API_DATABASE_URL: 'postgresql://api@db/api',
      DATABASE_URL: 'postgres://other@db/other',
    })
    expect(preferred.ok && preferred.config.database).toEqual({ databaseUrl: 'postgresql://api@db/api' })
    const wrong = readServerConfig({ PLATFORM_API_DATABASE_URL: 'mysql://db/docs' })
    expect(!wrong.ok && wrong.errors.join()).toContain('postgres://')
  })

  it('reads the rate limit, a whole number of requests a minute', () => {
    const result = readServerConfig({ PLATFORM_API_RATE_LIMIT: '5' })
    expect(result.ok && result.config.rateLimit).toBe(5)
    expect(readServerConfig({ PLATFORM_API_RATE_LIMIT: '0' }).ok).toBe(false)
  })

  it('keeps test controls off for 0 and false', () => {
    for (const flag of ['0', 'false', '']) {
      const result = readServerConfig({ PLATFORM_API_TEST_CONTROLS: flag })
      expect(result.ok && result.config.testControls).toBe(false)
    }
  })
})
