import { REF_ATTR, dataAttr } from '../dom-contract'
import type { PreparedSection } from '../prepare-sections'
import { Fragment } from 'react'
import { CliCommandSection, FlagsTable } from './CliCommandSection'
import type { SectionRendering } from './DeferredPart'
import { FunctionSection } from './FunctionSection'
import { OperationSection } from './OperationSection'
import { SectionHeading } from './SectionHeading'

/** One section, rendered on the server; its element id is the slug the URL carries. */
export function ReferenceSectionView({
  section,
  hrefFor,
  rendering,
  topLevel = section.depth === 0,
}: {
  section: PreparedSection
  /** URL of a section of the same library (the long page's or the crawler pages'). */
  hrefFor: (slug: string) => string
  rendering: SectionRendering
  /** A crawler page shows any section as its top level. */
  topLevel?: boolean
}) {
  const level = topLevel ? 2 : 3
  const subheadingLevel = level === 2 ? 3 : 4
  const Subheading = `h${subheadingLevel}` as const
  const { content } = section
  return (
    <section
      id={section.slug}
      className={`ref-section ref-kind-${section.kind}`}
      {...dataAttr(REF_ATTR.section)}
    >
      <SectionHeading slug={section.slug} title={section.title} level={level} href={hrefFor(section.slug)} />
      {content.kind === 'markdown' ? (
        <div className="ref-markdown">
          {content.content}
          {content.parts.map((part) =>
            part.kind === 'flags' ? (
              <Fragment key={part.label}>
                <Subheading className="ref-subheading">{part.label}</Subheading>
                <FlagsTable flags={part.flags} caption={part.label} />
              </Fragment>
            ) : null,
          )}
        </div>
      ) : null}
      {content.kind === 'function' ? (
        <FunctionSection
          slug={section.slug}
          title={section.title}
          parts={content.parts}
          subheadingLevel={subheadingLevel}
          rendering={rendering}
        />
      ) : null}
      {content.kind === 'cli-command' ? (
        <CliCommandSection
          title={section.title}
          parts={content.parts}
          subheadingLevel={subheadingLevel}
          hrefFor={hrefFor}
          rendering={rendering}
        />
      ) : null}
      {content.kind === 'operation' ? (
        <OperationSection
          slug={section.slug}
          parts={content.parts}
          subheadingLevel={subheadingLevel}
          rendering={rendering}
        />
      ) : null}
    </section>
  )
}
