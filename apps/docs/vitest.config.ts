import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'out/**', 'out-test/**', '.next/**', 'e2e/**'],
    environment: 'node',
    // Several tests start PGlite, the TypeScript compiler or Shiki; on a shared two-core machine
    // the 5 s default is too tight for them.
    testTimeout: 30_000,
  },
})
