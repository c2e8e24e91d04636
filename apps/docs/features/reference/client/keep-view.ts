/**
 * Keeps what the reader is looking at still while the page above it changes height. Two things
 * change it: a section far from the view is laid out at a placeholder height until it nears the
 * view (`content-visibility` in reference.css) and then takes its real height, and parts the long
 * page left out load into their placeholders (deferred-parts.ts). The browser's own scroll
 * anchoring, which picks its anchor by guessing, is off on reference pages; instead:
 *
 * - a section wholly above the reader's line (the bottom of the sticky bars) that changes height
 *   scrolls the page by as much, in the same frame: a ResizeObserver runs after layout and before
 *   paint, so nothing on the screen moves and no layout shift is seen. A section laid out for the
 *   first time (its placeholder giving way to its content) counts once it starts above the line:
 *   a jump can land in the middle of a placeholder, and what follows it must not move;
 * - a part that loads above the line inside the section the reader is in (`change`) is measured
 *   around the change, and the page scrolls by as much.
 *
 * Each such scroll is announced with VIEW_KEPT_EVENT, so a deep link's pin moves along with it.
 */
import { NEAR_CLASS } from '../deep-link-landing'
import { REF_ATTR, VIEW_KEPT_EVENT, attrSelector } from '../dom-contract'

const TOP_SECTIONS = `.ref-article > ${attrSelector(REF_ATTR.section)}`

export interface ViewKeeper {
  /**
   * Runs `change`, which alters the content at `at`. When `at` is above the reader's line in the
   * section the reader is in, the page scrolls by how far the content after that section moved.
   */
  change(at: HTMLElement, change: () => void): void
}

/** Where the reader's view starts: below the sticky bars (the sections' scroll margin). */
function readerLine(section: Element | null): number {
  return section ? parseFloat(getComputedStyle(section).scrollMarginTop) || 0 : 0
}

/** The next element in document order outside `element` (the last section has no next sibling). */
function elementAfter(element: Element): Element | null {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.nextElementSibling) return node.nextElementSibling
  }
  return null
}

function keepBy(delta: number): void {
  if (delta === 0) return
  window.scrollBy({ top: delta, behavior: 'instant' })
  window.dispatchEvent(new CustomEvent<number>(VIEW_KEPT_EVENT, { detail: delta }))
}

export function attachViewKeeper({ root, signal }: { root: HTMLElement; signal: AbortSignal }): ViewKeeper {
  const sections = Array.from(root.querySelectorAll<HTMLElement>(TOP_SECTIONS))
  /** Each section's height as last seen: by the observer, or after a change made here. */
  const heights = new WeakMap<Element, number>()
  /** Sections still at their placeholder height, never laid out. */
  const placeholders = new WeakSet<Element>()
  for (const section of sections) {
    const first = section.firstElementChild
    if (first && !first.checkVisibility({ contentVisibilityAuto: true })) placeholders.add(section)
  }
  // A section laid out at exactly its placeholder height gives no resize: forget it here. (The
  // observer, when the height does change, sees it before this event, in the same frame.)
  root.addEventListener(
    'contentvisibilityautostatechange',
    (event) => {
      if (!(event as ContentVisibilityAutoStateChangeEvent).skipped)
        placeholders.delete(event.target as Element)
    },
    { capture: true, signal },
  )

  const observer = new ResizeObserver((entries) => {
    const line = readerLine(sections[0] ?? null)
    let kept = 0
    // How far the sections changed so far in this pass moved the ones after them (entries come
    // in the order the sections were observed: the page's order).
    let movedBy = 0
    for (const entry of entries) {
      const height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height
      const before = heights.get(entry.target)
      heights.set(entry.target, height)
      if (before === undefined || before === height) continue
      const topBefore = entry.target.getBoundingClientRect().top - movedBy
      const firstLayout = placeholders.delete(entry.target)
      if (firstLayout ? topBefore < line : topBefore + before <= line) kept += height - before
      movedBy += height - before
    }
    keepBy(kept)
  })
  // The heights as they are now, so that a change before the observer's first report is kept too.
  for (const section of sections) heights.set(section, section.getBoundingClientRect().height)
  sections.forEach((section) => observer.observe(section))
  signal.addEventListener('abort', () => observer.disconnect())
  // The landing script laid out the sections around a deep link for real, to place it before the
  // first paint; from here on their changes are kept, so they may skip layout again when far away.
  for (const section of sections) section.classList.remove(NEAR_CLASS)

  return {
    change(at, change) {
      const section = at.closest(TOP_SECTIONS)
      const line = readerLine(section)
      const box = section?.getBoundingClientRect()
      // A section wholly above or below the line is the observer's: it sees the section's new
      // height, as laid out (a section far from the view may not be, and measuring inside it here
      // would count a change the page does not show). In the section the reader is in, only a
      // change above the line must not move what they read: that one is measured here.
      const inView = box !== undefined && box.top < line && box.bottom > line
      const anchor = section && inView && at.getBoundingClientRect().top < line ? elementAfter(section) : null
      const before = anchor?.getBoundingClientRect().top
      change()
      if (!section || !anchor || before === undefined) return
      // Accounted for here: the observer must not count it again.
      heights.set(section, section.getBoundingClientRect().height)
      keepBy(anchor.getBoundingClientRect().top - before)
    },
  }
}
