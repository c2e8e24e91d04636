/**
 * `next/navigation` for islands, which run without Next's router: the path is the address bar's,
 * and a page change is a full load. Only what the islands' components call is here; an island that
 * needs more fails its build (`build-islands.ts`) on the missing export.
 */
export function usePathname(): string {
  return window.location.pathname
}
