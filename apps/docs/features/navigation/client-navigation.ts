/**
 * Which links the site follows without a full page load. Every page link is a plain `<a>` in the
 * server-rendered HTML; one listener for the whole document (`ClientNavigation`) hands eligible
 * clicks to the router and prefetches on intent. Hundreds of sidebar links then cost nothing to
 * hydrate, and the links work the same without JavaScript.
 */

/**
 * The long reference pages weigh hundreds of kilobytes each, compressed, and their text is in their
 * HTML files only, not in their route data (see features/static-islands): the browser loads them in
 * full, streaming the HTML, and nothing prefetches them.
 */
export function isLongReferencePage(href: string): boolean {
  return /^\/reference(\/|$|[?#])/.test(href)
}

/**
 * The in-app address to hand the router for a link to `href` seen from `current` (both absolute
 * URLs), or null where the browser should follow the link itself: another origin, a file (a
 * Markdown export, `llms.txt`), anything under `/reference` (the long pages, their section URLs
 * that a host rewrite answers, their crawler pages), or the page being read (a `#fragment` jump is
 * the browser's job).
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
  if (isLongReferencePage(url.pathname)) return null
  const samePage =
    url.pathname.replace(/\/+$/, '') === here.pathname.replace(/\/+$/, '') && url.search === here.search
  if (samePage) return null
  return url.pathname + url.search + url.hash
}
