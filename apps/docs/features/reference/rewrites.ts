/**
 * Section URLs (`/reference/javascript/select`) are answered by their library's long page, as a
 * host rewrite, not by a copy of the page per section. The same rule table drives the local static
 * server (`rewriteReferencePath`) and the host rules written into the export (`renderRedirectsFile`).
 *
 * One of the reference's public entry points besides `./index`: the static server loads it in
 * processes (benchmarks) that have neither the app's `@/` path alias nor a need for the loaders,
 * so it imports nothing but `./libraries`.
 */
import { REFERENCE_LIBRARIES, libraryBasePath, slugFromPathname, type ReferenceLibrary } from './libraries'

export interface ReferenceRewriteRule {
  /** Path pattern in the `_redirects` syntax: `/reference/javascript/:slug`. */
  source: string
  /** The exported HTML file that answers it: `/reference/javascript.html`. */
  destination: string
  library: ReferenceLibrary
}

/** Deepest libraries first, so `/reference/javascript/v1/x` is matched before `/reference/javascript/x`. */
export function referenceRewriteRules(libraries = REFERENCE_LIBRARIES): ReferenceRewriteRule[] {
  return [...libraries]
    .sort((a, b) => b.segments.length - a.segments.length)
    .map((library) => ({
      source: `${libraryBasePath(library)}/:slug`,
      destination: `${libraryBasePath(library)}.html`,
      library,
    }))
}

export const REFERENCE_REWRITE_RULES = referenceRewriteRules()

/**
 * The exported HTML file answering a section URL, or null when the path is not one (the long page
 * itself, crawler pages, file-like paths and anything outside the references are left alone).
 */
export function rewriteReferencePath(
  pathname: string,
  rules: readonly ReferenceRewriteRule[] = REFERENCE_REWRITE_RULES,
): string | null {
  for (const rule of rules) {
    if (
      slugFromPathname(
        rule.library,
        pathname,
        rules.map((r) => r.library),
      ) !== null
    ) {
      return rule.destination
    }
  }
  return null
}

/**
 * Host rules in the `_redirects` format (Netlify, Cloudflare Pages): status 200 is a rewrite and
 * the first matching line wins. Each library's own path is listed before the section pattern of
 * a shallower library, so `/reference/javascript/v1` is never taken for a slug. Crawler pages have
 * two segments after the base path, which `:slug` does not match.
 */
export function renderRedirectsFile(
  rules: readonly ReferenceRewriteRule[] = REFERENCE_REWRITE_RULES,
): string {
  const lines = ['# Reference section URLs are answered by their library page.']
  for (const rule of rules) {
    const base = libraryBasePath(rule.library)
    lines.push(`${base}  ${rule.destination}  200`)
    lines.push(`${rule.source}  ${rule.destination}  200`)
  }
  return `${lines.join('\n')}\n`
}
