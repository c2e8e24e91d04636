/**
 * The long page's sense of place:
 * - deep links: the inline landing script (deep-link-landing.ts) has put the place in view before
 *   the first paint; from then on, and on back/forward, scroll to the element the `#fragment`
 *   names, else to the section whose id is the URL's slug, and keep it there while late layout
 *   settles;
 * - scroll spy: the section in view becomes the active menu item (kept in view) and, debounced,
 *   the URL (history.replaceState), the title and the links to the library's other versions;
 * - clicks on links to sections of this page scroll instead of loading the page again.
 */
import { getLibrary, libraryBasePath, slugFromPathname, versionLabel } from '../libraries'
import { REF_ATTR, VIEW_KEPT_EVENT, attrSelector } from '../dom-contract'
import { anchorOf, clickInfo, isPlainClick } from '@/features/navigation/plain-click'
import { findActiveIndex } from '@/lib/active-section'
import { debounce, titleForSection } from '../scroll-spy'
import { SWITCHED_FROM_PARAM, versionTarget, type OtherVersion } from '../versions'
import { currentMenuItem, showMenuItem } from './menu-item'

/** A section is "in view" once its top passes this line (px below the viewport top). */
const ACTIVE_LINE_PX = 120
const URL_UPDATE_DELAY_MS = 200

/**
 * Changes the URL with the browser's own History methods. The framework wraps the ones on
 * `window.history` and treats every call as a navigation to fetch (section URLs have no route
 * data of their own); the page stays the same page, so it is told nothing. The entry keeps the
 * framework's state, so back and forward restore this same page.
 */
function writeHistory(kind: 'push' | 'replace', url: string): void {
  const method = kind === 'push' ? History.prototype.pushState : History.prototype.replaceState
  try {
    method.call(window.history, window.history.state, '', url)
  } catch {
    // A URL the browser refuses (another origin) leaves the address as it is.
  }
}

/**
 * A switch from another version left `?from=` in the address (versions.ts); its note is shown by
 * now, and the address the reader copies or that the scroll spy rewrites should not carry it.
 */
