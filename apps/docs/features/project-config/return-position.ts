import { parseStoredObject, readItem, removeItem, writeItem } from '@/lib/browser-storage'

/**
 * Where the reader was when they left for the sign-in page, so the return lands on the same
 * section instead of the top of a long guide. Kept in session storage (one tab, one trip).
 */

export const RETURN_POSITION_KEY = 'docs.project-config.return-position'

/** Older than this, a saved position belongs to some abandoned trip and is ignored. */
const MAX_AGE_MS = 30 * 60 * 1000
/** Layout settles (fonts, lazy panels) within this time; after it, the reader owns the scroll. */
const KEEP_PINNED_MS = 2000
const HEADINGS = 'h2[id], h3[id], h4[id]'
const WIDGETS = '[data-project-config]'

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

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** The stored position if it is well formed, recent and saved on `path`; otherwise null. */
export function parseReturnPosition(
  raw: string | null,
  path: string,
  now = Date.now(),
): ReturnPosition | null {
  const v = parseStoredObject(raw)
  if (v === null) return null
  if (v.path !== path || typeof v.hash !== 'string') return null
  if (v.headingId !== null && (typeof v.headingId !== 'string' || v.headingId === '')) return null
  if (!finite(v.headingTop) || !finite(v.scrollY) || v.scrollY < 0) return null
  if (!Number.isInteger(v.widgetIndex) || (v.widgetIndex as number) < 0) return null
  if (!finite(v.savedAt) || now - v.savedAt > MAX_AGE_MS || v.savedAt > now + 60_000) return null
  // A fragment that is itself a sign-in answer must never be put back in the address bar.
  const hash = v.hash.startsWith('#') && !v.hash.includes('access_token') ? v.hash : ''
  return {
    path,
    hash,
    headingId: v.headingId,
    headingTop: v.headingTop,
    scrollY: v.scrollY,
    widgetIndex: v.widgetIndex as number,
    savedAt: v.savedAt,
  }
}

/**
 * The scroll offset that puts the saved heading back where it was in the viewport; content above
 * it may have changed height, so this beats the raw offset. Without the heading: the raw offset.
 */
export function scrollTargetFor(
  position: ReturnPosition,
  headingTopNow: number | null,
  scrollYNow: number,
  maxScrollY: number,
): number {
  const target = headingTopNow === null ? position.scrollY : scrollYNow + headingTopNow - position.headingTop
  return Math.round(Math.min(Math.max(target, 0), Math.max(maxScrollY, 0)))
}

export function saveReturnPosition(win: Window, widget: Element): void {
  try {
    const position = captureReturnPosition(win, widget)
    writeItem(() => win.sessionStorage, RETURN_POSITION_KEY, JSON.stringify(position))
  } catch {
    // Only convenience is lost: the reader comes back at the top.
  }
}

/** Reads the saved position for this page and forgets it, so it is used at most once. */
export function takeReturnPosition(win: Window): ReturnPosition | null {
  const storage = () => win.sessionStorage
  const raw = readItem(storage, RETURN_POSITION_KEY)
  removeItem(storage, RETURN_POSITION_KEY)
  return parseReturnPosition(raw, win.location.pathname)
}

/**
 * Back from the sign-in page: put the reader's fragment back in the address bar, scroll to the
 * saved spot once the page has laid out, keep it there while late content settles (until the
 * reader scrolls or types), and move focus to the widget they signed in from.
 */
export function restoreReturnPosition(win: Window): void {
  try {
    const position = takeReturnPosition(win)
    if (!position) return
    const { document: doc, history, location } = win
    if (position.hash && !location.hash) {
      // replaceState does not scroll: the position below decides where the reader is.
      history.replaceState(history.state, '', `${location.pathname}${location.search}${position.hash}`)
    }
    const place = () => {
      const heading = position.headingId ? doc.getElementById(position.headingId) : null
      const maxScrollY = doc.documentElement.scrollHeight - win.innerHeight
      const y = scrollTargetFor(
        position,
        heading ? heading.getBoundingClientRect().top : null,
        win.scrollY,
        maxScrollY,
      )
      if (Math.abs(y - win.scrollY) >= 1) win.scrollTo({ top: y, behavior: 'instant' })
    }
    const stopEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
    let observer: ResizeObserver | undefined
    const stop = () => {
      observer?.disconnect()
      for (const type of stopEvents) win.removeEventListener(type, stop, true)
    }
    const start = () => {
      place()
      const widget = doc.querySelectorAll<HTMLElement>(WIDGETS)[position.widgetIndex]
      widget?.focus({ preventScroll: true })
      if (typeof ResizeObserver === 'function') {
        const resized = new ResizeObserver(() => place())
        resized.observe(doc.body)
        observer = resized
      }
      for (const type of stopEvents) win.addEventListener(type, stop, { capture: true, passive: true })
      win.setTimeout(stop, KEEP_PINNED_MS)
    }
    // After the fonts (they change line heights) and a frame, so the measurements are final.
    const fontsReady = doc.fonts?.ready ?? Promise.resolve()
    const timeout = new Promise((resolve) => win.setTimeout(resolve, 500))
    void Promise.race([fontsReady, timeout])
      .then(() =>
        win.requestAnimationFrame(() => {
          try {
            start()
          } catch {
            // As above: the reader just stays where the browser put them.
          }
        }),
      )
      .catch(() => {})
  } catch {
    // Never let a convenience break the page.
  }
}
