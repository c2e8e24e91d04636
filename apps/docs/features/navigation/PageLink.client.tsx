'use client'

import Link from 'next/link'
import { useState, type ComponentPropsWithoutRef } from 'react'

type PageLinkProps = Omit<ComponentPropsWithoutRef<typeof Link>, 'href' | 'prefetch'> & { href: string }

/**
 * The long reference pages weigh hundreds of kilobytes each, compressed. Prefetching one costs more
 * than the page being read, so those are fetched only when the reader follows the link.
 */
export function isLongReferencePage(href: string): boolean {
  return /^\/reference(\/|$|[?#])/.test(href)
}

/**
 * A link to another page of the site. Next.js prefetches every linked page as soon as its link is
 * on screen, which for a header, a sidebar and a footer means dozens of pages on every view. This
 * link prefetches only once the reader shows intent (pointer over it, touch, keyboard focus), and
 * never for a long reference page.
 */
export function PageLink({ href, onMouseEnter, onTouchStart, onFocus, ...rest }: PageLinkProps) {
  const [intent, setIntent] = useState(false)
  const prefetchable = !isLongReferencePage(href)
  // `null` hands the link back to Next's default prefetching; `false` turns it off.
  const prefetch = intent && prefetchable ? null : false
  return (
    <Link
      {...rest}
      href={href}
      prefetch={prefetch}
      onMouseEnter={(event) => {
        setIntent(true)
        onMouseEnter?.(event)
      }}
      onTouchStart={(event) => {
        setIntent(true)
        onTouchStart?.(event)
      }}
      onFocus={(event) => {
        setIntent(true)
        onFocus?.(event)
      }}
    />
  )
}
