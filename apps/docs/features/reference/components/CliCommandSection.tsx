import type { PreparedContent, PreparedFlag } from '../prepare-sections'
import { Badge, CodeFigure, MarkdownHtml } from './CodeFigure'
import { DeferredPart, type SectionRendering } from './DeferredPart'
import { SectionColumns } from './SectionColumns'
import { TableScroller } from './TableScroller'

type CliContent = Extract<PreparedContent, { kind: 'cli-command' }>

export function FlagsTable({ flags, caption }: { flags: PreparedFlag[]; caption: string }) {
  return (
    <TableScroller label={caption}>
      <table className="ref-flags" aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">Flag</th>
            <th scope="col">Type</th>
            <th scope="col">Default</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {flags.map((flag) => (
            <tr key={flag.id}>
              <td>
                <code>{flag.name}</code>
                {flag.shorthand ? (
                  <>
                    {' '}
                    <code>{flag.shorthand}</code>
                  </>
                ) : null}
                {flag.required ? <Badge tone="accent">Required</Badge> : null}
                {flag.inherited ? <Badge>Inherited</Badge> : null}
              </td>
              <td>{flag.type ?? ''}</td>
              <td>
                {flag.defaultValue === '' ? (
                  <span className="ref-none">none</span>
                ) : (
                  <code>{flag.defaultValue}</code>
                )}
              </td>
              <td>
                <MarkdownHtml html={flag.descriptionHtml} inline />
                {flag.acceptedValues.length > 0 ? (
                  <span className="ref-accepted">
                    {' '}
                    One of:{' '}
                    {flag.acceptedValues.map((value, index) => (
                      <span key={value}>
                        {index > 0 ? ', ' : null}
                        <code>{value}</code>
                      </span>
                    ))}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  )
}

export function CliCommandSection({
  title,
  content,
  subheadingLevel,
  hrefFor,
  rendering,
}: {
  title: string
  content: CliContent
  subheadingLevel: 3 | 4
  hrefFor: (slug: string) => string
  rendering: SectionRendering
}) {
  const Sub = `h${subheadingLevel}` as const
  const Example = `h${subheadingLevel + 1}` as 'h4' | 'h5'
  // A command's own flags are what a reader looks for; optional ones of its parents are one click
  // away (a required one stays in view: the command fails without it).
  const shownFlags = content.flags.filter((flag) => !flag.inherited || flag.required)
  const inheritedFlags = content.flags.filter((flag) => flag.inherited && !flag.required)
  return (
    <SectionColumns
      rendering={rendering}
      text={
        <>
          <p className="ref-summary">{content.summary}</p>
          {content.experimental ? (
            <p className="ref-note">
              <Badge tone="warn">Experimental</Badge> Run with <code>--experimental</code>.
            </p>
          ) : null}
          <MarkdownHtml html={content.descriptionHtml} />
          <Sub className="ref-subheading">Usage</Sub>
          <CodeFigure code={content.usage} />
          {content.subcommands.length > 0 ? (
            <>
              <Sub className="ref-subheading">Subcommands</Sub>
              <ul className="ref-subcommands">
                {content.subcommands.map((sub) => (
                  <li key={sub.id}>
                    {sub.slug ? <a href={hrefFor(sub.slug)}>{sub.title}</a> : <code>{sub.title}</code>}
                    {sub.summary ? <span>: {sub.summary}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {content.flags.length > 0 ? <Sub className="ref-subheading">Flags</Sub> : null}
          {shownFlags.length > 0 ? <FlagsTable flags={shownFlags} caption={`Flags of ${title}`} /> : null}
          {inheritedFlags.length > 0 ? (
            <details className="ref-inherited">
              <summary>
                {inheritedFlags.length === 1 ? 'One flag' : `${inheritedFlags.length} flags`} inherited from
                the parent command
              </summary>
              <DeferredPart id="inherited-flags" rendering={rendering}>
                <FlagsTable flags={inheritedFlags} caption={`Inherited flags of ${title}`} />
              </DeferredPart>
            </details>
          ) : null}
          {content.links.length > 0 ? (
            <>
              <Sub className="ref-subheading">See also</Sub>
              <ul className="ref-links">
                {content.links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url}>{link.name}</a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      }
      side={
        content.examples.length > 0 ? (
          <>
            <Sub className="ref-subheading">Examples</Sub>
            {content.examples.map((example) => (
              <div key={example.id} className="ref-example">
                <Example className="ref-example-name">{example.name}</Example>
                <CodeFigure code={example.code} output={example.output} />
              </div>
            ))}
          </>
        ) : null
      }
    />
  )
}
