import { HeadingLink } from '@/components/ui/HeadingLink'
import type { GuideSource } from './front-matter'

/** The heading id of a guide's "Sources" list; a heading of the page's own may not take it. */
export const SOURCES_HEADING_ID = 'sources'

/**
 * The public sources a guide's claims were checked against, from its front matter, at the end
 * of the page. Kept out of the search index: the titles and URLs would match queries the page
 * does not answer.
 */
export function GuideSources({ sources }: { sources: readonly GuideSource[] }) {
  return (
    <section className="mt-12" aria-labelledby={SOURCES_HEADING_ID} data-pagefind-ignore="all">
      <HeadingLink id={SOURCES_HEADING_ID} level={2}>
        Sources
      </HeadingLink>
      <p className="text-sm text-[var(--muted)]">What this page was checked against, at the versions it describes.</p>
      <ul className="text-sm">
        {sources.map((source) => (
          <li key={source.url}>
            <a href={source.url} rel="noopener">
              {source.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
