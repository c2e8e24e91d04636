/**
 * Builds the quickstart's sample app (`examples/user-management`, its files unchanged) for the
 * guide's panel, into `public/try/user-management/`: Vite with the app's own config, served under
 * `TRY_APP_PATH`, made for the local stack's URL and anon key, with `bridge.ts` added as the
 * first script of its page. Skipped when nothing it is made from changed.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { apiKey } from '@docs/auth-engine'
import { build, type Plugin } from 'vite'
import { PROJECT_URL, TRY_APP_PATH } from './index'

const BRIDGE_ENTRY = 'platform-bridge'

/** The app's files and this feature's files that end up in the build. */
function sourcesOf(exampleDir: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return walk(full)
      return /\.test\.tsx?$/.test(entry.name) ? [] : [full]
    })
  return [
    ...walk(path.join(exampleDir, 'src')),
    ...walk(path.join(exampleDir, 'public')),
    ...['index.html', 'vite.config.ts', 'package.json'].map((name) => path.join(exampleDir, name)),
    ...['bridge.ts', 'wire.ts', 'messages.ts', 'build-app.ts', 'index.ts'].map((name) =>
      path.join(import.meta.dirname, name),
    ),
  ].sort()
}

/** Puts the bridge's script before the app's: module scripts run in document order. */
function bridgeFirst(): Plugin {
  return {
    name: 'docs-try-app-bridge',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === BRIDGE_ENTRY,
        )
        if (!chunk) throw new Error('The platform bridge was not built')
        return [
          {
            tag: 'script',
            attrs: { type: 'module', src: `${TRY_APP_PATH}${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ]
      },
    },
  }
}

/** Returns false when the build in `public/` was already up to date. */
export async function buildTryApp(siteRoot: string, repoRoot = path.join(siteRoot, '..', '..')): Promise<boolean> {
  const exampleDir = path.join(repoRoot, 'examples', 'user-management')
  const outDir = path.join(siteRoot, 'public', ...TRY_APP_PATH.split('/').filter(Boolean))
  const keyFile = path.join(siteRoot, '.next', 'cache', 'try-app.key')
  const anonKey = await apiKey('anon')

  const hash = createHash('sha256').update(`${PROJECT_URL}\0${anonKey}\0${TRY_APP_PATH}`)
  for (const file of sourcesOf(exampleDir)) hash.update(`\0${path.relative(repoRoot, file)}\0`).update(readFileSync(file))
  const key = hash.digest('hex')
  if (existsSync(path.join(outDir, 'index.html')) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) {
    return false
  }

  // Variables already in the environment win over the app's .env files, so a developer's
  // .env.local never leaks into the site.
  const saved = { url: process.env.VITE_SUPABASE_URL, key: process.env.VITE_SUPABASE_ANON_KEY }
  process.env.VITE_SUPABASE_URL = PROJECT_URL
  process.env.VITE_SUPABASE_ANON_KEY = anonKey
  try {
    await build({
      root: exampleDir,
      configFile: path.join(exampleDir, 'vite.config.ts'),
      base: TRY_APP_PATH,
      mode: 'production',
      logLevel: 'warn',
      define: { __PROJECT_URL__: JSON.stringify(PROJECT_URL) },
      plugins: [bridgeFirst()],
      build: {
        outDir,
        emptyOutDir: true,
        rollupOptions: {
          input: {
            index: path.join(exampleDir, 'index.html'),
            [BRIDGE_ENTRY]: path.join(import.meta.dirname, 'bridge.ts'),
          },
        },
      },
    })
  } finally {
    for (const [name, value] of [
      ['VITE_SUPABASE_URL', saved.url],
      ['VITE_SUPABASE_ANON_KEY', saved.key],
    ] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
  mkdirSync(path.dirname(keyFile), { recursive: true })
  writeFileSync(keyFile, key)
  return true
}
