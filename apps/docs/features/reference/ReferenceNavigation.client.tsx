'use client'

/**
 * The only client code of a reference page. It renders nothing; it attaches to the server-rendered
 * page through data attributes:
 * - deep links: on load and on back/forward, scroll to the section whose id is the URL's slug;
 * - scroll spy: the section in view becomes the active menu item (kept in view) and, debounced,
 *   the URL (history.replaceState), the title and the version banner's link;
 * - clicks on links to sections of this page scroll instead of loading the page again;
 * - copy buttons (section links, code), example tabs and the small-screen menu toggle.
 */
import { useEffect } from 'react'
import { getLibrary, libraryBasePath, slugFromPathname } from './libraries'
import { debounce, findActiveIndex, isPlainClick, latestVersionHref, titleForSection } from './scroll-spy'

/** A section is "in view" once its top passes this line (px below the viewport top). */
const ACTIVE_LINE_PX = 120
const URL_UPDATE_DELAY_MS = 200
const COPIED_STATE_MS = 1500

export interface ReferenceNavigationProps {
  libraryKey: string
  /** `long`: the library page (scroll spy, deep links). `single`: a crawler page (copy, tabs). */
  mode?: 'long' | 'single'
  /** Older versions only: where the latest version lives and which slugs it has. */
  latest?: { basePath: string; slugs: string[]; renamed?: Record<string, string> }
}

/**
 * Changes the URL with the browser's own History methods. The framework wraps the ones on
 * `window.history` and treats every call as a navigation to fetch (section URLs have no route
 * data of their own); the page stays the same page, so it is told nothing. The entry keeps the
 * framework's state, so back and forward restore this same page.
 */
function writeHistory(kind: 'push' | 'replace', url: string): void {
  const method = kind === 'push' ? History.prototype.pushState : History.prototype.replaceState
  method.call(window.history, window.history.state, '', url)
}

function headingTitle(section: HTMLElement): string | null {
  return section.querySelector('.ref-heading > a')?.textContent ?? null
}

