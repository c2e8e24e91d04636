/**
 * Turns loaded sections into render-ready data: every Markdown field and code sample becomes
 * HTML once, up front, so the page's style sheet of code colours is complete before rendering
 * and the components stay synchronous and small.
 */
import type { ReactElement } from 'react'
import { splitPreamble } from '@/components/ui/code-meta'
import { renderMdx } from '@/features/guides/render-mdx'
import { CodeStyleSheet, highlightCompact } from './compact-code'
import type { ReferenceSection, SubcommandLink } from './load-reference'
import { inlineMarkdownToHtml, markdownToHtml } from './markdown-html'
import type { SchemaView } from './operation-model'
import type { CliFlag, ExampleTable, FunctionParam } from './schemas'

export interface PreparedParam {
  name: string
  type: string
  optional: boolean
  defaultValue?: string
  descriptionHtml: string
  properties: PreparedParam[]
}

export interface PreparedFunctionExample {
  id: string
  name: string
  codeHtml: string
  descriptionHtml: string
  sqlHtml?: string
  tables?: ExampleTable[]
  responseHtml?: string
}

export interface PreparedFlag {
  id: string
  name: string
  shorthand?: string
  type?: string
  defaultValue: string
  required: boolean
  inherited: boolean
  acceptedValues: string[]
  descriptionHtml: string
}

export interface PreparedSchema {
  name?: string
  type: string
  required: boolean
  descriptionHtml: string
  enum?: string[]
  defaultValue?: string
  recursive: boolean
  properties: PreparedSchema[]
}

export interface PreparedMedia {
  contentType: string
  schema?: PreparedSchema
  exampleHtml?: string
}

export type PreparedContent =
  | { kind: 'markdown'; content: ReactElement }
  | {
      kind: 'function'
      descriptionHtml: string
      notesHtml: string
      params: PreparedParam[]
      examples: PreparedFunctionExample[]
    }
  | {
      kind: 'cli-command'
      summary: string
      descriptionHtml: string
      usageHtml: string
      experimental: boolean
      flags: PreparedFlag[]
      subcommands: SubcommandLink[]
      links: { name: string; url: string }[]
      examples: { id: string; name: string; codeHtml: string; responseHtml?: string }[]
    }
  | {
      kind: 'operation'
      method: string
      path: string
      deprecated: boolean
      descriptionHtml: string
      parameters: {
        name: string
        location: string
        required: boolean
        type: string
        enum?: string[]
        descriptionHtml: string
      }[]
      requestBody?: { required: boolean; descriptionHtml: string; content: PreparedMedia[] }
      responses: { code: string; descriptionHtml: string; content: PreparedMedia[] }[]
    }

export interface PreparedSection {
  id: string
  slug: string
  title: string
  kind: ReferenceSection['kind']
  depth: number
  content: PreparedContent
}

async function prepareParam(param: FunctionParam, sheet: CodeStyleSheet): Promise<PreparedParam> {
  return {
    name: param.name,
    type: param.type,
    optional: param.optional ?? false,
    defaultValue: param.default_value,
    descriptionHtml: await markdownToHtml(param.description ?? '', sheet),
    properties: await Promise.all((param.properties ?? []).map((p) => prepareParam(p, sheet))),
  }
}

async function prepareFlag(flag: CliFlag, sheet: CodeStyleSheet): Promise<PreparedFlag> {
  return {
    id: flag.id,
    name: flag.name,
    shorthand: flag.shorthand,
    type: flag.type,
    defaultValue: flag.default_value,
    required: flag.required ?? false,
    inherited: flag.inherit ?? false,
    acceptedValues: flag.accepted_values?.map((value) => value.name) ?? [],
    descriptionHtml: await inlineMarkdownToHtml(flag.description, sheet),
  }
}

async function prepareSchema(view: SchemaView, sheet: CodeStyleSheet): Promise<PreparedSchema> {
  return {
    name: view.name,
    type: view.type,
    required: view.required,
    descriptionHtml: await inlineMarkdownToHtml(view.description ?? '', sheet),
    enum: view.enum,
    defaultValue: view.default,
    recursive: view.recursive ?? false,
    properties: await Promise.all(view.properties.map((p) => prepareSchema(p, sheet))),
  }
}

/** The visible part of a sample (above `---cut---` is a type-checking preamble). */
function visibleCode(code: string): string {
  return splitPreamble(code).visible.replace(/\n+$/, '')
}

