/**
 * The response headers of the export, written as `out/_headers` for a static host and applied by
 * the local static server: security headers on every response, a year of caching for the
 * content-hashed files under `/_next/static`, and each page's own Content-Security-Policy.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { exportHtmlFiles } from '../../lib/export-files'
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy'
import { patternToRegExp, renderHeadersFile, type HeaderRule } from './headers-file'

/** Powerful browser features no page of the site uses, switched off for it and anything it embeds. */
const UNUSED_FEATURES = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'bluetooth',
  'hid',
]

/**
 * Headers for every response. Over https the host also sends Strict-Transport-Security, so a
 * browser that has visited once never again loads the site over plain http; a site served over
 * http (the local server) does not, because a browser ignores it there.
 */
export function siteWideHeaders(siteUrl: string): HeaderRule {
  return {
    path: '/*',
    headers: [
      ['X-Content-Type-Options', 'nosniff'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      // The policies say frame-ancestors 'none'; this also covers responses that are not pages.
      // The pages the site frames itself replace it (`policyRule`).
      ['X-Frame-Options', 'DENY'],
      ['Permissions-Policy', UNUSED_FEATURES.map((feature) => `${feature}=()`).join(', ')],
      // Pages opened from the site (an assistant, a source) get no handle on it; its own popups keep theirs.
      ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
      ...(new URL(siteUrl).protocol === 'https:'
        ? ([['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']] as const)
        : []),
    ],
  }
}

/** Next puts a content hash in every file name under `/_next/static`, so they never change. */
export const IMMUTABLE_ASSETS: HeaderRule = {
  path: '/_next/static/*',
  headers: [['Cache-Control', 'public, max-age=31536000, immutable']],
}

/** The reference pages' islands (features/hydration-islands): every file name has a hash too. */
export const IMMUTABLE_ISLANDS: HeaderRule = {
  path: '/_islands/*',
  headers: IMMUTABLE_ASSETS.headers,
}

/**
 * A worker runs under the policy sent with its own script, not its page's. Pagefind searches in
 * a worker that compiles WebAssembly; the rule covers its folder, where no page lives.
 */
export const SEARCH_WORKER: HeaderRule = {
  path: '/pagefind/*',
  headers: [['Content-Security-Policy', contentSecurityPolicy({ scriptHashes: [], connectOrigins: [] })]],
}

export interface HostHeadersOptions {
  /** Where the site is deployed; an https URL adds Strict-Transport-Security. */
  siteUrl: string
  /** Origins other than the site's own that pages fetch from. */
  connectOrigins: readonly string[]
  /** Host rewrites: a path pattern answered by an exported page (`/reference/cli/:slug`). */
  rewrites: ReadonlyArray<{ source: string; destination: string }>
  /** Pages (clean URLs) that the site's own pages show in a frame; every other page refuses frames. */
  framedPages?: readonly string[]
}

/** `guides/getting-started.html` -> `/guides/getting-started`, `index.html` -> `/`. */
export function pageUrlOf(relativeFile: string): string {
  const withoutExtension = relativeFile
    .split(path.sep)
    .join('/')
    .replace(/\.html$/, '')
  const url = `/${withoutExtension}`.replace(/(^|\/)index$/, '')
  return url === '' ? '/' : url
}

export function hostHeaderRules(outDir: string, options: HostHeadersOptions): HeaderRule[] {
  const hashesByUrl = new Map<string, string[]>()
  for (const file of exportHtmlFiles(outDir)) {
    hashesByUrl.set(pageUrlOf(path.relative(outDir, file)), inlineScriptHashes(readFileSync(file, 'utf8')))
  }
  const framed = new Set(options.framedPages ?? [])
  const policyRule = (url: string, scriptHashes: string[]): HeaderRule => {
    const framedBySite = framed.has(url)
    const { connectOrigins } = options
    const policy = contentSecurityPolicy({ scriptHashes, connectOrigins, framedBySite })
    return framedBySite
      ? {
          path: url,
          // For browsers that read X-Frame-Options only: the same as frame-ancestors 'self'.
          headers: [
            ['Content-Security-Policy', policy],
            ['X-Frame-Options', 'SAMEORIGIN'],
          ],
          detach: ['X-Frame-Options'],
        }
      : { path: url, headers: [['Content-Security-Policy', policy]] }
  }
  const pageRules = [...hashesByUrl]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([url, hashes]) => policyRule(url, hashes))
  const rewriteRules = options.rewrites
    .filter((rewrite) => !hashesByUrl.has(rewrite.source))
    .map((rewrite) => {
      const target = hashesByUrl.get(pageUrlOf(rewrite.destination.replace(/^\//, '')))
      if (!target)
        throw new Error(
          `Host rewrite ${rewrite.source} points to ${rewrite.destination}, which is not a page`,
        )
      // A host applies every matching rule, and two policies both have to allow a script. A
      // pattern that also matches another page (`/reference/javascript/:slug` matches
      // `/reference/javascript/v1`) therefore allows that page's scripts as well, and those of
      // the 404 page, which answers the paths it matches that are not rewritten (a mistyped slug).
      const pattern = patternToRegExp(rewrite.source)
      const overlapping = [...hashesByUrl]
        .filter(([url]) => pattern.test(url))
        .flatMap(([, hashes]) => hashes)
      const notFound = hashesByUrl.get('/404') ?? []
      return policyRule(rewrite.source, [...new Set([...target, ...overlapping, ...notFound])])
    })
  return [
    siteWideHeaders(options.siteUrl),
    IMMUTABLE_ASSETS,
    IMMUTABLE_ISLANDS,
    SEARCH_WORKER,
    ...pageRules,
    ...rewriteRules,
  ]
}

export function writeHostHeaders(
  outDir: string,
  options: HostHeadersOptions,
): { file: string; rules: number; largestPolicy: { path: string; length: number } } {
  const rules = hostHeaderRules(outDir, options)
  const file = path.join(outDir, '_headers')
  writeFileSync(
    file,
    renderHeadersFile(rules, 'Response headers for every path (generated by the build; do not edit).'),
  )
  const largestPolicy = { path: '', length: 0 }
  for (const rule of rules) {
    for (const [name, value] of rule.headers) {
      if (name === 'Content-Security-Policy' && value.length > largestPolicy.length) {
        Object.assign(largestPolicy, { path: rule.path, length: value.length })
      }
    }
  }
  return { file, rules: rules.length, largestPolicy }
}
