/**
 * Reference sections as Markdown, rendered from the reference's section model: the same parts, in
 * the same order and under the same labels as the pages. Written sections go through the guides'
 * MDX converter. Responses many operations share are described once, in their own page (the
 * library's long page URL plus `.md`), and each operation names the ones it gives.
 */
import {
  FLAG_COLUMNS,
  OPERATION_PARAM_COLUMNS,
  PART_LABELS,
  libraryBasePath,
  sectionPath,
  type CliFlag,
  type CodeSample,
  type ExampleModel,
  type ExampleTable,
  type FunctionParam,
  type OperationMediaType,
  type ReferenceLibrary,
  type ReferenceModel,
  type SchemaView,
  type SectionModel,
  type SectionPart,
  type SharedResponseModel,
} from '@/features/reference'
import { mdxToMarkdown } from './mdx-to-markdown'

export interface ReferenceMarkdownOptions {
  siteUrl: string
}

/** Backticks that survive any content: one more than the longest run inside. */
function inlineCode(value: string): string {
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${value}${pad}${fence}`
}

function fence(code: string, lang?: string, title?: string): string {
  const longest = Math.max(2, ...(code.match(/`{3,}/g) ?? []).map((run) => run.length))
  const marks = '`'.repeat(longest + 1)
  const info = [lang ?? '', title ? `title="${title}"` : ''].filter(Boolean).join(' ')
  return `${marks}${info}\n${code.replace(/\s+$/, '')}\n${marks}`
}

/** A table cell: one line, pipes escaped. */
function cell(value: string): string {
  return value
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim()
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`
  return [line(header), `| ${header.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n')
}

/** Site-relative links in spec Markdown become absolute, as in the guides' export. */
function absoluteLinks(markdown: string, siteUrl: string): string {
  return markdown.replace(/\]\((\/[^)\s]*)/g, (_match, href: string) => `](${siteUrl}${href}`)
}

/** Nested list of parameters; members of object parameters are indented under them. */
function paramList(params: readonly FunctionParam[], siteUrl: string, indent = ''): string {
  return params
    .map((param) => {
      const facts = [inlineCode(param.type), param.optional ? 'optional' : 'required']
      if (param.default_value !== undefined) facts.push(`default ${inlineCode(param.default_value)}`)
      const description = param.description ? `: ${oneParagraph(param.description, siteUrl)}` : ''
      const head = `${indent}- ${inlineCode(param.name)} (${facts.join(', ')})${description}`
      const nested = param.properties?.length
        ? `\n${paramList(param.properties, siteUrl, `${indent}  `)}`
        : ''
      return head + nested
    })
    .join('\n')
}

/** Multi-paragraph descriptions folded onto one list line. */
function oneParagraph(markdown: string, siteUrl: string): string {
  return absoluteLinks(markdown.trim().replace(/\s*\n\s*/g, ' '), siteUrl)
}

function dataTable(data: ExampleTable): string {
  const rows = data.rows.map((row) => row.map((value) => (value === null ? 'null' : String(value))))
  return `Table ${inlineCode(data.name)}:\n\n${table(data.columns, rows)}`
}

function sample(code: CodeSample): string {
  return fence(code.code, code.lang)
}

function exampleMarkdown(example: ExampleModel, siteUrl: string): string[] {
  const parts = [`### ${example.name}`]
  if (example.description) parts.push(absoluteLinks(example.description.trim(), siteUrl))
  parts.push(sample(example.code))
  if (example.dataSource) {
    parts.push(`${PART_LABELS.dataSource}:`)
    if (example.dataSource.sql) parts.push(sample(example.dataSource.sql))
    for (const data of example.dataSource.tables ?? []) parts.push(dataTable(data))
  }
  if (example.projectSetup) parts.push(`${PART_LABELS.projectSetup}:`, sample(example.projectSetup))
  if (example.response) parts.push(`${PART_LABELS.exampleResponse}:`, sample(example.response))
  if (example.output) parts.push(`${PART_LABELS.output}:`, sample(example.output))
  return parts
}

