import type { TocEntry } from './toc-entry'

/**
 * "On this page": plain links, the first one marked until the scroll spy (TocScrollSpy) marks the
 * heading in view; `data-toc` is how it finds the lists. `inPanel`: the phone's panel, whose button already says "On this page" and
 * whose links are taller, to be tapped.
 */
export function TableOfContents({ entries, inPanel = false }: { entries: readonly TocEntry[]; inPanel?: boolean }) {
  return (
    <nav aria-label="On this page" data-toc="" className="text-sm">
      {inPanel ? null : <p className="mb-2 font-semibold">On this page</p>}
      <ul className="space-y-1 border-l border-[var(--border)]">
        {entries.map((entry, index) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              aria-current={index === 0 ? 'location' : undefined}
              className={`-ml-px block border-l-2 border-transparent text-[var(--muted)] hover:text-[var(--text)] aria-[current=location]:border-[var(--accent)] aria-[current=location]:text-[var(--accent-text)] ${inPanel ? 'py-1' : 'py-0.5'} ${entry.depth === 3 ? 'pl-6' : 'pl-3'}`}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
