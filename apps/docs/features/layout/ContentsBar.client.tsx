'use client'

import { useRef, type ReactNode } from 'react'
import { useDismissDisclosures } from './dismiss-disclosures'

/**
 * The guides' small-screen bar under the header ("Contents", "On this page"): its panels are
 * native <details>, so they open without script; this adds Escape, a press outside and a jump to
 * a heading as ways to close them.
 */
export function ContentsBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null)
  useDismissDisclosures(bar)
  return (
    <div ref={bar} className="contents-bar">
      {children}
    </div>
  )
}
