/**
 * Turns loaded sections into render-ready data: every Markdown field and code sample becomes
 * HTML once, up front, so the page's style sheet of code colours is complete before rendering
 * and the components stay synchronous and small.
 */
import type { ReactElement } from 'react'
import { splitPreamble } from '@/components/ui/code-meta'
import { renderMdx } from '@/features/guides/render-mdx'
import { CodeStyleSheet, highlightCompact } from './compact-code'
import { loadReference, type ReferenceSection, type SubcommandLink } from './load-reference'
import { inlineMarkdownToHtml, markdownToHtml } from './markdown-html'
import type { OperationMediaType, SchemaView, SharedResponse } from './operation-model'
import type { CliFlag, ExampleTable, FunctionParam } from './schemas'

export interface PreparedParam {
  name: string
  type: string
  optional: boolean
  defaultValue?: string
  descriptionHtml: string
  properties: PreparedParam[]
}

/** A highlighted sample and the label of its bar (its caption, or its language). */
export interface PreparedCode {
  html: string
  label: string
}

/** Ready-to-run requests for an operation, one per client. */
export interface PreparedRequest {
  variants: { id: string; name: string; code: PreparedCode }[]
}

export interface PreparedFunctionExample {
  id: string
  name: string
  code: PreparedCode
  descriptionHtml: string
  sql?: PreparedCode
  tables?: ExampleTable[]
  response?: PreparedCode
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
  example?: PreparedCode
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
      usage: PreparedCode
      experimental: boolean
      flags: PreparedFlag[]
      subcommands: SubcommandLink[]
      links: { name: string; url: string }[]
      examples: { id: string; name: string; code: PreparedCode; output?: PreparedCode }[]
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
      request?: PreparedRequest
      responses: PreparedResponse[]
    }

export interface PreparedResponse {
  code: string
  descriptionHtml: string
  content: PreparedMedia[]
  /** Set when it is one of the page's shared responses: the element id of its description. */
  sharedId?: string
}

/** A response many operations share, described once at the top of the page. */
export interface PreparedSharedResponse {
  id: string
  name: string
  codes: string[]
  descriptionHtml: string
  content: PreparedMedia[]
}

