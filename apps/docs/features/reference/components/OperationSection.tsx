import { Fragment } from 'react'
import {
  partsByColumn,
  type PreparedMedia,
  type PreparedOperationParam,
  type PreparedPart,
  type PreparedResponse,
  type PreparedSchema,
  type PreparedSharedResponse,
} from '../prepare-sections'
import { OPERATION_PARAM_COLUMNS, PART_LABELS, type SharedResponseRef } from '../section-model'
import { Badge, CodeFigure, MarkdownHtml } from './CodeFigure'
import { DeferredPart, type SectionRendering } from './DeferredPart'
import { inOrder } from './PartList'
import { RequestExample } from './RequestExample'
import { SectionColumns } from './SectionColumns'
import { TableScroller } from './TableScroller'

function SchemaTree({
  properties,
  rendering,
  path,
}: {
  properties: PreparedSchema[]
  rendering: SectionRendering
  /** Where this tree sits in the section: makes the ids of its nested parts unique. */
  path: string
}) {
  return (
    <ul className="ref-params">
      {properties.map((property) => (
        <li key={property.name}>
          <div className="ref-ph">
            <code>{property.name}</code>
            <code className="ref-type">{property.type}</code>
            {property.required ? <Badge tone="accent">{PART_LABELS.required}</Badge> : null}
            {property.defaultValue !== undefined ? (
              <span className="ref-default">
                Default: <code>{property.defaultValue}</code>
              </span>
            ) : null}
          </div>
          <MarkdownHtml html={property.descriptionHtml} />
          {property.enum ? <EnumValues values={property.enum} /> : null}
          {property.properties.length > 0 ? (
            <details className="ref-props">
              <summary>Properties of {property.name}</summary>
              <DeferredPart id={`${path}.${property.name}`} rendering={rendering}>
                <SchemaTree
                  properties={property.properties}
                  rendering={rendering}
                  path={`${path}.${property.name}`}
                />
              </DeferredPart>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function EnumValues({ values }: { values: string[] }) {
  return (
    <p className="ref-accepted">
      {PART_LABELS.acceptedValues}{' '}
      {values.map((value, index) => (
        <span key={value}>
          {index > 0 ? ', ' : null}
          <code>{value}</code>
        </span>
      ))}
    </p>
  )
}

function MediaSchema({
  media,
  rendering,
  path,
}: {
  media: PreparedMedia
  rendering: SectionRendering
  path: string
}) {
  const schema = media.schema
  return (
    <>
      <p className="ref-content-type">
        <code>{media.contentType}</code>
        {schema ? <code className="ref-type">{schema.type}</code> : null}
      </p>
      {schema ? <MarkdownHtml html={schema.descriptionHtml} /> : null}
      {schema && schema.properties.length > 0 ? (
        <SchemaTree properties={schema.properties} rendering={rendering} path={path} />
      ) : null}
    </>
  )
}

/** A response: its example first (what a reader compares with), its schema one click away. */
function ResponseBody({
  media,
  rendering,
  path,
}: {
  media: PreparedMedia
  rendering: SectionRendering
  path: string
}) {
  const hasSchema = media.schema !== undefined && media.schema.properties.length > 0
  return (
    <div className="ref-media">
      {media.example !== undefined ? <CodeFigure code={media.example} /> : null}
      {hasSchema || media.example === undefined ? (
        <details className="ref-props">
          <summary>
            Schema <code>{media.contentType}</code>
          </summary>
          <DeferredPart id={path} rendering={rendering}>
            <MediaSchema media={media} rendering={{ ...rendering, deferred: false }} path={path} />
          </DeferredPart>
        </details>
      ) : null}
    </div>
  )
}

export function OperationSection({
  slug,
  parts,
  subheadingLevel,
  rendering,
}: {
  slug: string
  parts: PreparedPart[]
  subheadingLevel: 3 | 4
  rendering: SectionRendering
}) {
  const Sub = `h${subheadingLevel}` as const
  const part = (entry: PreparedPart) => {
    switch (entry.kind) {
      case 'endpoint':
        return (
          <p className="ref-endpoint">
            <span className={`ref-method ref-method-${entry.method.toLowerCase()}`}>{entry.method}</span>
            <code>{entry.path}</code>
            {entry.deprecated ? <Badge tone="warn">{PART_LABELS.deprecated}</Badge> : null}
          </p>
        )
      case 'description':
        return <MarkdownHtml html={entry.html} />
      case 'operation-params':
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            <ParameterTable label={entry.label} parameters={entry.params} />
          </>
        )
      case 'request-body':
        return (
          <>
            <Sub className="ref-subheading">
              {/* One text node with its space, as the label was written before the badge. */}
              {`${entry.label} `}
              {entry.required ? <Badge tone="accent">{PART_LABELS.required}</Badge> : null}
            </Sub>
            <MarkdownHtml html={entry.descriptionHtml} />
            {entry.content.map((media, index) => (
              <div key={media.contentType} className="ref-media">
                <MediaSchema media={media} rendering={rendering} path={`body${index}`} />
              </div>
            ))}
          </>
        )
      case 'request':
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            <RequestExample slug={slug} request={entry.request} rendering={rendering} />
          </>
        )
      case 'responses':
        return (
          <>
            <Sub className="ref-subheading">{entry.label}</Sub>
            {entry.own.map((response) => (
              <OwnResponse key={response.code} response={response} rendering={rendering} />
            ))}
            <SharedResponseLinks responses={entry.shared} rendering={rendering} />
          </>
        )
      default:
        throw new Error(`An operation section has no ${entry.kind} part`)
    }
  }
  const { text, side } = partsByColumn(parts)
  return <SectionColumns rendering={rendering} text={inOrder(text, part)} side={inOrder(side, part)} />
}

/** A response of this operation alone: successes open with their example, others closed. */
function OwnResponse({ response, rendering }: { response: PreparedResponse; rendering: SectionRendering }) {
  const success = response.code.startsWith('2')
  const bodies = response.content.map((media, index) => (
    <ResponseBody
      key={media.contentType}
      media={media}
      rendering={success ? rendering : { ...rendering, deferred: false }}
      path={`response-${response.code}-${index}`}
    />
  ))
  return (
    <details className="ref-response" open={success}>
      <summary>
        <span className={`ref-status ref-status-${response.code[0] ?? 'x'}`}>{response.code}</span>{' '}
        <MarkdownHtml html={response.descriptionHtml} inline />
      </summary>
      {success || bodies.length === 0 ? (
        bodies
      ) : (
        <DeferredPart id={`response-${response.code}`} rendering={rendering}>
          {bodies}
        </DeferredPart>
      )}
    </details>
  )
}

/** Responses shared by many operations: one line of links to where the page describes them. */
function SharedResponseLinks({
  responses,
  rendering,
}: {
  responses: SharedResponseRef[]
  rendering: SectionRendering
}) {
  if (responses.length === 0) return null
  return (
    <p className="ref-shared-responses">
      {PART_LABELS.alsoResponses}{' '}
      {responses.map((response, index) => (
        <Fragment key={response.code}>
          {index > 0 ? ', ' : null}
          <a href={`${rendering.pageHref}#${response.id}`}>
            {response.code} {response.label}
          </a>
        </Fragment>
      ))}
    </p>
  )
}

/** The page's shared responses, each described once; operations link here. */
export function SharedResponses({ responses }: { responses: PreparedSharedResponse[] }) {
  if (responses.length === 0) return null
  const full: SectionRendering = { deferred: false, partsHref: '', pageHref: '' }
  return (
    <section className="ref-shared" aria-labelledby="ref-shared-responses">
      <h2 className="ref-subheading" id="ref-shared-responses">
        {PART_LABELS.sharedResponses}
      </h2>
      {responses.map((response) => (
        <div key={response.id} className="ref-shared-response">
          <h3 id={response.id}>
            {response.codes.map((code) => (
              <span key={code} className={`ref-status ref-status-${code[0] ?? 'x'}`}>
                {code}
              </span>
            ))}{' '}
            {response.label}
          </h3>
          <MarkdownHtml html={response.descriptionHtml} />
          {response.content.map((media, index) => (
            <ResponseBody
              key={media.contentType}
              media={media}
              rendering={full}
              path={`${response.id}-${index}`}
            />
          ))}
        </div>
      ))}
    </section>
  )
}

function ParameterTable({ label, parameters }: { label: string; parameters: PreparedOperationParam[] }) {
  return (
    <TableScroller label={label} className="ref-stacking-table">
      <table>
        <thead>
          <tr>
            <th scope="col">{OPERATION_PARAM_COLUMNS[0]}</th>
            <th scope="col">{OPERATION_PARAM_COLUMNS[1]}</th>
            <th scope="col">{OPERATION_PARAM_COLUMNS[2]}</th>
            <th scope="col">{OPERATION_PARAM_COLUMNS[3]}</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => (
            <tr key={`${parameter.location}:${parameter.name}`}>
              <td>
                <code>{parameter.name}</code>
                {parameter.required ? <Badge tone="accent">{PART_LABELS.required}</Badge> : null}
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
    </TableScroller>
  )
}
