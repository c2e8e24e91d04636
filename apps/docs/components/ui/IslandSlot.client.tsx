'use client'

import { useEffect, useRef, type ReactNode } from 'react'
import { ISLAND_SLOT_ATTRIBUTE } from '@/lib/island-names'
import { mountIslandsIn } from '@/lib/island-slots'

/**
 * Server content an island was given, in a box that takes no part in the layout. The server
 * renders it from `children`; a page without the framework gives it back as the HTML it holds
 * (`html`), which React leaves alone, and the islands inside it start by themselves.
 */
export function IslandSlot({ name, children, html }: { name: string; children?: ReactNode; html?: string }) {
  const box = useRef<HTMLDivElement>(null)
  // Hydrated from the page, its islands are already starting (each starts once); rendered anew
  // (a dialog that opens), they start here.
  useEffect(() => mountIslandsIn(box.current), [])
  const attributes = { [ISLAND_SLOT_ATTRIBUTE]: name }
  return html === undefined ? (
    <div ref={box} className="contents" {...attributes}>
      {children}
    </div>
  ) : (
    <div ref={box} className="contents" {...attributes} dangerouslySetInnerHTML={{ __html: html }} />
  )
}
