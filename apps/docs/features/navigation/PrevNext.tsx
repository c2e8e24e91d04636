import type { NavItem } from './guides-nav'

export function PrevNext({ previous, next }: { previous?: NavItem; next?: NavItem }) {
  if (!previous && !next) return null
  return (
    <nav aria-label="Previous and next pages" className="mt-12 grid gap-4 sm:grid-cols-2">
      {previous ? (
        <a
          href={previous.href}
          rel="prev"
          className="rounded-lg border border-[var(--border)] p-4 hover:border-[var(--accent)]"
        >
          <span className="block text-xs text-[var(--muted)]">Previous</span>
          <span className="font-medium">{previous.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a
          href={next.href}
          rel="next"
          className="rounded-lg border border-[var(--border)] p-4 text-right hover:border-[var(--accent)]"
        >
          <span className="block text-xs text-[var(--muted)]">Next</span>
          <span className="font-medium">{next.title}</span>
        </a>
      ) : null}
    </nav>
  )
}