function forgetSwitchedFrom(): void {
  const params = new URLSearchParams(window.location.search)
  if (!params.has(SWITCHED_FROM_PARAM)) return
  params.delete(SWITCHED_FROM_PARAM)
  const query = params.toString()
  writeHistory('replace', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`)
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    // A malformed escape is looked up as written.
    return fragment
  }
}

function headingTitle(section: HTMLElement): string | null {
  return section.querySelector('.ref-heading > a')?.textContent ?? null
}

export function attachSectionNavigation({
  root,
  signal,
  libraryKey,
  versions = [],
  closeMenu,
  onUnknownSlug,
}: {
  root: HTMLElement
  signal: AbortSignal
  libraryKey: string
  versions?: OtherVersion[]
  closeMenu: () => void
  /** The URL names a section this page does not have. */
  onUnknownSlug: (slug: string) => void
}): { detach: () => void } {
  const library = getLibrary(libraryKey)
  const basePath = libraryBasePath(library)
  const sections = Array.from(root.querySelectorAll<HTMLElement>(attrSelector(REF_ATTR.section)))
  const indexBySlug = new Map(sections.map((section, index) => [section.id, index]))
  const menu = root.querySelector<HTMLElement>(attrSelector(REF_ATTR.menu))
  const menuLinks = new Map<string, HTMLAnchorElement>()
  menu?.querySelectorAll<HTMLAnchorElement>('a[data-slug]').forEach((link) => {
    if (link.dataset.slug) menuLinks.set(link.dataset.slug, link)
  })
  const versionLinks = versions.map((version) => ({
    version,
    links: Array.from(
      root.querySelectorAll<HTMLAnchorElement>(attrSelector(REF_ATTR.versionLink, version.key)),
    ),
  }))
  const baseTitle = document.title

  // The landing script may have marked the item already (deep-link-landing.ts).
  const marked = menu ? currentMenuItem(menu) : null
  let activeSlug: string | null = marked?.dataset.slug ?? null
  /**
   * After a jump to a section (or to an anchor inside the page, such as a shared response), that
   * place stays put and active until the reader scrolls away.
   */
  let pinned: {
    slug: string | null
    scrollY: number
    /** A section jump pins its section; a `#fragment` pins the element that the fragment names. */
    kind: 'section' | 'fragment'
    element?: HTMLElement
    /** Where the element's top was in the view when the pin was set. */
    top: number
  } | null = null
  /**
   * Whether the reader is still where the jump put them: the page has not scrolled, or it has but
   * the pinned element is still at the same place in the view (the browser keeps a URL's
   * `#fragment` in view by scrolling as the page above it grows). The pin follows such a scroll.
   */
  const stillPinned = (): boolean => {
    if (!pinned) return false
    if (Math.abs(window.scrollY - pinned.scrollY) < 4) return true
    if (!pinned.element || Math.abs(pinned.element.getBoundingClientRect().top - pinned.top) >= 4)
      return false
    pinned.scrollY = window.scrollY
    return true
  }
  let frame = 0

  const setActive = (slug: string | null, mode: 'center' | 'nearest' = 'nearest') => {
    if (slug === activeSlug) return
    if (activeSlug !== null) menuLinks.get(activeSlug)?.removeAttribute('aria-current')
    activeSlug = slug
    const link = slug === null ? undefined : menuLinks.get(slug)
    if (!link || !menu) return
    link.setAttribute('aria-current', 'location')
    // Keep the active item visible inside the menu without moving the page.
    showMenuItem(menu, link, mode)
  }

  // The framework may put its own <title> back after hydration; keep ours.
  let wantedTitle = baseTitle
  const keepTitle = () => {
    if (document.title !== wantedTitle) document.title = wantedTitle
  }
  const titleObserver = new MutationObserver(keepTitle)
  titleObserver.observe(document.head, { childList: true, subtree: true, characterData: true })

  const reflectInDocument = (slug: string | null) => {
    const section = slug === null ? undefined : sections[indexBySlug.get(slug) ?? -1]
    wantedTitle = titleForSection(baseTitle, section ? headingTitle(section) : null)
    keepTitle()
    for (const { version, links } of versionLinks) {
      const target = versionTarget(version.basePath, version.counterparts, slug, versionLabel(library))
      for (const link of links) {
        link.href = target.href
        if (target.lands === 'top') link.title = `Not in ${version.label}: opens the top of ${version.label}`
        else link.removeAttribute('title')
      }
    }
  }

  const updateUrl = debounce((slug: string | null) => {
    const path = slug === null ? basePath : `${basePath}/${slug}`
    if (window.location.pathname !== path) writeHistory('replace', path + window.location.search)
    reflectInDocument(slug)
  }, URL_UPDATE_DELAY_MS)

  const spy = () => {
    frame = 0
    let slug: string | null
    if (pinned && stillPinned()) {
      slug = pinned.slug
    } else {
      pinned = null
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
      const index =
        atBottom && window.scrollY > 0
          ? sections.length - 1
          : findActiveIndex(
              sections.length,
              (i) => sections[i]?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY,
              ACTIVE_LINE_PX,
            )
      slug = index >= 0 ? (sections[index]?.id ?? null) : null
    }
    if (slug !== activeSlug) {
      setActive(slug)
      updateUrl(slug)
    }
  }

  const scheduleSpy = () => {
    if (frame === 0) frame = window.requestAnimationFrame(spy)
  }

  const jumpTo = (slug: string | null, focus: boolean, menuMode: 'center' | 'nearest' = 'nearest') => {
    const section = slug === null ? undefined : sections[indexBySlug.get(slug) ?? -1]
    // Instant: the site's smooth scrolling would leave the pin at the starting position.
    if (section) section.scrollIntoView({ block: 'start', behavior: 'instant' })
    else window.scrollTo({ top: 0, behavior: 'instant' })
    pinned = {
      slug: section ? slug : null,
      scrollY: window.scrollY,
      kind: 'section',
      element: section,
      top: section?.getBoundingClientRect().top ?? 0,
    }
    updateUrl.cancel()
    setActive(section ? slug : null, menuMode)
    reflectInDocument(section ? slug : null)
    if (focus && section) section.querySelector<HTMLElement>('.ref-heading')?.focus({ preventScroll: true })
  }

  /** The element the URL's `#fragment` names, if the page has it. */
  const fragmentTarget = (): HTMLElement | null => {
    const id = window.location.hash.slice(1)
    return id === '' ? null : document.getElementById(decodeFragment(id))
  }

  // The browser has scrolled to the fragment (or will); pin it so late layout keeps it in view,
  // and leave the address, fragment included, as it is.
  const jumpToFragment = (target: HTMLElement, menuMode: 'center' | 'nearest' = 'nearest') => {
    target.scrollIntoView({ block: 'start', behavior: 'instant' })
    const section = target.closest<HTMLElement>(attrSelector(REF_ATTR.section))
    const slug = section && indexBySlug.has(section.id) ? section.id : null
    pinned = {
      slug,
      scrollY: window.scrollY,
      kind: 'fragment',
      element: target,
      top: target.getBoundingClientRect().top,
    }
    updateUrl.cancel()
    setActive(slug, menuMode)
  }

  // Late layout shifts (web fonts, example columns loading above it) would move a deep-linked
  // section; while the reader has not scrolled away, put it back where it was pinned. (Back, not to
  // the top: near the end of the page the place could not reach the top when pinned, and it must
  // not move up as the page grows below it.)
  const realign = () => {
    if (!pinned || !stillPinned()) return
    if (!pinned.element) {
      jumpTo(pinned.slug, false)
      return
    }
    const drift = pinned.element.getBoundingClientRect().top - pinned.top
    if (Math.abs(drift) >= 1) window.scrollBy({ top: drift, behavior: 'instant' })
    pinned.scrollY = window.scrollY
  }

  /** The slug the address names: a known one, an unknown one, or none (the page's top). */
  const slugOfLocation = (): { slug: string | null; known: boolean } => {
    let slug: string | null
    try {
      slug = slugFromPathname(library, window.location.pathname)
    } catch {
      slug = null
    }
    return { slug, known: slug !== null && indexBySlug.has(slug) }
  }

  root.addEventListener(
    'click',
    (event) => {
      const anchor = anchorOf(event)
      if (!anchor || !isPlainClick(clickInfo(event, anchor))) return
      const url = new URL(anchor.href)
      if (url.origin !== window.location.origin) return
      const isTop = url.pathname.replace(/\/+$/, '') === basePath
      const slug = isTop ? null : slugFromPathname(library, url.pathname)
      if (!isTop && (slug === null || !indexBySlug.has(slug))) return
      if (url.hash !== '') {
        // An anchor of this page under any of its URLs (the shared responses are linked as
        // `/reference/api#response-...`): go there without loading the long page again.
        const target = document.getElementById(decodeFragment(url.hash.slice(1)))
        if (!target) return
        event.preventDefault()
        writeHistory('push', url.pathname + url.search + url.hash)
        closeMenu()
        jumpToFragment(target)
        // Where a native anchor jump would put the keyboard's next Tab.
        if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
        target.focus({ preventScroll: true })
        return
      }
      event.preventDefault()
      const path = slug === null ? basePath : `${basePath}/${slug}`
      if (window.location.pathname !== path) writeHistory('push', path + window.location.search)
      closeMenu()
      jumpTo(slug, true)
    },
    { signal },
  )

  window.addEventListener('scroll', scheduleSpy, { passive: true, signal })
  window.addEventListener('resize', scheduleSpy, { passive: true, signal })
  window.addEventListener(
    'popstate',
    () => {
      const target = fragmentTarget()
      if (target) jumpToFragment(target)
      else jumpTo(slugOfLocation().slug, false)
    },
    { signal },
  )
  window.addEventListener(
    'hashchange',
    () => {
      const target = fragmentTarget()
      if (target) jumpToFragment(target)
    },
    { signal },
  )
  window.addEventListener('load', realign, { signal })
  // The view keeper (keep-view.ts) holds a deep-linked section still as the page above it changes
  // height, within the frame; should anything else have moved it, it is put back a frame later.
  let realignFrame = 0
  const scheduleRealign = () => {
    if (realignFrame === 0) {
      realignFrame = window.requestAnimationFrame(() => {
        realignFrame = 0
        realign()
      })
    }
  }
  root.addEventListener('contentvisibilityautostatechange', scheduleRealign, { capture: true, signal })
  // Any other change of the page's height (parts loading, sections taking their real size).
  const resizeObserver = new ResizeObserver(scheduleRealign)
  resizeObserver.observe(root)
  // The page scrolled itself to keep the view still: that is not the reader leaving the pin.
  window.addEventListener(
    VIEW_KEPT_EVENT,
    (event) => {
      const delta = event instanceof CustomEvent && typeof event.detail === 'number' ? event.detail : 0
      if (pinned && Math.abs(window.scrollY - delta - pinned.scrollY) < 4) {
        pinned.scrollY = window.scrollY
        scheduleRealign()
      }
    },
    { signal },
  )

  window.history.scrollRestoration = 'manual'
  forgetSwitchedFrom()
  const initial = slugOfLocation()
  // A fragment is the more precise place: the reader followed a link to it, perhaps before this
  // script ran, and must not be sent back to the section the path names.
  const initialTarget = fragmentTarget()
  if (initialTarget) {
    jumpToFragment(initialTarget, 'center')
  } else if (initial.known) {
    jumpTo(initial.slug, false, 'center')
  } else {
    if (initial.slug !== null) onUnknownSlug(initial.slug)
    reflectInDocument(null)
    scheduleSpy()
  }
  void document.fonts?.ready.then(() => {
    if (!signal.aborted) realign()
  })

  return {
    detach: () => {
      titleObserver.disconnect()
      resizeObserver.disconnect()
      updateUrl.cancel()
      if (frame !== 0) window.cancelAnimationFrame(frame)
      if (realignFrame !== 0) window.cancelAnimationFrame(realignFrame)
      window.history.scrollRestoration = 'auto'
    },
  }
}
