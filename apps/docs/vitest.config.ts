import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'out/**', 'out-test/**', '.next/**', 'e2e/**'],
    environment: 'node',
  },
})
