import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          // The migration on embedded Postgres: plain Node, no DOM.
          test: { name: 'database', include: ['supabase/**/*.test.ts'], environment: 'node' },
        },
        {
          extends: true,
          test: {
            name: 'components',
            include: ['src/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            setupFiles: ['./test/setup.ts'],
            // The app reads these through import.meta.env; the fake network answers this host.
            env: {
              VITE_SUPABASE_URL: 'https://project-ref.example.test',
              VITE_SUPABASE_ANON_KEY: 'anon-key-for-tests',
            },
          },
        },
      ],
    },
  }),
)
