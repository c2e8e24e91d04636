import type { PreparedContent, PreparedMedia, PreparedSchema } from '../prepare-sections'
import { Badge, CodeFigure, MarkdownHtml } from './CodeFigure'

type OperationContent = Extract<PreparedContent, { kind: 'operation' }>

function SchemaTree({ properties }: { properties: PreparedSchema[] }) {
  return (
    <ul className="ref-params">
      {properties.map((property) => (
        <li key={property.name}>
          <div className="ref-ph">
            <code>{property.name}</code>
            <code className="ref-type">{property.type}</code>
            {property.required ? <Badge tone="accent">Required</Badge> : null}
            {property.defaultValue !== undefined ? (
              <span className="ref-default">
                Default: <code>{property.defaultValue}</code>
              </span>
            ) : null}
          </div>
          <MarkdownHtml html={property.descriptionHtml} />
          {property.enum ? <EnumValues values={property.enum} /> : null}
          {property.properties.length > 0 ? <SchemaTree properties={property.properties} /> : null}
        </li>
      ))}
    </ul>
  )
}

function EnumValues({ values }: { values: string[] }) {
  return (
    <p className="ref-accepted">
      One of:{' '}
      {values.map((value, index) => (
        <span key={value}>
          {index > 0 ? ', ' : null}
          <code>{value}</code>
        </span>
      ))}
    </p>
  )
}

function Media({ media, exampleCaption }: { media: PreparedMedia; exampleCaption: string }) {
  const schema = media.schema
  return (
    <div className="ref-media">
      <p className="ref-content-type">
        <code>{media.contentType}</code>
        {schema ? <code className="ref-type">{schema.type}</code> : null}
      </p>
      {schema ? <MarkdownHtml html={schema.descriptionHtml} /> : null}
      {schema && schema.properties.length > 0 ? <SchemaTree properties={schema.properties} /> : null}
      {media.exampleHtml !== undefined ? (
        <CodeFigure html={media.exampleHtml} caption={exampleCaption} />
      ) : null}
    </div>
  )
}

export function OperationSection({
  content,
  subheadingLevel,
}: {
  content: OperationContent
  subheadingLevel: 3 | 4
}) {
  const Sub = `h${subheadingLevel}` as const
  return (
    <>
      <p className="ref-endpoint">
        <span className={`ref-method ref-method-${content.method.toLowerCase()}`}>{content.method}</span>
        <code>{content.path}</code>
        {content.deprecated ? <Badge tone="warn">Deprecated</Badge> : null}
      </p>
      <MarkdownHtml html={content.descriptionHtml} />
      {content.parameters.length > 0 ? (
        <>
          <Sub className="ref-subheading">Parameters</Sub>
          <div className="ref-table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">In</th>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {content.parameters.map((parameter) => (
                  <tr key={`${parameter.location}:${parameter.name}`}>
                    <td>
                      <code>{parameter.name}</code>
                      {parameter.required ? <Badge tone="accent">Required</Badge> : null}
                    </td>
                    <td>{parameter.location}</td>
                    <td>
                      <code className="ref-type">{parameter.type}</code>
                    </td>
                    <td>
                      <MarkdownHtml html={parameter.descriptionHtml} inline />
                      {parameter.enum ? <EnumValues values={parameter.enum} /> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {content.requestBody ? (
        <>
          <Sub className="ref-subheading">
            Request body {content.requestBody.required ? <Badge tone="accent">Required</Badge> : null}
          </Sub>
          <MarkdownHtml html={content.requestBody.descriptionHtml} />
          {content.requestBody.content.map((media) => (
            <Media key={media.contentType} media={media} exampleCaption="Example body" />
          ))}
        </>
      ) : null}
      {content.responses.length > 0 ? (
        <>
          <Sub className="ref-subheading">Responses</Sub>
          {content.responses.map((response) => (
            <details key={response.code} className="ref-response" open={response.code.startsWith('2')}>
              <summary>
                <span className={`ref-status ref-status-${response.code[0] ?? 'x'}`}>{response.code}</span>{' '}
                <MarkdownHtml html={response.descriptionHtml} inline />
              </summary>
              {response.content.map((media) => (
                <Media key={media.contentType} media={media} exampleCaption="Example response" />
              ))}
            </details>
          ))}
        </>
      ) : null}
    </>
  )
}
