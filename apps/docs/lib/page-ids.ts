import { cache } from 'react'

/** Counters of the page being rendered: React gives each render of a page its own. */
const pageCounters = cache(() => new Map<string, number>())

/**
 * An id unique on the page being rendered (`tabs-framework-2`), made on the server and handed to
 * an island as a prop: `useId` would not do, as it counts from the root (the page on the server,
 * the island in the browser).
 */
export function pageUniqueId(prefix: string): string {
  const counters = pageCounters()
  const next = (counters.get(prefix) ?? 0) + 1
  counters.set(prefix, next)
  return `${prefix}-${next}`
}
