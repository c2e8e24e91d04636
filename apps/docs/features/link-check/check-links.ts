/**
 * Finds links in the exported HTML that point to a page or heading that does not exist.
 * It reads the built files, so it covers every source at once: MDX, reference specs and
 * components.
 */

export interface PageIndex {
  /** Site path of the page, e.g. `/guides/getting-started`. */
  path: string
  /** Where the reader should fix it (the MDX file, or the HTML file as a fallback). */
  source: string
  ids: Set<string>
  links: string[]
}

export interface BrokenLink {
  source: string
  page: string
  link: string
  reason: string
}

const ANCHOR_HREF = /<a\b[^>]*?\shref="([^"]*)"/g
const ELEMENT_ID = /\sid="([^"]*)"/g

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
}

export function extractLinks(html: string): string[] {
  return [...html.matchAll(ANCHOR_HREF)].map((match) => decodeEntities(match[1] ?? ''))
}

export function extractIds(html: string): Set<string> {
  return new Set([...html.matchAll(ELEMENT_ID)].map((match) => decodeEntities(match[1] ?? '')))
}

/** Only same-site links are checked; external URLs, mail links and assets are left alone. */
function isCheckable(link: string): boolean {
  if (link === '' || link.startsWith('//')) return false
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return false
  return link.startsWith('/') || link.startsWith('#')
}

export interface LinkTargets {
  /** Resolves a site path to the page that answers it, or undefined when nothing does. */
  resolvePage(pathname: string): PageIndex | undefined
  /** True when the path is a static file that is not a page (sitemap, wasm, markdown). */
  isFile(pathname: string): boolean
}

export function findBrokenLinks(pages: readonly PageIndex[], targets: LinkTargets): BrokenLink[] {
  const broken: BrokenLink[] = []
  for (const page of pages) {
    for (const link of page.links) {
      if (!isCheckable(link)) continue
      const [beforeHash = '', hash] = link.split('#', 2)
      const pathname = beforeHash.split('?', 1)[0] ?? ''
      let target: PageIndex | undefined
      if (pathname === '') {
        target = page
      } else {
        let decoded: string
        try {
          decoded = decodeURIComponent(pathname)
        } catch {
          broken.push({ source: page.source, page: page.path, link, reason: 'malformed URL' })
          continue
        }
        target = targets.resolvePage(decoded.replace(/\/+$/, '') || '/')
        if (!target) {
          if (!hash && targets.isFile(decoded)) continue
          broken.push({ source: page.source, page: page.path, link, reason: 'no such page' })
          continue
        }
      }
      if (hash) {
        let id = hash
        try {
          id = decodeURIComponent(hash)
        } catch {
          // keep the raw fragment
        }
        if (!target.ids.has(id)) {
          broken.push({ source: page.source, page: page.path, link, reason: `no heading or element with id "${id}" on ${target.path}` })
        }
      }
    }
  }
  return broken
}

export function formatBrokenLinks(broken: readonly BrokenLink[]): string {
  return broken.map((item) => `${item.source}: broken link "${item.link}" (${item.reason})`).join('\n')
}
