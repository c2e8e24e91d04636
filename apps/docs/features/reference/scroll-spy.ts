/**
 * The pure parts of the long page's navigation: the debounced URL update, the section's title and
 * the latest version's address (the active section is `lib/active-section.ts`). No DOM access
 * here, so it is unit tested; `ReferenceNavigation.client.tsx` wires it to the browser.
 */

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
