'use client'

import { useEffect } from 'react'
import { dismissDisclosures } from './dismiss-disclosures'

/** The guides' small-screen bar, as DocsShell renders it. */
const CONTENTS_BAR = '.contents-bar'

/**
 * The guides' small-screen bar under the header ("Contents", "On this page"): its panels are
 * native <details>, so they open without script; this adds Escape, a press outside and a jump to
 * a heading as ways to close them. It renders nothing: the bar is server HTML.
 */
export function ContentsBar() {
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>(CONTENTS_BAR)
    if (!bar) return
    const controller = new AbortController()
    dismissDisclosures(bar, controller.signal)
    return () => controller.abort()
  }, [])
  return null
}
