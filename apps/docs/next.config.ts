import { availableParallelism } from 'node:os'
import type { NextConfig } from 'next'
import { DEFAULT_EXPORT_DIR, exportDirName } from './lib/export-dir'

// Every page is prerendered into `out/`; the site deploys as static files to any CDN.
const exportDir = exportDirName()
const nextConfig: NextConfig = {
  output: 'export',
  // With a static export, a custom distDir names the export folder (build files stay in .next).
  ...(exportDir === DEFAULT_EXPORT_DIR ? {} : { distDir: exportDir }),
  reactStrictMode: true,
  images: { unoptimized: true },
  transpilePackages: ['@docs/postgrest-request', '@docs/sql-to-rest', '@docs/site-search'],
  // The site ships no source maps; keep the export lean.
  productionBrowserSourceMaps: false,
  // `npm test` type-checks every workspace with tsc before it builds; checking again here
  // would only double the build time.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Turbopack keeps its work in .next for the next build (a compile of 4 s instead of 11). A CI
    // run builds a fresh clone once, so writing that cache would only cost it time.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // Next renders the pages in (cores - 1) workers by default: one on a two-core machine, which
    // left a core idle through most of the build. Every core renders pages; the build's own
    // process waits meanwhile. `DOCS_BUILD_WORKERS` sets the number (1 for the old behaviour).
    cpus: buildWorkers(),
  },
}

function buildWorkers(): number {
  const requested = Number(process.env.DOCS_BUILD_WORKERS)
  return Number.isInteger(requested) && requested > 0 ? requested : availableParallelism()
}

export default nextConfig
