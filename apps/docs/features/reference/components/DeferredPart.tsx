import type { ReactNode } from 'react'
import { REF_ATTR, dataAttr } from '../dom-contract'

/**
 * How a section is rendered: in full (its crawler page), or for the long page, where content the
 * reader has not asked to see yet (closed panels, other example tabs) is left out and fetched from
 * the crawler page when opened. That keeps the long pages light on a phone.
 */
export interface SectionRendering {
  /** True on the long page. */
  deferred: boolean
  /** The section's crawler page: the source of its deferred parts and the no-script fallback. */
  partsHref: string
  /** The library's long page: where what the page describes once lives. */
  pageHref: string
  /**
   * Long page, past its first sections: the example column and a command's flags are loaded when
   * the section comes near the viewport, so the page starts with its text and its menu only.
   */
  lazyParts?: boolean
}

/**
 * One piece of a section that the long page loads on demand. `id` is unique within the section.
 * On the crawler page the content is rendered in place, marked with the same id.
 */
export function DeferredPart({
  id,
  rendering,
  lazy = false,
  label = 'Open this on the section\u2019s own page',
  children,
}: {
  id: string
  rendering: SectionRendering
  /** Loaded when it nears the viewport, not when opened. */
  lazy?: boolean
  /** The no-script link's words. */
  label?: string
  children: ReactNode
}) {
  if (!rendering.deferred) return <div {...dataAttr(REF_ATTR.part, id)}>{children}</div>
  return (
    <div {...dataAttr(REF_ATTR.defer, id)} {...(lazy ? dataAttr(REF_ATTR.lazy) : {})} className="ref-defer">
      <a href={rendering.partsHref}>{label}</a>
    </div>
  )
}
