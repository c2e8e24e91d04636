/**
 * Reference sections as Markdown, generated from the same spec data the pages render: a function's
 * parameters and examples, a CLI command's usage and flags, an API operation's parameters, body
 * and responses. Markdown sections go through the guides' MDX converter.
 */
import {
  sectionPath,
  type CliCommand,
  type CliFlag,
  type ClientFunction,
  type ExampleTable,
  type FunctionParam,
  type LoadedReference,
  type OperationMediaType,
  type OperationModel,
  type ReferenceLibrary,
  type ReferenceSection,
  type SchemaView,
  type SubcommandLink,
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

function functionMarkdown(fn: ClientFunction, language: string, siteUrl: string): string[] {
  const parts: string[] = []
  if (fn.description) parts.push(absoluteLinks(fn.description.trim(), siteUrl))
  if (fn.params.length > 0) parts.push('## Parameters', paramList(fn.params, siteUrl))
  if (fn.notes) parts.push('## Notes', absoluteLinks(fn.notes.trim(), siteUrl))
  if (fn.examples.length > 0) {
    parts.push('## Examples')
    for (const example of fn.examples) {
      parts.push(`### ${example.name}`)
      if (example.description) parts.push(absoluteLinks(example.description.trim(), siteUrl))
      parts.push(fence(example.code, example.lang ?? language))
      if (example.data) {
        parts.push('Data source:')
        if (example.data.sql !== undefined) parts.push(fence(example.data.sql, 'sql'))
        for (const data of example.data.tables ?? []) parts.push(dataTable(data))
      }
      if (example.response !== undefined) parts.push('Response:', fence(example.response, 'json'))
    }
  }
  return parts
}

function flagDescription(flag: CliFlag, siteUrl: string): string {
  const accepted = flag.accepted_values?.length
    ? ` One of: ${flag.accepted_values.map((value) => inlineCode(value.name)).join(', ')}.`
    : ''
  const notes = [flag.required ? 'Required.' : '', flag.inherit ? 'Inherited.' : ''].filter(Boolean).join(' ')
  return [oneParagraph(flag.description, siteUrl) + accepted, notes].filter(Boolean).join(' ')
}

export function flagsTable(flags: readonly CliFlag[], siteUrl: string): string {
  return table(
    ['Flag', 'Type', 'Default', 'Description'],
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

function cliMarkdown(
  command: CliCommand,
  subcommands: readonly SubcommandLink[],
  language: string,
  library: ReferenceLibrary,
  siteUrl: string,
): string[] {
  const parts = [command.summary.trim()]
  if (command.experimental) parts.push(`Experimental: run it with ${inlineCode('--experimental')}.`)
  if (command.description) parts.push(absoluteLinks(command.description.trim(), siteUrl))
  parts.push('## Usage', fence(command.usage, language))
  if (subcommands.length > 0) {
    parts.push(
      '## Subcommands',
      subcommands
        .map((sub) => {
          const name = sub.slug
            ? `[${sub.title}](${siteUrl}${sectionPath(library, sub.slug)}.md)`
            : inlineCode(sub.title)
          return `- ${name}${sub.summary ? `: ${sub.summary}` : ''}`
        })
        .join('\n'),
    )
  }
  if (command.flags.length > 0) parts.push('## Flags', flagsTable(command.flags, siteUrl))
  if (command.examples?.length) {
    parts.push('## Examples')
    for (const example of command.examples) {
      parts.push(`### ${example.name}`, fence(example.code, language))
      if (example.response !== undefined) parts.push('Output:', fence(example.response, 'text'))
    }
  }
  if (command.links.length > 0) {
    parts.push('## See also', command.links.map((link) => `- [${link.name}](${link.url})`).join('\n'))
  }
  return parts
}

function schemaFacts(schema: SchemaView, siteUrl: string): string {
  const facts = [inlineCode(schema.type)]
  if (schema.required) facts.push('required')
  if (schema.default !== undefined) facts.push(`default ${inlineCode(schema.default)}`)
  const description = schema.description ? `: ${oneParagraph(schema.description, siteUrl)}` : ''
  const values = schema.enum?.length ? ` One of: ${schema.enum.map(inlineCode).join(', ')}.` : ''
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

const sameText = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase()

function operationMarkdown(operation: OperationModel, title: string, siteUrl: string): string[] {
  const parts = [inlineCode(`${operation.method.toUpperCase()} ${operation.path}`)]
  if (operation.deprecated) parts.push('Deprecated.')
  // The summary is usually the section title already.
  if (operation.summary && !sameText(operation.summary, title)) parts.push(operation.summary.trim())
  if (
    operation.description &&
    !sameText(operation.description, operation.summary) &&
    !sameText(operation.description, title)
  ) {
    parts.push(absoluteLinks(operation.description.trim(), siteUrl))
  }
  if (operation.parameters.length > 0) {
    parts.push(
      '## Parameters',
      table(
        ['Name', 'In', 'Type', 'Description'],
        operation.parameters.map((parameter) => [
          `${inlineCode(parameter.name)}${parameter.required ? ' (required)' : ''}`,
          parameter.location,
          inlineCode(parameter.schema.type),
          [
            parameter.description ? oneParagraph(parameter.description, siteUrl) : '',
            parameter.schema.enum?.length
              ? `One of: ${parameter.schema.enum.map(inlineCode).join(', ')}.`
              : '',
          ]
            .filter(Boolean)
            .join(' '),
        ]),
      ),
    )
  }
  if (operation.requestBody) {
    parts.push(`## Request body${operation.requestBody.required ? ' (required)' : ''}`)
    if (operation.requestBody.description)
      parts.push(absoluteLinks(operation.requestBody.description.trim(), siteUrl))
    for (const media of operation.requestBody.content) parts.push(...mediaMarkdown(media, 'Example', siteUrl))
  }
  if (operation.responses.length > 0) {
    parts.push('## Responses')
    for (const response of operation.responses) {
      parts.push(`### ${response.code}`, response.description.trim())
      for (const media of response.content) parts.push(...mediaMarkdown(media, 'Example response', siteUrl))
    }
  }
  return parts
}

/** One section as a Markdown document: `# title`, then its content with `##` subheadings. */
export function referenceSectionToMarkdown(
  section: ReferenceSection,
  library: ReferenceLibrary,
  options: ReferenceMarkdownOptions,
): string {
  const { siteUrl } = options
  const { content } = section
  let parts: string[]
  switch (content.kind) {
    case 'markdown':
      parts = [
        mdxToMarkdown(content.source, {
          file: content.file,
          pageHref: sectionPath(library, section.slug),
          siteUrl,
        }),
      ]
      break
    case 'function':
      parts = functionMarkdown(content.fn, content.language, siteUrl)
      break
    case 'cli-command':
      parts = cliMarkdown(content.command, content.subcommands, content.language, library, siteUrl)
      break
    case 'operation':
      parts = operationMarkdown(content.operation, section.title, siteUrl)
      break
  }
  return `${[`# ${section.title}`, ...parts.filter((part) => part.trim() !== '')].join('\n\n')}\n`
}

/** The library's own introduction: name, version, description and (CLI) global flags. */
export function referenceIntroMarkdown(
  reference: LoadedReference,
  options: ReferenceMarkdownOptions,
): string {
  const parts = [`# ${reference.library.name}`, `Version ${reference.specVersion}.`]
  if (reference.description) parts.push(absoluteLinks(reference.description.trim(), options.siteUrl))
  if (reference.globalFlags.length > 0) {
    parts.push('## Global flags', flagsTable(reference.globalFlags, options.siteUrl))
  }
  return `${parts.join('\n\n')}\n`
}

/** One line of summary for the llms.txt index; undefined when the spec has none. */
export function referenceSectionSummary(section: ReferenceSection): string | undefined {
  const { content } = section
  switch (content.kind) {
    case 'markdown':
      return undefined
    case 'function':
      return firstSentence(content.fn.description)
    case 'cli-command':
      return firstSentence(content.command.summary)
    case 'operation':
      return firstSentence(content.operation.summary ?? content.operation.description)
  }
}

/** The first sentence of plain-ish Markdown, on one line. */
export function firstSentence(markdown: string | undefined): string | undefined {
  if (!markdown) return undefined
  const flat =
    markdown
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s*\n\s*/g, ' ') ?? ''
  const match = /^(.+?[.!?])(?:\s|$)/.exec(flat)
  const sentence = (match?.[1] ?? flat).trim()
  return sentence === '' ? undefined : sentence
}
