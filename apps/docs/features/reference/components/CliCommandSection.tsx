import { partsByColumn, type PreparedFlag, type PreparedPart } from '../prepare-sections'
import { FLAG_COLUMNS, PART_LABELS } from '../section-model'
import { Badge, CodeFigure, MarkdownHtml } from './CodeFigure'
import { DeferredPart, type SectionRendering } from './DeferredPart'
import { inOrder } from './PartList'
import { SectionColumns } from './SectionColumns'
import { TableScroller } from './TableScroller'

export function FlagsTable({ flags, caption }: { flags: PreparedFlag[]; caption: string }) {
  return (
    <TableScroller label={caption} className="ref-stacking-table">
      <table className="ref-flags" aria-label={caption}>
        <thead>
          <tr>
            {/* Written out: keys would only add bytes to the page payload. */}
            <th scope="col">{FLAG_COLUMNS[0]}</th>
            <th scope="col">{FLAG_COLUMNS[1]}</th>
            <th scope="col">{FLAG_COLUMNS[2]}</th>
            <th scope="col">{FLAG_COLUMNS[3]}</th>
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
                {flag.required ? <Badge tone="accent">{PART_LABELS.required}</Badge> : null}
                {flag.inherited ? <Badge>{PART_LABELS.inherited}</Badge> : null}
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
                    {PART_LABELS.acceptedValues}{' '}
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

/** The words of a command's flags placeholder: the names of the flags it stands for. */
function flagsPlaceholder(flags: readonly PreparedFlag[]): string {
  if (flags.length === 0) return 'Open the inherited flags on the command\u2019s own page'
  const names = flags.map((flag) => (flag.shorthand ? `${flag.name} (${flag.shorthand})` : flag.name))
  return `Open the table of ${names.join(', ')} on the command\u2019s own page`
}

export function CliCommandSection({
  title,
  parts,
  subheadingLevel,
  hrefFor,
  rendering,
}: {
  title: string
  parts: PreparedPart[]
  subheadingLevel: 3 | 4
  hrefFor: (slug: string) => string
  rendering: SectionRendering
}) {
  const Sub = `h${subheadingLevel}` as const
  const Example = `h${subheadingLevel + 1}` as 'h4' | 'h5'
  const part = (entry: PreparedPart) => {
    switch (entry.kind) {
      case 'summary':
        return <p className="ref-summary">{entry.text}</p>
      case 'experimental':
        return (
          <p className="ref-note">
            <Badge tone="warn">{PART_LABELS.experimental}</Badge> Run with <code>{entry.flag}</code>.
          </p>
        )
      case 'description':
        return <MarkdownHtml html={entry.html} />
      case 'usage':
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            <CodeFigure code={entry.code} />
          </>
        )
      case 'subcommands':
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            <ul className="ref-subcommands">
              {entry.subcommands.map((sub) => (
                <li key={sub.id}>
                  {sub.slug ? <a href={hrefFor(sub.slug)}>{sub.title}</a> : <code>{sub.title}</code>}
                  {sub.summary ? <span>: {sub.summary}</span> : null}
                </li>
              ))}
            </ul>
          </>
        )
      case 'flags': {
        // A command's own flags are what a reader looks for; optional ones of its parents are one
        // click away (a required one stays in view: the command fails without it).
        const shownFlags = entry.flags.filter((flag) => !flag.inherited || flag.required)
        const inheritedFlags = entry.flags.filter((flag) => flag.inherited && !flag.required)
        const flags = (
          <>
            {shownFlags.length > 0 ? (
              <FlagsTable flags={shownFlags} caption={`${entry.label} of ${title}`} />
            ) : null}
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
          </>
        )
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            {/* Flag tables are most of a command page's markup: past the first sections, the
                long page loads them as they near the view. Their names stay in the placeholder,
                so finding a flag in the page still leads to its command. */}
            {rendering.lazyParts || !rendering.deferred ? (
              <DeferredPart id="flags" rendering={rendering} lazy label={flagsPlaceholder(shownFlags)}>
                {flags}
              </DeferredPart>
            ) : (
              flags
            )}
          </>
        )
      }
      case 'links':
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            <ul className="ref-links">
              {entry.links.map((link) => (
                <li key={link.url}>
                  <a href={link.url}>{link.name}</a>
                </li>
              ))}
            </ul>
          </>
        )
      case 'examples':
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            {entry.examples.map((example) => (
              <div key={example.id} className="ref-example">
                <Example className="ref-example-name">{example.name}</Example>
                <CodeFigure code={example.code} output={example.output} />
              </div>
            ))}
          </>
        )
      default:
        throw new Error(`A CLI command section has no ${entry.kind} part`)
    }
  }
  const { text, side } = partsByColumn(parts)
  return <SectionColumns rendering={rendering} text={inOrder(text, part)} side={inOrder(side, part)} />
}
