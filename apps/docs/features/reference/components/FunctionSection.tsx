import type { ExampleTable } from '../schemas'
import {
  partsByColumn,
  type PreparedExample,
  type PreparedPart,
  type PreparedParam,
} from '../prepare-sections'
import { PART_LABELS } from '../section-model'
import { Badge, CodeFigure, MarkdownHtml } from './CodeFigure'
import { DeferredPart, type SectionRendering } from './DeferredPart'
import { inOrder } from './PartList'
import { ReferenceTabs } from './ReferenceTabs'
import { SectionColumns } from './SectionColumns'
import { TableScroller } from './TableScroller'

function ParamList({
  params,
  rendering,
  path,
}: {
  params: PreparedParam[]
  rendering: SectionRendering
  /** Names of the enclosing parameters: makes the id of each nested list unique in the section. */
  path: string
}) {
  return (
    <ul className="ref-params">
      {params.map((param) => (
        <li key={param.name}>
          <div className="ref-ph">
            <code>{param.name}</code>
            <code className="ref-type">{param.type}</code>
            {param.optional ? (
              <Badge>{PART_LABELS.optional}</Badge>
            ) : (
              <Badge tone="accent">{PART_LABELS.required}</Badge>
            )}
            {param.defaultValue !== undefined ? (
              <span className="ref-default">
                Default: <code>{param.defaultValue}</code>
              </span>
            ) : null}
          </div>
          <MarkdownHtml html={param.descriptionHtml} />
          {param.properties.length > 0 ? (
            <details className="ref-props">
              <summary>Properties of {param.name}</summary>
              <DeferredPart id={`props-${path}${param.name}`} rendering={rendering}>
                <ParamList params={param.properties} rendering={rendering} path={`${path}${param.name}.`} />
              </DeferredPart>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function DataTable({ table }: { table: ExampleTable }) {
  return (
    <TableScroller label={`Table ${table.name}`}>
      <table>
        <caption>{table.name}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell === null ? 'null' : String(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  )
}

function ExampleBody({ example, rendering }: { example: PreparedExample; rendering: SectionRendering }) {
  return (
    <>
      <MarkdownHtml html={example.descriptionHtml} />
      <CodeFigure code={example.code} run={example.run} />
      {example.sql !== undefined || example.tables ? (
        <details>
          <summary>{PART_LABELS.dataSource}</summary>
          <DeferredPart id={`ex-${example.id}-data`} rendering={rendering}>
            {example.sql !== undefined ? <CodeFigure code={example.sql} /> : null}
            {example.tables?.map((table) => (
              <DataTable key={table.name} table={table} />
            ))}
          </DeferredPart>
        </details>
      ) : null}
      {example.setup !== undefined ? (
        <details>
          <summary>{PART_LABELS.projectSetup}</summary>
          <DeferredPart id={`ex-${example.id}-setup`} rendering={rendering}>
            <CodeFigure code={example.setup} />
          </DeferredPart>
        </details>
      ) : null}
      {example.response !== undefined ? (
        <details>
          <summary>{PART_LABELS.exampleResponse}</summary>
          <DeferredPart id={`ex-${example.id}-response`} rendering={rendering}>
            <CodeFigure code={example.response} />
          </DeferredPart>
        </details>
      ) : null}
    </>
  )
}

function Examples({
  slug,
  title,
  examples,
  rendering,
}: {
  slug: string
  title: string
  examples: PreparedExample[]
  rendering: SectionRendering
}) {
  if (examples.length === 1 && examples[0]) {
    return (
      <div className="ref-example">
        <p className="ref-example-name">{examples[0].name}</p>
        <ExampleBody example={examples[0]} rendering={rendering} />
      </div>
    )
  }
  return (
    <ReferenceTabs
      slug={slug}
      label={`Examples of ${title}`}
      rendering={rendering}
      tabs={examples.map((example) => ({
        id: example.id,
        name: example.name,
        body: (panelRendering) => <ExampleBody example={example} rendering={panelRendering} />,
      }))}
    />
  )
}

export function FunctionSection({
  slug,
  title,
  parts,
  subheadingLevel,
  rendering,
}: {
  slug: string
  title: string
  parts: PreparedPart[]
  subheadingLevel: 3 | 4
  rendering: SectionRendering
}) {
  const Sub = `h${subheadingLevel}` as const
  const part = (entry: PreparedPart) => {
    switch (entry.kind) {
      case 'description':
        return <MarkdownHtml html={entry.html} />
      case 'params':
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            <ParamList params={entry.params} rendering={rendering} path="" />
          </>
        )
      case 'examples':
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            <Examples slug={slug} title={title} examples={entry.examples} rendering={rendering} />
          </>
        )
      case 'notes':
        return (
          <details>
            <summary>{entry.label}</summary>
            <DeferredPart id="notes" rendering={rendering}>
              <MarkdownHtml html={entry.html} />
            </DeferredPart>
          </details>
        )
      default:
        throw new Error(`A function section has no ${entry.kind} part`)
    }
  }
  const { text, side } = partsByColumn(parts)
  return <SectionColumns rendering={rendering} text={inOrder(text, part)} side={inOrder(side, part)} />
}
