import type { NextConfig } from 'next'

// Every page is prerendered into `out/`; the site deploys as static files to any CDN.
const nextConfig: NextConfig = {
  output: 'export',
  reactStrictMode: true,
  images: { unoptimized: true },
  transpilePackages: ['@docs/sql-to-rest'],
  // The site ships no source maps; keep the export lean.
  productionBrowserSourceMaps: false,
  // `npm test` type-checks every workspace with tsc before it builds; checking again here
  // would only double the build time.
  typescript: { ignoreBuildErrors: true },
}

export default nextConfig
