/**
 * The Content-Security-Policy of an exported page. The layout inlines small scripts (the theme,
 * the path guard, smooth scrolling, the sidebar's current item), so each page's policy allows
 * exactly its own inline scripts, read from the page as it ships, by their SHA-256 hash.
 */
import { createHash } from 'node:crypto'

/** Inline scripts of a page: a script's text runs to the first `</script>`, as the browser reads it. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** The `'sha256-…'` sources for every inline script of an HTML document, each once, in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

export interface PolicyInput {
  /** `'sha256-…'` sources of the inline scripts the page may run. */
  scriptHashes: readonly string[]
  /** Other origins the page fetches from: the platform API and the feedback endpoint. */
  connectOrigins: readonly string[]
  /**
   * A page the site shows in a frame of its own pages (the quickstart's app in its guide): framed
   * by the site's origin only, and its images may be object URLs (`blob:`) it makes itself.
   */
  framedBySite?: boolean
}

export function contentSecurityPolicy({ scriptHashes, connectOrigins, framedBySite = false }: PolicyInput): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // Pagefind and the SQL parser compile WebAssembly; 'wasm-unsafe-eval' allows that and no eval.
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...scriptHashes],
    // Shiki colours code with inline style attributes and Radix's dialogs inject <style> at
    // runtime with computed values, so inline styles stay allowed. Styles cannot run code.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...(framedBySite ? ['blob:'] : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...new Set(connectOrigins)],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    // A browser ignores X-Frame-Options (sent with the same meaning) where this directive is sent.
    ['frame-ancestors', framedBySite ? "'self'" : "'none'"],
  ]
  return directives.map((directive) => directive.join(' ')).join('; ')
}
