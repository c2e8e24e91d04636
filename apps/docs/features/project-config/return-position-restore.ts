import { parseStoredObject, readItem, removeItem } from '@/lib/browser-storage'
import { WIDGETS, type ReturnPosition } from './return-position'
import { RETURN_POSITION_KEY } from './return-position-key'

/** Older than this, a saved position belongs to some abandoned trip and is ignored. */
const MAX_AGE_MS = 30 * 60 * 1000
/** Layout settles (fonts, lazy panels) within this time; after it, the reader owns the scroll. */
const KEEP_PINNED_MS = 2000

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