export function ReferenceNavigation({ libraryKey, mode = 'long', latest }: ReferenceNavigationProps) {
  const latestBasePath = latest?.basePath
  const latestSlugsKey = latest?.slugs.join(' ')
  const renamedKey = JSON.stringify(latest?.renamed ?? {})

  useEffect(() => {
    const root = document.querySelector<HTMLElement>('[data-ref-page]')
    if (!root) return
    const library = getLibrary(libraryKey)
    const basePath = libraryBasePath(library)
    const sections = Array.from(root.querySelectorAll<HTMLElement>('[data-ref-section]'))
    const indexBySlug = new Map(sections.map((section, index) => [section.id, index]))
    const menu = root.querySelector<HTMLElement>('[data-ref-menu]')
    const menuLinks = new Map<string, HTMLAnchorElement>()
    menu?.querySelectorAll<HTMLAnchorElement>('a[data-slug]').forEach((link) => {
      if (link.dataset.slug) menuLinks.set(link.dataset.slug, link)
    })
    const menuToggle = root.querySelector<HTMLButtonElement>('[data-ref-menu-toggle]')
    const announcer = root.querySelector<HTMLElement>('[data-ref-announcer]')
    const latestLink = root.querySelector<HTMLAnchorElement>('[data-ref-latest-link]')
    const latestSlugs = new Set(latestSlugsKey ? latestSlugsKey.split(' ') : [])
    const renamed = JSON.parse(renamedKey) as Record<string, string>
    const baseTitle = document.title
    const controller = new AbortController()
    const { signal } = controller

    let activeSlug: string | null = null
    /** After a jump to a section, it stays active until the reader scrolls away. */
    let pinned: { slug: string | null; scrollY: number } | null = null
    let frame = 0

    const slugOfLocation = (): string | null => {
      const slug = slugFromPathname(library, window.location.pathname)
      return slug !== null && indexBySlug.has(slug) ? slug : null
    }

    const setActive = (slug: string | null) => {
      if (slug === activeSlug) return
      if (activeSlug !== null) menuLinks.get(activeSlug)?.removeAttribute('aria-current')
      activeSlug = slug
      const link = slug === null ? undefined : menuLinks.get(slug)
      if (!link || !menu) return
      link.setAttribute('aria-current', 'location')
      // Keep the active item visible inside the menu without moving the page.
      if (menu.offsetParent !== null) {
        const box = menu.getBoundingClientRect()
        const item = link.getBoundingClientRect()
        if (item.top < box.top) menu.scrollTop -= box.top - item.top + 16
        else if (item.bottom > box.bottom) menu.scrollTop += item.bottom - box.bottom + 16
      }
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
      if (latestLink && latestBasePath) {
        latestLink.href = latestVersionHref(latestBasePath, latestSlugs, slug, renamed)
      }
    }

    const updateUrl = debounce((slug: string | null) => {
      const path = slug === null ? basePath : `${basePath}/${slug}`
      if (window.location.pathname !== path) {
        writeHistory('replace', path + window.location.search)
      }
      reflectInDocument(slug)
    }, URL_UPDATE_DELAY_MS)

    const spy = () => {
      frame = 0
      let slug: string | null
      if (pinned && Math.abs(window.scrollY - pinned.scrollY) < 4) {
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

    const jumpTo = (slug: string | null, focus: boolean) => {
      const section = slug === null ? undefined : sections[indexBySlug.get(slug) ?? -1]
      // Instant: the site's smooth scrolling would leave the pin at the starting position.
      if (section) section.scrollIntoView({ block: 'start', behavior: 'instant' })
      else window.scrollTo({ top: 0, behavior: 'instant' })
      pinned = { slug: section ? slug : null, scrollY: window.scrollY }
      updateUrl.cancel()
      setActive(section ? slug : null)
      reflectInDocument(section ? slug : null)
      if (focus && section) section.querySelector<HTMLElement>('.ref-heading')?.focus({ preventScroll: true })
    }

    // Late layout shifts (web fonts) would move a deep-linked section; re-align while pinned.
    const realign = () => {
      if (pinned && Math.abs(window.scrollY - pinned.scrollY) < 4) jumpTo(pinned.slug, false)
    }

    const closeMenu = () => {
      if (!menu || !menuToggle) return
      delete menu.dataset.open
      menuToggle.setAttribute('aria-expanded', 'false')
    }

    const announce = (message: string) => {
      if (announcer) announcer.textContent = message
    }

    const markCopied = (button: HTMLElement, ok: boolean, idleLabel: string, doneLabel: string) => {
      button.dataset.state = ok ? 'copied' : 'failed'
      button.setAttribute('aria-label', ok ? doneLabel : 'Copy failed')
      announce(ok ? doneLabel : 'Copy failed')
      window.setTimeout(() => {
        delete button.dataset.state
        button.setAttribute('aria-label', idleLabel)
      }, COPIED_STATE_MS)
    }

    const copy = async (text: string) => {
      try {
        await navigator.clipboard.writeText(text)
        return true
      } catch {
        return false
      }
    }

    const selectTab = (tab: HTMLElement, focus: boolean) => {
      const list = tab.closest('[role="tablist"]')
      const group = tab.closest('[data-ref-tabs]')
      if (!list || !group) return
      list.querySelectorAll<HTMLElement>('[role="tab"]').forEach((other) => {
        const selected = other === tab
        other.setAttribute('aria-selected', String(selected))
        other.tabIndex = selected ? 0 : -1
        const panel = group.querySelector<HTMLElement>(
          `#${CSS.escape(other.getAttribute('aria-controls') ?? '')}`,
        )
        if (panel) panel.dataset.state = selected ? 'active' : 'inactive'
      })
      if (focus) tab.focus()
    }

    // Copy buttons of code samples exist only where script runs: without it they could not copy.
    root.querySelectorAll<HTMLElement>('figure.ref-code').forEach((figure) => {
      if (figure.querySelector('[data-copy-code]')) return
      const button = document.createElement('button')
      button.type = 'button'
      button.className = 'ref-copy'
      button.dataset.copyCode = ''
      button.setAttribute('aria-label', figure.dataset.copyLabel ?? 'Copy code')
      button.textContent = 'Copy'
      figure.prepend(button)
    })

    document.addEventListener(
      'click',
      (event) => {
        const target = event.target instanceof Element ? event.target : null
        if (!target) return

        const copyLink = target.closest<HTMLElement>('[data-copy-link]')
        if (copyLink && root.contains(copyLink)) {
          const slug = copyLink.dataset.copyLink ?? ''
          const idle = copyLink.getAttribute('aria-label') ?? 'Copy link'
          void copy(`${window.location.origin}${basePath}/${slug}`).then((ok) =>
            markCopied(copyLink, ok, idle, 'Link copied'),
          )
          return
        }
        const copyCode = target.closest<HTMLElement>('[data-copy-code]')
        if (copyCode && root.contains(copyCode)) {
          const code = copyCode.closest('figure')?.querySelector('pre')?.textContent ?? ''
          const idle = copyCode.getAttribute('aria-label') ?? 'Copy code'
          void copy(code).then((ok) => markCopied(copyCode, ok, idle, 'Code copied'))
          return
        }
        const tab = target.closest<HTMLElement>('[data-ref-tabs] [role="tab"]')
        if (tab && root.contains(tab)) {
          selectTab(tab, false)
          return
        }
        if (menuToggle && target.closest('[data-ref-menu-toggle]') === menuToggle) {
          const open = menuToggle.getAttribute('aria-expanded') !== 'true'
          menuToggle.setAttribute('aria-expanded', String(open))
          if (menu) {
            if (open) menu.dataset.open = ''
            else delete menu.dataset.open
          }
          return
        }

        const anchor = target.closest<HTMLAnchorElement>('a[href]')
        if (
          mode !== 'long' ||
          !anchor ||
          !isPlainClick({
            button: event.button,
            metaKey: event.metaKey,
            ctrlKey: event.ctrlKey,
            shiftKey: event.shiftKey,
            altKey: event.altKey,
            defaultPrevented: event.defaultPrevented,
            target: anchor.getAttribute('target'),
            hasDownload: anchor.hasAttribute('download'),
          })
        ) {
          return
        }
        const url = new URL(anchor.href)
        if (url.origin !== window.location.origin || url.hash !== '') return
        const isTop = url.pathname.replace(/\/+$/, '') === basePath
        const slug = isTop ? null : slugFromPathname(library, url.pathname)
        if (!isTop && (slug === null || !indexBySlug.has(slug))) return
        event.preventDefault()
        const path = slug === null ? basePath : `${basePath}/${slug}`
        if (window.location.pathname !== path) {
          writeHistory('push', path + window.location.search)
        }
        closeMenu()
        jumpTo(slug, true)
      },
      { signal },
    )

    document.addEventListener(
      'keydown',
      (event) => {
        const target = event.target instanceof HTMLElement ? event.target : null
        if (event.key === 'Escape' && menu?.dataset.open !== undefined) {
          closeMenu()
          menuToggle?.focus()
          return
        }
        if (!target || target.getAttribute('role') !== 'tab' || !target.closest('[data-ref-tabs]')) return
        const tabs = Array.from(
          target.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [],
        )
        const index = tabs.indexOf(target)
        const next =
          event.key === 'ArrowRight'
            ? tabs[(index + 1) % tabs.length]
            : event.key === 'ArrowLeft'
              ? tabs[(index - 1 + tabs.length) % tabs.length]
              : event.key === 'Home'
                ? tabs[0]
                : event.key === 'End'
                  ? tabs[tabs.length - 1]
                  : undefined
        if (next) {
          event.preventDefault()
          selectTab(next, true)
        }
      },
      { signal },
    )

    // Lets tests (and styles) know the page's handlers are attached.
    root.dataset.refReady = ''

    if (mode !== 'long') {
      titleObserver.disconnect()
      return () => {
        controller.abort()
        delete root.dataset.refReady
      }
    }

    window.addEventListener('scroll', scheduleSpy, { passive: true, signal })
    window.addEventListener('resize', scheduleSpy, { passive: true, signal })
    window.addEventListener('popstate', () => jumpTo(slugOfLocation(), false), { signal })
    window.addEventListener('load', realign, { signal })

    window.history.scrollRestoration = 'manual'
    const initial = slugOfLocation()
    if (initial !== null) jumpTo(initial, false)
    else {
      reflectInDocument(null)
      scheduleSpy()
    }
    void document.fonts?.ready.then(() => {
      if (!signal.aborted) realign()
    })

    return () => {
      controller.abort()
      titleObserver.disconnect()
      delete root.dataset.refReady
      updateUrl.cancel()
      if (frame !== 0) window.cancelAnimationFrame(frame)
      window.history.scrollRestoration = 'auto'
    }
  }, [libraryKey, mode, latestBasePath, latestSlugsKey, renamedKey])

  return null
}
