import type { PageLink } from './suggest-pages'

/** The 404 page's list of pages the reader may have been after. */
export function SuggestedPages({ pages }: { pages: PageLink[] }) {
  return (
    <ul className="mt-4 space-y-2" data-testid="not-found-suggestions">
      {pages.map((page) => (
        <li key={page.href}>
          <a href={page.href} className="font-medium text-[var(--link)] underline">
            {page.title}
          </a>{' '}
          <span className="text-sm text-[var(--muted)]">{page.href}</span>
        </li>
      ))}
    </ul>
  )
}
