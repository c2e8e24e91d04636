/**
 * Section URLs (`/reference/javascript/select`) are answered by their library's long page, as a
 * host rewrite, not by a copy of the page per section. The build writes one rule per section the
 * library has into the export's host rules (`renderRedirectsFile`, written by write-host-rules.ts),
 * and the local static server applies that same file, so an unknown slug is a 404 on both.
 * `rewriteReferencePath` is the same decision in memory. The patterns (`/reference/cli/:slug`)
 * remain for the response headers, one policy per library rather than one per section.
 *
 * One of the reference's public entry points besides `./index`: it imports nothing but
 * `./libraries`, so processes without the app's `@/` path alias can load it.
 */
import { REFERENCE_LIBRARIES, libraryBasePath, slugFromPathname, type ReferenceLibrary } from './libraries'

export interface ReferenceRewriteRule {
  /** Path pattern in the host rules' syntax: `/reference/javascript/:slug` (for `_headers`). */
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

/** The section slugs each library has, by library key: only these URLs are rewritten. */
export type KnownSections = ReadonlyMap<string, readonly string[]>

/**
 * The exported HTML file answering a section URL, or null when the path is not the URL of a
 * section the library has: a mistyped slug is left to the 404 page, like any unknown path. The long
 * page itself, crawler pages, file-like paths and anything outside the references are left alone.
 */
export function rewriteReferencePath(
  pathname: string,
  known: KnownSections,
  rules: readonly ReferenceRewriteRule[] = REFERENCE_REWRITE_RULES,
): string | null {
  const libraries = rules.map((rule) => rule.library)
  for (const rule of rules) {
    const slug = slugFromPathname(rule.library, pathname, libraries)
    if (slug !== null) return known.get(rule.library.key)?.includes(slug) ? rule.destination : null
  }
  return null
}

/**
 * Host rules in the `_redirects` format (Netlify, Cloudflare Pages): status 200 is a rewrite and
 * the first matching line wins. Each library's own path comes first, then one line per section it
 * has, never a `:slug` pattern: a section the library does not have is a 404, as a mistyped guide
 * is. Deeper libraries come first, so `/reference/javascript/v1` is never taken for a slug.
 */
export function renderRedirectsFile(
  known: KnownSections,
  rules: readonly ReferenceRewriteRule[] = REFERENCE_REWRITE_RULES,
): string {
  const lines = ['# Reference section URLs are answered by their library page.']
  for (const rule of rules) {
    const base = libraryBasePath(rule.library)
    lines.push(`${base}  ${rule.destination}  200`)
    for (const slug of known.get(rule.library.key) ?? []) {
      lines.push(`${base}/${encodeURIComponent(slug)}  ${rule.destination}  200`)
    }
  }
  return `${lines.join('\n')}\n`
}
