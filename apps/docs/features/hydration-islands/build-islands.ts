/**
 * Bundles the islands' script (`hydrate-islands.tsx`) with Vite into `<export>/_islands/`: one
 * entry, a chunk per island's component, and what their code loads on demand (the reference's
 * Run worker with PGlite and its data folders). Next's own bundler cannot make a script that runs
 * without its runtime, so this is a second, small build over the same sources.
 */
import path from 'node:path'
import { build, type Rollup } from 'vite'

/** Where the export serves the islands' files. */
const ISLANDS_PATH = '/_islands/'

/**
 * `pglite.<hash>.wasm`, as Next names its files: the Run's progress recognises PGlite's files by
 * the name around the hash (features/reference/run/count-downloads.ts).
 */
const ASSET_NAMES = '[name].[hash][extname]'

/** `NEXT_PUBLIC_*` as Next inlines them, so the islands read the same settings. */
function publicEnv(): Record<string, string> {
  const defined: Record<string, string> = { 'process.env.NODE_ENV': JSON.stringify('production') }
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('NEXT_PUBLIC_') && value !== undefined)
      defined[`process.env.${name}`] = JSON.stringify(value)
  }
  return defined
}

/** Builds the islands into `outDir/_islands` and returns the URL path of their entry script. */
export async function buildIslands(siteRoot: string, outDir: string): Promise<string> {
  const output = await build({
    configFile: false,
    root: siteRoot,
    base: ISLANDS_PATH,
    logLevel: 'warn',
    publicDir: false,
    resolve: {
      alias: [
        { find: /^@\//, replacement: `${siteRoot}/` },
        {
          find: /^next\/navigation$/,
          replacement: path.join(siteRoot, 'features/hydration-islands/next-navigation.shim.ts'),
        },
        {
          find: /^next\/dynamic$/,
          replacement: path.join(siteRoot, 'features/hydration-islands/next-dynamic.shim.tsx'),
        },
      ],
    },
    define: publicEnv(),
    oxc: { jsx: { runtime: 'automatic' } },
    // A classic worker, as `new Worker(url)` starts it; its own imports are bundled into it.
    worker: { format: 'iife', rollupOptions: { output: { assetFileNames: ASSET_NAMES } } },
    build: {
      outDir: path.join(outDir, ISLANDS_PATH),
      emptyOutDir: true,
      assetsDir: '.',
      rollupOptions: {
        input: { islands: path.join(siteRoot, 'features/hydration-islands/hydrate-islands.tsx') },
        output: { assetFileNames: ASSET_NAMES },
        onwarn(warning, warn) {
          // 'use client' means nothing outside Next.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
          warn(warning)
        },
      },
    },
  })
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[]
  const entry = outputs
    .flatMap((result) => result.output)
    .find((file): file is Rollup.OutputChunk => file.type === 'chunk' && file.isEntry)
  if (!entry) throw new Error('The islands build wrote no entry script')
  return `${ISLANDS_PATH}${entry.fileName}`
}
