import type { PreparedSection } from '../prepare-sections'
import { CliCommandSection } from './CliCommandSection'
import { FunctionSection } from './FunctionSection'
import { OperationSection } from './OperationSection'
import { SectionHeading } from './SectionHeading'

/** One section, rendered on the server; its element id is the slug the URL carries. */
export function ReferenceSectionView({
  section,
  hrefFor,
}: {
  section: PreparedSection
  /** URL of a section of the same library (the long page's or the crawler pages'). */
  hrefFor: (slug: string) => string
}) {
  const level = section.depth === 0 ? 2 : 3
  const subheadingLevel = level === 2 ? 3 : 4
  const { content } = section
  return (
    <section id={section.slug} className={`ref-section ref-kind-${section.kind}`} data-ref-section>
      <SectionHeading slug={section.slug} title={section.title} level={level} href={hrefFor(section.slug)} />
      {content.kind === 'markdown' ? <div className="ref-markdown">{content.content}</div> : null}
      {content.kind === 'function' ? (
        <FunctionSection
          slug={section.slug}
          title={section.title}
          content={content}
          subheadingLevel={subheadingLevel}
        />
      ) : null}
      {content.kind === 'cli-command' ? (
        <CliCommandSection
          title={section.title}
          content={content}
          subheadingLevel={subheadingLevel}
          hrefFor={hrefFor}
        />
      ) : null}
      {content.kind === 'operation' ? (
        <OperationSection content={content} subheadingLevel={subheadingLevel} />
      ) : null}
    </section>
  )
}
