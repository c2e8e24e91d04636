import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The store's tests run on PGlite and on a PostgreSQL server (see test/postgres-setup.ts);
    // their PGlite folders are copies of one made once (test/pglite-template-setup.ts).
    globalSetup: ['./test/postgres-setup.ts', './test/pglite-template-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
