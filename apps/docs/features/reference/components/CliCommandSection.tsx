import type { PreparedContent, PreparedFlag } from '../prepare-sections'
import { Badge, CodeFigure, MarkdownHtml } from './CodeFigure'

type CliContent = Extract<PreparedContent, { kind: 'cli-command' }>

export function FlagsTable({ flags, caption }: { flags: PreparedFlag[]; caption: string }) {
  return (
    <div className="ref-table-wrap">
      <table className="ref-flags">
        <caption className="sr-only">{caption}</caption>
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
    </div>
  )
}

export function CliCommandSection({
  title,
  content,
  subheadingLevel,
  hrefFor,
}: {
  title: string
  content: CliContent
  subheadingLevel: 3 | 4
  hrefFor: (slug: string) => string
}) {
  const Sub = `h${subheadingLevel}` as const
  const Example = `h${subheadingLevel + 1}` as 'h4' | 'h5'
  return (
    <>
      <p className="ref-summary">{content.summary}</p>
      {content.experimental ? (
        <p className="ref-note">
          <Badge tone="warn">Experimental</Badge> Run with <code>--experimental</code>.
        </p>
      ) : null}
      <MarkdownHtml html={content.descriptionHtml} />
      <Sub className="ref-subheading">Usage</Sub>
      <CodeFigure html={content.usageHtml} />
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
      {content.flags.length > 0 ? (
        <>
          <Sub className="ref-subheading">Flags</Sub>
          <FlagsTable flags={content.flags} caption={`Flags of ${title}`} />
        </>
      ) : null}
      {content.examples.length > 0 ? (
        <>
          <Sub className="ref-subheading">Examples</Sub>
          {content.examples.map((example) => (
            <div key={example.id} className="ref-example">
              <Example className="ref-example-name">{example.name}</Example>
              <CodeFigure html={example.codeHtml} />
              {example.responseHtml !== undefined ? (
                <CodeFigure html={example.responseHtml} caption="Output" />
              ) : null}
            </div>
          ))}
        </>
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
  )
}
