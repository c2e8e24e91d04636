import { writeItem } from '@/lib/browser-storage'
import { RETURN_POSITION_KEY } from './return-position-key'

/**
 * Where the reader was when they left for the sign-in page, so the return lands on the same
 * section instead of the top of a long guide. Kept in session storage (one tab, one trip). This
 * half saves it on the way out (the signed-out prompt ships it); the way back is in
 * return-position-restore.ts, which only the full widget loads.
 */

const HEADINGS = 'h2[id], h3[id], h4[id]'
export const WIDGETS = '[data-project-config]'

export interface ReturnPosition {
  path: string
  /** The address's own `#fragment` before leaving ('' when none); the sign-in redirect drops it. */
  hash: string
  /** The nearest heading above the widget, and its distance from the top of the viewport. */
  headingId: string | null
  headingTop: number
  scrollY: number
  /** Which widget of the page (in document order) the reader signed in from. */
  widgetIndex: number
  savedAt: number
}

/** The last heading with an id that comes before `widget` in the document. */
export function headingAbove(doc: Document, widget: Element): Element | null {
  let found: Element | null = null
  for (const heading of doc.querySelectorAll(HEADINGS)) {
    if (heading.compareDocumentPosition(widget) & Node.DOCUMENT_POSITION_FOLLOWING) found = heading
    else break
  }
  return found
}

export function captureReturnPosition(win: Window, widget: Element, now = Date.now()): ReturnPosition {
  const doc = win.document
  const heading = headingAbove(doc, widget)
  return {
    path: win.location.pathname,
    hash: win.location.hash,
    headingId: heading?.id ?? null,
    headingTop: heading ? heading.getBoundingClientRect().top : 0,
    scrollY: win.scrollY,
    widgetIndex: Math.max(0, [...doc.querySelectorAll(WIDGETS)].indexOf(widget)),
    savedAt: now,
  }
}

export function saveReturnPosition(win: Window, widget: Element): void {
  try {
    const position = captureReturnPosition(win, widget)
    writeItem(() => win.sessionStorage, RETURN_POSITION_KEY, JSON.stringify(position))
  } catch {
    // Only convenience is lost: the reader comes back at the top.
  }
}
