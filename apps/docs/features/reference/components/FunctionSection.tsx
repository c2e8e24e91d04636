import type { ExampleTable } from '../schemas'
import type { PreparedContent, PreparedFunctionExample, PreparedParam } from '../prepare-sections'
import { Badge, CodeFigure, MarkdownHtml } from './CodeFigure'

type FunctionContent = Extract<PreparedContent, { kind: 'function' }>

function ParamList({ params }: { params: PreparedParam[] }) {
  return (
    <ul className="ref-params">
      {params.map((param) => (
        <li key={param.name}>
          <div className="ref-ph">
            <code>{param.name}</code>
            <code className="ref-type">{param.type}</code>
            {param.optional ? <Badge>Optional</Badge> : <Badge tone="accent">Required</Badge>}
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
              <ParamList params={param.properties} />
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function DataTable({ table }: { table: ExampleTable }) {
  return (
    <div className="ref-table-wrap">
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
    </div>
  )
}

function ExampleBody({ example }: { example: PreparedFunctionExample }) {
  return (
    <>
      <MarkdownHtml html={example.descriptionHtml} />
      <CodeFigure html={example.codeHtml} />
      {example.sqlHtml !== undefined || example.tables ? (
        <details>
          <summary>Data source</summary>
          {example.sqlHtml !== undefined ? <CodeFigure html={example.sqlHtml} caption="SQL" /> : null}
          {example.tables?.map((table) => (
            <DataTable key={table.name} table={table} />
          ))}
        </details>
      ) : null}
      {example.responseHtml !== undefined ? (
        <details>
          <summary>Response</summary>
          <CodeFigure html={example.responseHtml} caption="Response" />
        </details>
      ) : null}
    </>
  )
}

/** Examples as tabs; every panel is in the HTML, the inactive ones hidden by CSS. */
function ExampleTabs({
  slug,
  title,
  examples,
}: {
  slug: string
  title: string
  examples: PreparedFunctionExample[]
}) {
  if (examples.length === 1 && examples[0]) {
    return (
      <div className="ref-example">
        <p className="ref-example-name">{examples[0].name}</p>
        <ExampleBody example={examples[0]} />
      </div>
    )
  }
  return (
    <div className="ref-tabs" data-ref-tabs>
      <div role="tablist" aria-label={`Examples of ${title}`}>
        {examples.map((example, index) => (
          <button
            key={example.id}
            type="button"
            role="tab"
            id={`${slug}--${example.id}-tab`}
            aria-controls={`${slug}--${example.id}`}
            aria-selected={index === 0}
            tabIndex={index === 0 ? 0 : -1}
          >
            {example.name}
          </button>
        ))}
      </div>
      {examples.map((example, index) => (
        <div
          key={example.id}
          role="tabpanel"
          id={`${slug}--${example.id}`}
          aria-labelledby={`${slug}--${example.id}-tab`}
          className="tab-panel"
          data-state={index === 0 ? 'active' : 'inactive'}
        >
          <p className="tab-panel-label">{example.name}</p>
          <ExampleBody example={example} />
        </div>
      ))}
    </div>
  )
}

export function FunctionSection({
  slug,
  title,
  content,
  subheadingLevel,
}: {
  slug: string
  title: string
  content: FunctionContent
  subheadingLevel: 3 | 4
}) {
  const Sub = `h${subheadingLevel}` as const
  return (
    <>
      <MarkdownHtml html={content.descriptionHtml} />
      {content.params.length > 0 ? (
        <>
          <Sub className="ref-subheading">Parameters</Sub>
          <ParamList params={content.params} />
        </>
      ) : null}
      {content.examples.length > 0 ? (
        <>
          <Sub className="ref-subheading">Examples</Sub>
          <ExampleTabs slug={slug} title={title} examples={content.examples} />
        </>
      ) : null}
      {content.notesHtml !== '' ? (
        <details>
          <summary>Notes</summary>
          <MarkdownHtml html={content.notesHtml} />
        </details>
      ) : null}
    </>
  )
}
