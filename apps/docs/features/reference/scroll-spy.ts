/**
 * The pure parts of the long page's navigation: which section is active for a scroll position,
 * the debounced URL update, and which clicks stay on the page. No DOM access here, so it is unit
 * tested; `ReferenceNavigation.client.tsx` wires it to the browser.
 */

/**
 * Index of the active section: the last one whose top is at or above `offset` (px from the top of
 * the viewport). Tops are in page order, so this is a binary search: O(log n) reads of layout per
 * frame even on a page with thousands of sections. -1 when the first section is still below.
 */
export function findActiveIndex(count: number, topOf: (index: number) => number, offset: number): number {
  let low = 0
  let high = count - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (topOf(middle) <= offset) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void
  cancel(): void
  /** Runs a pending call now. */
  flush(): void
}

/** Calls `fn` once calls have stopped for `waitMs`, with the last arguments. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
  timers: {
    set: (callback: () => void, ms: number) => unknown
    clear: (handle: unknown) => void
  } = {
    set: (callback, ms) => setTimeout(callback, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): Debounced<A> {
  let handle: unknown
  let pending: A | null = null
  const run = () => {
    const args = pending
    pending = null
    handle = undefined
    if (args) fn(...args)
  }
  const debounced = ((...args: A) => {
    pending = args
    if (handle !== undefined) timers.clear(handle)
    handle = timers.set(run, waitMs)
  }) as Debounced<A>
  debounced.cancel = () => {
    if (handle !== undefined) timers.clear(handle)
    handle = undefined
    pending = null
  }
  debounced.flush = () => {
    if (handle !== undefined) timers.clear(handle)
    run()
  }
  return debounced
}

/** The title of the page for a section: `Section | Library | Site`, or the page's own title. */
export function titleForSection(baseTitle: string, sectionTitle: string | null): string {
  return sectionTitle ? `${sectionTitle} | ${baseTitle}` : baseTitle
}
