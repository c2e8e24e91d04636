'use client'

import { useEffect, useState } from 'react'
import type { TocEntry } from './toc-entry'
import { pickActiveHeading } from './active-heading'

/**
 * The line, from the top of the window, that a heading must have passed to be the one in view:
 * below the sticky header (56 px) and the 96 px a #heading jump leaves above its heading.
 */
const ACTIVE_LINE_PX = 120

/** "On this page": the list is plain links; the client part only marks the heading in view. */
export function TableOfContents({ entries }: { entries: TocEntry[] }) {
  const [active, setActive] = useState<string | undefined>(entries[0]?.id)

  useEffect(() => {
    const headings = entries
      .map((entry) => document.getElementById(entry.id))
      .filter((element): element is HTMLElement => element !== null)
    if (headings.length === 0) return
    let frame = 0
    const update = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        const tops = headings.map((heading) => ({ id: heading.id, top: heading.getBoundingClientRect().top }))
        const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
        setActive(pickActiveHeading(tops, { offset: ACTIVE_LINE_PX, atBottom }))
      })
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    // A jump to a #heading that leaves the scroll position as it was (the heading already at its
    // place) fires no scroll event.
    window.addEventListener('hashchange', update)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
      window.removeEventListener('hashchange', update)
    }
  }, [entries])

  if (entries.length === 0) return null
  return (
    <nav aria-label="On this page" className="text-sm">
      <p className="mb-2 font-semibold">On this page</p>
      <ul className="space-y-1 border-l border-[var(--border)]">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              aria-current={active === entry.id ? 'true' : undefined}
              className={`-ml-px block border-l-2 border-transparent py-0.5 text-[var(--muted)] hover:text-[var(--text)] aria-[current=true]:border-[var(--accent)] aria-[current=true]:text-[var(--accent-text)] ${entry.depth === 3 ? 'pl-6' : 'pl-3'}`}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
