/**
 * Keeps what the reader is looking at still while the page above it changes height. Two things
 * change it: a section far from the view is laid out at a placeholder height until it nears the
 * view (`content-visibility` in reference.css) and then takes its real height, and parts the long
 * page left out load into their placeholders (deferred-parts.ts). The browser's own scroll
 * anchoring, which picks its anchor by guessing, is off on reference pages; instead:
 *
 * - a part that loads (`change`), wherever it is, is measured in the task that puts it in: what
 *   the reader sees at their line is found before the change, and the page scrolls by however far
 *   it moved. Nothing moves on the screen, and the browser sees no layout shift;
 * - a section wholly above the reader's line (the bottom of the sticky bars) that changes height
 *   otherwise (taking its real height as the reader scrolls towards it) scrolls the page by as
 *   much, from a ResizeObserver, before the frame is drawn. A section laid out for the first time
 *   (its placeholder giving way to its content) counts once it starts above the line: a jump can
 *   land in the middle of a placeholder, and what follows it must not move. (Chromium still counts
 *   this one as a layout shift, as it does any scroll made after layout: it comes with the
 *   reader's own scrolling, which layout-shift scores leave out.)
 *
 * Each such scroll is announced with VIEW_KEPT_EVENT, so a deep link's pin moves along with it.
 */
import { NEAR_CLASS } from '../deep-link-landing'
import { REF_ATTR, VIEW_KEPT_EVENT, attrSelector } from '../dom-contract'

const TOP_SECTIONS = `.ref-article > ${attrSelector(REF_ATTR.section)}`

export interface ViewKeeper {
  /**
   * Runs `change`, which alters the content at `at`, and scrolls the page by how far that moved
   * what the reader sees at their line (nothing, for a change below it).
   */
  change(at: HTMLElement, change: () => void): void
  /**
   * Whether a part at `at` should wait before loading: until the reader moves from where the page
   * opened (a deep link's place), a part above their line does (see `whenMoved`).
   */
  waits(at: HTMLElement): boolean
  /** Calls `listener` once the reader has moved (at once if they have). */
  whenMoved(listener: () => void): void
}

/** Where the reader's view starts: below the sticky bars (the sections' scroll margin). */
function readerLine(section: Element | null): number {
  return section ? parseFloat(getComputedStyle(section).scrollMarginTop) || 0 : 0
}

/** The first of `sections` (in page order) whose bottom is below `line`: the one the reader is in. */
function sectionAt(sections: HTMLElement[], line: number): HTMLElement | undefined {
  let low = 0
  let high = sections.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (sections[middle]!.getBoundingClientRect().bottom > line) high = middle
    else low = middle + 1
  }
  return sections[low]
}

/**
 * What the reader sees at their line in `section`: the deepest box that crosses the line or is the
 * first below it. Not a sticky box (it stays put while what holds it moves), nor inside `changing`,
 * whose content is about to be replaced: that one itself, then.
 */
function anchorIn(section: Element, line: number, changing: Element): Element {
  let anchor = section
  for (;;) {
    let next: Element | undefined
    for (const child of anchor.children) {
      const box = child.getBoundingClientRect()
      if (box.height > 0 && box.bottom > line) {
        next = child
        break
      }
    }
    if (!next || getComputedStyle(next).position === 'sticky') return anchor
    if (next === changing || next.getBoundingClientRect().top >= line) return next
    anchor = next
  }
}

/** Further than this from where the page put them, the reader has moved (small realignments are not). */
const MOVED_PX = 4

export function attachViewKeeper({ root, signal }: { root: HTMLElement; signal: AbortSignal }): ViewKeeper {
  const sections = Array.from(root.querySelectorAll<HTMLElement>(TOP_SECTIONS))
  /** Where the page has put the reader and kept them since; null once they have moved. */
  let placedAt: number | null = window.scrollY
  const movedListeners: (() => void)[] = []

  const keepBy = (delta: number) => {
    if (delta === 0) return
    window.scrollBy({ top: delta, behavior: 'instant' })
    if (placedAt !== null) placedAt = window.scrollY
    window.dispatchEvent(new CustomEvent<number>(VIEW_KEPT_EVENT, { detail: delta }))
  }
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
  // first paint. They stay so until the reader moves: one that went back to skipping its layout
  // meanwhile could take a part measured here and then drop it, back to the height the browser
  // last remembered for it (it remembers a height only as it draws a frame), moving the view.
  const moved = () => {
    if (placedAt === null) return
    placedAt = null
    for (const section of sections) section.classList.remove(NEAR_CLASS)
    movedListeners.splice(0).forEach((listener) => listener())
  }
  for (const type of ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const)
    window.addEventListener(type, moved, { once: true, passive: true, signal })
  window.addEventListener(
    'scroll',
    () => {
      if (placedAt !== null && Math.abs(window.scrollY - placedAt) >= MOVED_PX) moved()
    },
    { passive: true, signal },
  )

  return {
    change(at, change) {
      const line = readerLine(sections[0] ?? null)
      const current = sectionAt(sections, line)
      const anchor = current ? anchorIn(current, line, at) : null
      const before = anchor?.getBoundingClientRect().top
      const section = at.closest(TOP_SECTIONS)
      const height = section?.getBoundingClientRect().height
      change()
      // Accounted for here: the observer must not count it again (only what it has yet to see).
      if (section && height !== undefined)
        heights.set(
          section,
          (heights.get(section) ?? height) + section.getBoundingClientRect().height - height,
        )
      if (anchor && before !== undefined) keepBy(anchor.getBoundingClientRect().top - before)
    },
    // A part that loads above the line moves the section it is in, whose end may show under the
    // sticky bars: a layout shift, however still the view is kept. Right after a deep link, the
    // reader has not asked for anything up there yet.
    waits(at) {
      return placedAt !== null && at.getBoundingClientRect().top < readerLine(sections[0] ?? null)
    },
    whenMoved(listener) {
      if (placedAt === null) listener()
      else movedListeners.push(listener)
    },
  }
}
