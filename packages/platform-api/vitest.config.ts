import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The store's tests run on PGlite and on a PostgreSQL server (see test/postgres-setup.ts).
    globalSetup: ['./test/postgres-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
