/**
 * Which links the site follows without a full page load. Every page link is a plain `<a>` in the
 * server-rendered HTML; one listener for the whole document (`ClientNavigation`) hands eligible
 * clicks to the router and prefetches on intent. Hundreds of sidebar links then cost nothing to
 * hydrate, and the links work the same without JavaScript.
 */
import { rewriteReferencePath } from '@/features/reference/rewrites'

/**
 * The long reference pages weigh hundreds of kilobytes each, compressed. Prefetching one costs more
 * than the page being read, so those are fetched only when the reader follows the link.
 */
export function isLongReferencePage(href: string): boolean {
  return /^\/reference(\/|$|[?#])/.test(href)
}

/**
 * The in-app address to hand the router for a link to `href` seen from `current` (both absolute
 * URLs), or null where the browser should follow the link itself: another origin, a file (a
 * Markdown export, `llms.txt`), a reference section URL (served by a host rewrite, so it has no
 * route data of its own), or the page being read (a `#fragment` jump is the browser's job).
 */
export function clientNavigationTarget(href: string, current: string): string | null {
  let url: URL
  let here: URL
  try {
    url = new URL(href, current)
    here = new URL(current)
  } catch {
    return null
  }
  if (url.origin !== here.origin || !/^https?:$/.test(url.protocol)) return null
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null
  if (rewriteReferencePath(url.pathname) !== null) return null
  const samePage =
    url.pathname.replace(/\/+$/, '') === here.pathname.replace(/\/+$/, '') && url.search === here.search
  if (samePage) return null
  return url.pathname + url.search + url.hash
}