function flagDescription(flag: CliFlag, siteUrl: string): string {
  const accepted = flag.accepted_values?.length
    ? ` ${PART_LABELS.acceptedValues} ${flag.accepted_values.map((value) => inlineCode(value.name)).join(', ')}.`
    : ''
  const notes = [
    flag.required ? `${PART_LABELS.required}.` : '',
    flag.inherit ? `${PART_LABELS.inherited}.` : '',
  ]
    .filter(Boolean)
    .join(' ')
  return [oneParagraph(flag.description, siteUrl) + accepted, notes].filter(Boolean).join(' ')
}

export function flagsTable(flags: readonly CliFlag[], siteUrl: string): string {
  return table(
    [...FLAG_COLUMNS],
    flags.map((flag) => [
      [flag.name, flag.shorthand]
        .filter(Boolean)
        .map((name) => inlineCode(name ?? ''))
        .join(', '),
      flag.type ?? '',
      flag.default_value === '' ? 'none' : inlineCode(flag.default_value),
      flagDescription(flag, siteUrl),
    ]),
  )
}

function schemaFacts(schema: SchemaView, siteUrl: string): string {
  const facts = [inlineCode(schema.type)]
  if (schema.required) facts.push('required')
  if (schema.default !== undefined) facts.push(`default ${inlineCode(schema.default)}`)
  const description = schema.description ? `: ${oneParagraph(schema.description, siteUrl)}` : ''
  const values = schema.enum?.length
    ? ` ${PART_LABELS.acceptedValues} ${schema.enum.map(inlineCode).join(', ')}.`
    : ''
  return `(${facts.join(', ')})${description}${values}`
}

function schemaTree(properties: readonly SchemaView[], siteUrl: string, indent = ''): string {
  return properties
    .map((property) => {
      const head = `${indent}- ${inlineCode(property.name ?? 'item')} ${schemaFacts(property, siteUrl)}`
      const nested = property.properties.length
        ? `\n${schemaTree(property.properties, siteUrl, `${indent}  `)}`
        : ''
      return head + nested
    })
    .join('\n')
}

function mediaMarkdown(media: OperationMediaType, exampleLabel: string, siteUrl: string): string[] {
  const parts: string[] = []
  const schema = media.schema
  parts.push(`Content type ${inlineCode(media.contentType)}${schema ? `, ${inlineCode(schema.type)}` : ''}.`)
  if (schema?.description) parts.push(absoluteLinks(schema.description.trim(), siteUrl))
  if (schema && schema.properties.length > 0) parts.push(schemaTree(schema.properties, siteUrl))
  if (media.example !== undefined) parts.push(`${exampleLabel}:`, fence(media.example, 'json'))
  return parts
}