/** Element id of a shared response's description: `Unauthorized` -> `response-unauthorized`. */
export function sharedResponseId(name: string): string {
  return `response-${name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`
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

const LANGUAGE_LABELS: Record<string, string> = {
  ts: 'TypeScript',
  tsx: 'TypeScript',
  js: 'JavaScript',
  jsx: 'JavaScript',
  sql: 'SQL',
  json: 'JSON',
  bash: 'Shell',
  sh: 'Shell',
  shell: 'Shell',
  http: 'HTTP',
  yaml: 'YAML',
  toml: 'TOML',
  dart: 'Dart',
  swift: 'Swift',
  kotlin: 'Kotlin',
  python: 'Python',
}

/** The bar label of a sample without a caption: its language, in words. */
export function languageLabel(lang: string | undefined): string {
  return (lang && LANGUAGE_LABELS[lang.toLowerCase()]) ?? 'Code'
}

async function prepareCode(
  code: string,
  lang: string | undefined,
  sheet: CodeStyleSheet,
  caption?: string,
): Promise<PreparedCode> {
  return { html: await highlightCompact(code, lang, sheet), label: caption ?? languageLabel(lang) }
}

/** The visible part of a sample (above `---cut---` is a type-checking preamble). */
function visibleCode(code: string): string {
  return splitPreamble(code).visible.replace(/\n+$/, '')
}

async function prepareMedia(
  list: readonly OperationMediaType[],
  sheet: CodeStyleSheet,
): Promise<PreparedMedia[]> {
  return Promise.all(
    list.map(async (entry) => ({
      contentType: entry.contentType,
      schema: entry.schema ? await prepareSchema(entry.schema, sheet) : undefined,
      example: entry.example !== undefined ? await prepareCode(entry.example, 'json', sheet) : undefined,
    })),
  )
}

async function prepareContent(
  section: ReferenceSection,
  sheet: CodeStyleSheet,
  sharedNames: ReadonlySet<string>,
): Promise<PreparedContent> {
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
            code: await prepareCode(visibleCode(example.code), example.lang ?? language, sheet),
            descriptionHtml: await markdownToHtml(example.description ?? '', sheet),
            sql:
              example.data?.sql !== undefined
                ? await prepareCode(example.data.sql.trim(), 'sql', sheet, 'SQL')
                : undefined,
            tables: example.data?.tables,
            response:
              example.response !== undefined
                ? await prepareCode(
                    example.response.trim(),
                    responseLanguage(example.response),
                    sheet,
                    'Response',
                  )
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
        // Plain: a usage line is one word of code and placeholders, colour adds nothing.
        usage: await prepareCode(command.usage, 'text', sheet, 'Usage'),
        experimental: command.experimental ?? false,
        flags: await Promise.all(command.flags.map((flag) => prepareFlag(flag, sheet))),
        subcommands: content.subcommands,
        links: command.links,
        examples: await Promise.all(
          (command.examples ?? []).map(async (example) => ({
            id: example.id,
            name: example.name,
            code: await prepareCode(visibleCode(example.code), language, sheet),
            output:
              example.response !== undefined
                ? await prepareCode(example.response.replace(/\n+$/, ''), 'text', sheet, 'Output')
                : undefined,
          })),
        ),
      }
    }
    case 'operation': {
      const { operation, request } = content
      const media = (list: readonly OperationMediaType[]) => prepareMedia(list, sheet)
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
        request: request
          ? {
              variants: [
                { id: 'curl', name: 'cURL', code: await prepareCode(request.curl, 'bash', sheet, 'cURL') },
                {
                  id: 'fetch',
                  name: 'fetch',
                  code: await prepareCode(request.fetch, 'ts', sheet, 'TypeScript'),
                },
              ],
            }
          : undefined,
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
            sharedId:
              response.refName !== undefined && sharedNames.has(response.refName)
                ? sharedResponseId(response.refName)
                : undefined,
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
  /** OpenAPI: responses many operations share, described once. */
  sharedResponses: PreparedSharedResponse[]
  /** Colour classes of every code sample on the page. */
  codeCss: string
}

export async function prepareSections(
  sections: readonly ReferenceSection[],
  page: {
    description?: string
    globalFlags?: readonly CliFlag[]
    sharedResponses?: readonly SharedResponse[]
  } = {},
): Promise<PreparedPage> {
  const sheet = new CodeStyleSheet()
  const introHtml = await markdownToHtml(page.description ?? '', sheet)
  const globalFlags = await Promise.all((page.globalFlags ?? []).map((flag) => prepareFlag(flag, sheet)))
  const sharedResponses = await Promise.all(
    (page.sharedResponses ?? []).map(async (response) => ({
      id: sharedResponseId(response.name),
      name: response.name,
      codes: response.codes,
      descriptionHtml: await inlineMarkdownToHtml(response.description, sheet),
      content: await prepareMedia(response.content, sheet),
    })),
  )
  const sharedNames = new Set(sharedResponses.map((response) => response.name))
  const prepared: PreparedSection[] = []
  // In page order, so class names are stable from build to build.
  for (const section of sections) {
    prepared.push({
      id: section.id,
      slug: section.slug,
      title: section.title,
      kind: section.kind,
      depth: section.depth,
      content: await prepareContent(section, sheet, sharedNames),
    })
  }
  return { sections: prepared, introHtml, globalFlags, sharedResponses, codeCss: sheet.css() }
}

const preparedLibraries = new Map<string, Promise<PreparedPage>>()

/**
 * A library's sections, prepared once per process. The long page and every crawler page render
 * from this one result, so a code colour class means the same on both: the long page's deferred
 * parts are fetched from crawler pages and styled by the long page's sheet.
 */
export function prepareLibrary(libraryKey: string): Promise<PreparedPage> {
  let prepared = preparedLibraries.get(libraryKey)
  if (!prepared) {
    prepared = loadReference(libraryKey).then((reference) =>
      prepareSections(reference.sections, {
        description: reference.description,
        globalFlags: reference.globalFlags,
        sharedResponses: reference.sharedResponses,
      }),
    )
    preparedLibraries.set(libraryKey, prepared)
  }
  return prepared
}
