'use client'

/**
 * The only client code of a reference page. It renders nothing; it attaches the modules of
 * `client/` to the server-rendered page through the data attributes of `dom-contract.ts`.
 */
import { useEffect } from 'react'
import { addCodeCopyButtons, attachCopyButtons } from './client/copy-buttons'
import { attachDeferredParts } from './client/deferred-parts'
import { attachExampleTabs } from './client/example-tabs'
import { attachViewKeeper } from './client/keep-view'
import { attachMenuToggle } from './client/menu-toggle'
import { addRunButtons, attachRunButtons } from './client/run-buttons'
import { attachSectionNavigation } from './client/section-navigation'
import { showUnknownSectionNotice } from './client/unknown-section'
import { endLanding, heldSection, releaseHold } from './deep-link-landing'
import { REF_ATTR, attrSelector } from './dom-contract'
import { getLibrary, libraryBasePath, sectionPath } from './libraries'
import type { OtherVersion } from './versions'

/** A part the page loads by itself that has not settled yet (deferred-parts.ts sets the state). */
const PENDING_LAZY = `${attrSelector(REF_ATTR.lazy)}:not([data-state='loaded']):not([data-state='failed'])`

export interface ReferenceNavigationProps {
  libraryKey: string
  /** `long`: the library page (scroll spy, deep links). `single`: a crawler page (copy, tabs). */
  mode?: 'long' | 'single'
  /** The library's other versions, for the version switch (long page only). */
  versions?: OtherVersion[]
}

export function ReferenceNavigation({ libraryKey, mode = 'long', versions }: ReferenceNavigationProps) {
  useEffect(() => {
    const root = document.querySelector<HTMLElement>(attrSelector(REF_ATTR.page))
    if (!root) return
    const library = getLibrary(libraryKey)
    const controller = new AbortController()
    const { signal } = controller
    const announcer = root.querySelector<HTMLElement>(attrSelector(REF_ATTR.announcer))
    const announce = (message: string) => {
      if (announcer) announcer.textContent = message
    }

    attachCopyButtons({
      root,
      signal,
      sectionUrl: (slug) => `${window.location.origin}${libraryBasePath(library)}/${slug}`,
      announce,
    })
    // Keeps the view still as the page above the reader changes height (parts loading included).
    const keeper = attachViewKeeper({ root, signal })
    // A deep link's section whose example column is still to come (deep-link-landing.ts).
    const held = heldSection()
    const parts = attachDeferredParts({
      root,
      signal,
      keeper,
      onLoaded: (placeholder) => {
        addCodeCopyButtons(placeholder)
        addRunButtons(placeholder)
      },
      onSettled: (placeholder) => {
        // Shown once every part the section loads by itself (examples, flags) is in or failed.
        if (held?.contains(placeholder) && !held.querySelector(PENDING_LAZY)) releaseHold()
      },
    })
    attachExampleTabs({ root, signal, onShow: (panel) => parts.loadShownBy(panel) })
    attachRunButtons({ root, signal, announce })
    const menu = attachMenuToggle({ root, signal })
    const navigation =
      mode === 'long'
        ? attachSectionNavigation({
            root,
            signal,
            libraryKey,
            versions,
            closeMenu: menu.close,
            onUnknownSlug: (slug) =>
              showUnknownSectionNotice({ root, slug, hrefFor: (target) => sectionPath(library, target) }),
          })
        : undefined
    // The inline landing script has shown the layout by now; should it have failed, show it here.
    endLanding()

    // Lets tests (and styles) know the page's handlers are attached.
    root.setAttribute(REF_ATTR.ready, '')
    return () => {
      controller.abort()
      navigation?.detach()
      root.removeAttribute(REF_ATTR.ready)
    }
  }, [libraryKey, mode, versions])

  return null
}