function operationParams(
  params: Extract<SectionPart, { kind: 'operation-params' }>['params'],
  siteUrl: string,
) {
  return table(
    [...OPERATION_PARAM_COLUMNS],
    params.map((parameter) => [
      `${inlineCode(parameter.name)}${parameter.required ? ' (required)' : ''}`,
      parameter.location,
      inlineCode(parameter.schema.type),
      [
        parameter.description ? oneParagraph(parameter.description, siteUrl) : '',
        parameter.schema.enum?.length
          ? `${PART_LABELS.acceptedValues} ${parameter.schema.enum.map(inlineCode).join(', ')}.`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    ]),
  )
}

/** Where a library's shared responses are described: its long page's Markdown. */
export function sharedResponsesPath(library: ReferenceLibrary): string {
  return libraryBasePath(library)
}

/** One part, under its `##` label when it has one. */
function partMarkdown(part: SectionPart, section: SectionModel, context: PartContext): string[] {
  const { siteUrl, library } = context
  switch (part.kind) {
    case 'markdown':
      return [
        mdxToMarkdown(part.source, {
          file: part.file,
          pageHref: sectionPath(library, section.slug),
          siteUrl,
        }),
      ]
    case 'summary':
      return [part.text.trim()]
    case 'experimental':
      return [`${PART_LABELS.experimental}: run it with ${inlineCode(part.flag)}.`]
    case 'endpoint':
      return [inlineCode(`${part.method} ${part.path}`), part.deprecated ? `${PART_LABELS.deprecated}.` : '']
    case 'description':
      return [absoluteLinks(part.markdown.trim(), siteUrl)]
    case 'usage':
      return [`## ${part.label}`, sample(part.code)]
    case 'subcommands':
      return [
        `## ${part.label}`,
        part.subcommands
          .map((sub) => {
            const name = sub.slug
              ? `[${sub.title}](${siteUrl}${sectionPath(library, sub.slug)}.md)`
              : inlineCode(sub.title)
            return `- ${name}${sub.summary ? `: ${sub.summary}` : ''}`
          })
          .join('\n'),
      ]
    case 'params':
      return [`## ${part.label}`, paramList(part.params, siteUrl)]
    case 'operation-params':
      return [`## ${part.label}`, operationParams(part.params, siteUrl)]
    case 'request-body':
      return [
        `## ${part.label}${part.required ? ' (required)' : ''}`,
        part.description ? absoluteLinks(part.description.trim(), siteUrl) : '',
        ...part.content.flatMap((media) => mediaMarkdown(media, 'Example', siteUrl)),
      ]
    case 'flags':
      return [`## ${part.label}`, flagsTable(part.flags, siteUrl)]
    case 'links':
      return [`## ${part.label}`, part.links.map((link) => `- [${link.name}](${link.url})`).join('\n')]
    case 'examples':
      return [`## ${part.label}`, ...part.examples.flatMap((example) => exampleMarkdown(example, siteUrl))]
    case 'notes':
      return [`## ${part.label}`, absoluteLinks(part.markdown.trim(), siteUrl)]
    case 'request':
      return [
        `## ${part.label}`,
        ...part.variants.flatMap((variant) => [`### ${variant.name}`, sample(variant.code)]),
      ]
    case 'responses': {
      const own = part.own.flatMap((response) => [
        `### ${response.code}`,
        response.description.trim(),
        ...response.content.flatMap((media) => mediaMarkdown(media, 'Example response', siteUrl)),
      ])
      const shared =
        part.shared.length > 0
          ? `${PART_LABELS.alsoResponses} ${part.shared
              .map((response) => `${inlineCode(response.code)} ${response.label}`)
              .join(
                ', ',
              )}, described in [${PART_LABELS.sharedResponses}](${siteUrl}${sharedResponsesPath(library)}.md).`
          : ''
      return [`## ${part.label}`, ...own, shared]
    }
  }
}

interface PartContext {
  siteUrl: string
  library: ReferenceLibrary
}

function document(title: string, parts: readonly string[]): string {
  return `${[`# ${title}`, ...parts.filter((part) => part.trim() !== '')].join('\n\n')}\n`
}

/** One section as a Markdown document: `# title`, then its parts with `##` labels. */
export function referenceSectionToMarkdown(
  section: SectionModel,
  library: ReferenceLibrary,
  options: ReferenceMarkdownOptions,
): string {
  const context = { siteUrl: options.siteUrl, library }
  return document(
    section.title,
    section.parts.flatMap((part) => partMarkdown(part, section, context)),
  )
}

/** The responses many operations share, each described once. */
export function sharedResponsesMarkdown(
  responses: readonly SharedResponseModel[],
  options: ReferenceMarkdownOptions,
): string {
  return document(
    PART_LABELS.sharedResponses,
    responses.flatMap((response) => [
      `## ${response.codes.join(', ')} ${response.label}`,
      absoluteLinks(response.description.trim(), options.siteUrl),
      ...response.content.flatMap((media) => mediaMarkdown(media, 'Example response', options.siteUrl)),
    ]),
  )
}

/**
 * The library's own introduction: name, version and description (the CLI's global flags are in
 * the section that explains them, as on the page).
 */
export function referenceIntroMarkdown(model: ReferenceModel, options: ReferenceMarkdownOptions): string {
  const parts = [`# ${model.library.name}`, `Version ${model.specVersion}.`]
  if (model.description) parts.push(absoluteLinks(model.description.trim(), options.siteUrl))
  return `${parts.join('\n\n')}\n`
}
