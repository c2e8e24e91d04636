'use client'

import { useEffect } from 'react'
import { TOC_LINKS, activeHeadingIndex } from './active-heading'

/**
 * The line, from the top of the window, that a heading must have passed to be the one in view:
 * below the sticky header (56 px) and the room a #heading jump leaves above its heading (96 px,
 * 112 px under the phone's Contents bar).
 */
const ACTIVE_LINE_PX = 120

/**
 * Marks the heading in view (aria-current="location") in every "On this page" list of the page,
 * the column's and the phone panel's, from one scroll listener. Renders nothing: the lists are
 * static HTML.
 */
export function TocScrollSpy({ ids }: { ids: readonly string[] }) {
  useEffect(() => {
    const headings = ids
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null)
    if (headings.length === 0) return
    const links = [...document.querySelectorAll<HTMLAnchorElement>(TOC_LINKS)]
    let marked: string | undefined
    let frame = 0
    const mark = () => {
      frame = 0
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
      const index = activeHeadingIndex(headings.length, (i) => headings[i]!.getBoundingClientRect().top, {
        offset: ACTIVE_LINE_PX,
        atBottom,
      })
      const id = headings[index]?.id
      if (id === marked) return
      marked = id
      for (const link of links) {
        if (link.getAttribute('href') === `#${id}`) link.setAttribute('aria-current', 'location')
        else link.removeAttribute('aria-current')
      }
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(mark)
    }
    mark()
    const controller = new AbortController()
    const options = { passive: true, signal: controller.signal }
    window.addEventListener('scroll', schedule, options)
    window.addEventListener('resize', schedule, options)
    // A jump to a #heading that leaves the scroll position as it was (the heading already at its
    // place) fires no scroll event.
    window.addEventListener('hashchange', schedule, options)
    return () => {
      cancelAnimationFrame(frame)
      controller.abort()
    }
  }, [ids])

  return null
}