async function prepareContent(section: ReferenceSection, sheet: CodeStyleSheet): Promise<PreparedContent> {
  const { content } = section
  switch (content.kind) {
    case 'markdown': {
      const rendered = await renderMdx(content.source, content.file)
      return { kind: 'markdown', content: rendered.content }
    }
    case 'function': {
      const { fn, language } = content
      return {
        kind: 'function',
        descriptionHtml: await markdownToHtml(fn.description ?? '', sheet),
        notesHtml: await markdownToHtml(fn.notes ?? '', sheet),
        params: await Promise.all(fn.params.map((param) => prepareParam(param, sheet))),
        examples: await Promise.all(
          fn.examples.map(async (example) => ({
            id: example.id,
            name: example.name,
            codeHtml: await highlightCompact(visibleCode(example.code), example.lang ?? language, sheet),
            descriptionHtml: await markdownToHtml(example.description ?? '', sheet),
            sqlHtml:
              example.data?.sql !== undefined
                ? await highlightCompact(example.data.sql.trim(), 'sql', sheet)
                : undefined,
            tables: example.data?.tables,
            responseHtml:
              example.response !== undefined
                ? await highlightCompact(example.response.trim(), responseLanguage(example.response), sheet)
                : undefined,
          })),
        ),
      }
    }
    case 'cli-command': {
      const { command, language } = content
      return {
        kind: 'cli-command',
        summary: command.summary,
        descriptionHtml: await markdownToHtml(command.description ?? '', sheet),
        usageHtml: await highlightCompact(command.usage, language, sheet),
        experimental: command.experimental ?? false,
        flags: await Promise.all(command.flags.map((flag) => prepareFlag(flag, sheet))),
        subcommands: content.subcommands,
        links: command.links,
        examples: await Promise.all(
          (command.examples ?? []).map(async (example) => ({
            id: example.id,
            name: example.name,
            codeHtml: await highlightCompact(visibleCode(example.code), language, sheet),
            responseHtml:
              example.response !== undefined
                ? await highlightCompact(example.response.replace(/\n+$/, ''), 'text', sheet)
                : undefined,
          })),
        ),
      }
    }
    case 'operation': {
      const { operation } = content
      const media = (list: (typeof operation.responses)[number]['content']) =>
        Promise.all(
          list.map(async (entry) => ({
            contentType: entry.contentType,
            schema: entry.schema ? await prepareSchema(entry.schema, sheet) : undefined,
            exampleHtml:
              entry.example !== undefined ? await highlightCompact(entry.example, 'json', sheet) : undefined,
          })),
        )
      return {
        kind: 'operation',
        method: operation.method.toUpperCase(),
        path: operation.path,
        deprecated: operation.deprecated,
        descriptionHtml: await markdownToHtml(operation.description ?? '', sheet),
        parameters: await Promise.all(
          operation.parameters.map(async (parameter) => ({
            name: parameter.name,
            location: parameter.location,
            required: parameter.required,
            type: parameter.schema.type,
            enum: parameter.schema.enum,
            descriptionHtml: await inlineMarkdownToHtml(parameter.description ?? '', sheet),
          })),
        ),
        requestBody: operation.requestBody
          ? {
              required: operation.requestBody.required,
              descriptionHtml: await inlineMarkdownToHtml(operation.requestBody.description ?? '', sheet),
              content: await media(operation.requestBody.content),
            }
          : undefined,
        responses: await Promise.all(
          operation.responses.map(async (response) => ({
            code: response.code,
            descriptionHtml: await inlineMarkdownToHtml(response.description, sheet),
            content: await media(response.content),
          })),
        ),
      }
    }
  }
}

/** JSON responses are highlighted as JSON; anything else as plain text. */
function responseLanguage(response: string): string {
  const trimmed = response.trim()
  if (!/^[[{]/.test(trimmed)) return 'text'
  try {
    JSON.parse(trimmed)
    return 'json'
  } catch {
    // Responses written as JS object literals (unquoted keys) still read best highlighted.
    return 'js'
  }
}

export interface PreparedPage {
  sections: PreparedSection[]
  /** The spec's description, for the top of the long page. */
  introHtml: string
  /** CLI: flags every command accepts. */
  globalFlags: PreparedFlag[]
  /** Colour classes of every code sample on the page. */
  codeCss: string
}

export async function prepareSections(
  sections: readonly ReferenceSection[],
  page: { description?: string; globalFlags?: readonly CliFlag[] } = {},
): Promise<PreparedPage> {
  const sheet = new CodeStyleSheet()
  const introHtml = await markdownToHtml(page.description ?? '', sheet)
  const globalFlags = await Promise.all((page.globalFlags ?? []).map((flag) => prepareFlag(flag, sheet)))
  const prepared: PreparedSection[] = []
  // In page order, so class names are stable from build to build.
  for (const section of sections) {
    prepared.push({
      id: section.id,
      slug: section.slug,
      title: section.title,
      kind: section.kind,
      depth: section.depth,
      content: await prepareContent(section, sheet),
    })
  }
  return { sections: prepared, introHtml, globalFlags, codeCss: sheet.css() }
}
