/**
 * The section model (section-model.ts) made ready for the page: every Markdown field and code
 * sample becomes HTML once, up front, so the page's style sheet of code colours is complete
 * before rendering and the components stay synchronous and small. Parts keep the model's order
 * and labels; nothing here decides what a section shows.
 */
import type { ReactElement } from 'react'
import { baseMdxComponents, renderMdx } from '@/features/mdx'
import { CodeStyleSheet, highlightCompact } from './compact-code'
import type { SubcommandLink } from './load-reference'
import { inlineMarkdownToHtml, markdownToHtml } from './markdown-html'
import type { OperationMediaType, SchemaView } from './operation-model'
import type { CliFlag, ExampleTable, FunctionParam } from './schemas'
import {
  SECTION_PARTS,
  loadReferenceModel,
  type CodeSample,
  type PartColumn,
  type ExampleModel,
  type ReferenceModel,
  type SectionModel,
  type SectionPart,
  type SharedResponseModel,
  type SharedResponseRef,
} from './section-model'

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

/** A function's or a CLI command's example; fields a kind does not have stay empty. */
export interface PreparedExample {
  id: string
  name: string
  code: PreparedCode
  descriptionHtml: string
  sql?: PreparedCode
  tables?: ExampleTable[]
  setup?: PreparedCode
  response?: PreparedCode
  output?: PreparedCode
  /** The key of a runnable example: it gets a Run button. */
  run?: string
}

export interface PreparedOperationParam {
  name: string
  location: string
  required: boolean
  type: string
  enum?: string[]
  descriptionHtml: string
}

/** A part of the section model (section-model.ts) with its Markdown and code made HTML. */
export type PreparedPart =
  | { kind: 'summary'; text: string }
  | { kind: 'experimental'; flag: string }
  | { kind: 'endpoint'; method: string; path: string; deprecated: boolean }
  | { kind: 'description'; html: string }
  | { kind: 'usage'; label: string; code: PreparedCode }
  | { kind: 'subcommands'; label: string; subcommands: SubcommandLink[] }
  | { kind: 'params'; label: string; params: PreparedParam[] }
  | { kind: 'operation-params'; label: string; params: PreparedOperationParam[] }
  | {
      kind: 'request-body'
      label: string
      required: boolean
      descriptionHtml: string
      content: PreparedMedia[]
    }
  | { kind: 'flags'; label: string; flags: PreparedFlag[] }
  | { kind: 'links'; label: string; links: { name: string; url: string }[] }
  | { kind: 'examples'; label: string; examples: PreparedExample[] }
  | { kind: 'notes'; label: string; html: string }
  | { kind: 'request'; label: string; request: PreparedRequest }
  | { kind: 'responses'; label: string; own: PreparedResponse[]; shared: SharedResponseRef[] }

export type PreparedPartOf<K extends PreparedPart['kind']> = Extract<PreparedPart, { kind: K }>

export type PreparedContent =
  | { kind: 'markdown'; content: ReactElement; parts: PreparedPart[] }
  | { kind: 'function' | 'cli-command' | 'operation'; parts: PreparedPart[] }

export interface PreparedResponse {
  code: string
  descriptionHtml: string
  content: PreparedMedia[]
}

/** A response many operations share, described once at the end of the page. */
export interface PreparedSharedResponse {
  id: string
  name: string
  label: string
  codes: string[]
  descriptionHtml: string
  content: PreparedMedia[]
}

export interface PreparedSection {
  id: string
  slug: string
  title: string
  kind: SectionModel['kind']
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

async function prepareCode(sample: CodeSample, sheet: CodeStyleSheet): Promise<PreparedCode> {
  return {
    html: await highlightCompact(sample.code, sample.lang, sheet),
    label: sample.caption ?? languageLabel(sample.lang),
  }
}

async function prepareMedia(
  list: readonly OperationMediaType[],
  sheet: CodeStyleSheet,
): Promise<PreparedMedia[]> {
  return Promise.all(
    list.map(async (entry) => ({
      contentType: entry.contentType,
      schema: entry.schema ? await prepareSchema(entry.schema, sheet) : undefined,
      example:
        entry.example !== undefined
          ? await prepareCode({ code: entry.example, lang: 'json' }, sheet)
          : undefined,
    })),
  )
}

async function prepareExample(example: ExampleModel, sheet: CodeStyleSheet): Promise<PreparedExample> {
  const { dataSource } = example
  return {
    id: example.id,
    name: example.name,
    code: await prepareCode(example.code, sheet),
    descriptionHtml: await markdownToHtml(example.description ?? '', sheet),
    sql: dataSource?.sql ? await prepareCode(dataSource.sql, sheet) : undefined,
    tables: dataSource?.tables,
    setup: example.projectSetup ? await prepareCode(example.projectSetup, sheet) : undefined,
    response: example.response ? await prepareCode(example.response, sheet) : undefined,
    output: example.output ? await prepareCode(example.output, sheet) : undefined,
    run: example.run,
  }
}

async function preparePart(
  part: Exclude<SectionPart, { kind: 'markdown' }>,
  sheet: CodeStyleSheet,
): Promise<PreparedPart> {
  switch (part.kind) {
    case 'summary':
    case 'experimental':
    case 'endpoint':
    case 'subcommands':
    case 'links':
      return part
    case 'description':
      return { kind: 'description', html: await markdownToHtml(part.markdown, sheet) }
    case 'notes':
      return { kind: 'notes', label: part.label, html: await markdownToHtml(part.markdown, sheet) }
    case 'usage':
      // Plain on the page: a usage line is one word of code and placeholders, colour adds nothing.
      return {
        kind: 'usage',
        label: part.label,
        code: await prepareCode({ ...part.code, lang: 'text' }, sheet),
      }
    case 'params':
      return {
        kind: 'params',
        label: part.label,
        params: await Promise.all(part.params.map((param) => prepareParam(param, sheet))),
      }
    case 'operation-params':
      return {
        kind: 'operation-params',
        label: part.label,
        params: await Promise.all(
          part.params.map(async (parameter) => ({
            name: parameter.name,
            location: parameter.location,
            required: parameter.required,
            type: parameter.schema.type,
            enum: parameter.schema.enum,
            descriptionHtml: await inlineMarkdownToHtml(parameter.description ?? '', sheet),
          })),
        ),
      }
    case 'request-body':
      return {
        kind: 'request-body',
        label: part.label,
        required: part.required,
        descriptionHtml: await inlineMarkdownToHtml(part.description ?? '', sheet),
        content: await prepareMedia(part.content, sheet),
      }
    case 'flags':
      return {
        kind: 'flags',
        label: part.label,
        flags: await Promise.all(part.flags.map((flag) => prepareFlag(flag, sheet))),
      }
    case 'examples':
      return {
        kind: 'examples',
        label: part.label,
        examples: await Promise.all(part.examples.map((example) => prepareExample(example, sheet))),
      }
    case 'request': {
      const variants: PreparedRequest['variants'] = []
      for (const variant of part.variants) {
        variants.push({ id: variant.id, name: variant.name, code: await prepareCode(variant.code, sheet) })
      }
      return { kind: 'request', label: part.label, request: { variants } }
    }
    case 'responses':
      return {
        kind: 'responses',
        label: part.label,
        own: await Promise.all(
          part.own.map(async (response) => ({
            code: response.code,
            descriptionHtml: await inlineMarkdownToHtml(response.description, sheet),
            content: await prepareMedia(response.content, sheet),
          })),
        ),
        shared: part.shared,
      }
  }
}

async function prepareContent(section: SectionModel, sheet: CodeStyleSheet): Promise<PreparedContent> {
  const parts: PreparedPart[] = []
  let written: ReactElement | undefined
  for (const part of section.parts) {
    if (part.kind === 'markdown')
      written = (await renderMdx(part.source, { file: part.file, components: baseMdxComponents })).content
    else parts.push(await preparePart(part, sheet))
  }
  if (section.kind !== 'markdown') return { kind: section.kind, parts }
  if (!written) throw new Error(`${section.slug}: a written section has no Markdown`)
  // What follows the text of a written section: the CLI's global flags.
  return { kind: 'markdown', content: written, parts }
}

/** A section's parts split into its two columns, each in model order. */
export function partsByColumn(parts: readonly PreparedPart[]): Record<PartColumn, PreparedPart[]> {
  return {
    text: parts.filter((part) => SECTION_PARTS[part.kind].column === 'text'),
    side: parts.filter((part) => SECTION_PARTS[part.kind].column === 'side'),
  }
}

export interface PreparedPage {
  sections: PreparedSection[]
  /** The spec's description, for the top of the long page. */
  introHtml: string
  /** OpenAPI: responses many operations share, described once. */
  sharedResponses: PreparedSharedResponse[]
  /** Colour classes of every code sample on the page. */
  codeCss: string
}

async function prepareSharedResponse(
  response: SharedResponseModel,
  sheet: CodeStyleSheet,
): Promise<PreparedSharedResponse> {
  return {
    id: response.id,
    name: response.name,
    label: response.label,
    codes: response.codes,
    descriptionHtml: await inlineMarkdownToHtml(response.description, sheet),
    content: await prepareMedia(response.content, sheet),
  }
}

/** A model, HTML-ready: the page's one style sheet of code colours is filled in page order. */
export async function prepareModel(
  model: Pick<ReferenceModel, 'sections' | 'description' | 'sharedResponses'>,
): Promise<PreparedPage> {
  const sheet = new CodeStyleSheet()
  const introHtml = await markdownToHtml(model.description ?? '', sheet)
  const sharedResponses = await Promise.all(
    model.sharedResponses.map((response) => prepareSharedResponse(response, sheet)),
  )
  const prepared: PreparedSection[] = []
  // In page order, so class names are stable from build to build.
  for (const section of model.sections) {
    prepared.push({
      id: section.id,
      slug: section.slug,
      title: section.title,
      kind: section.kind,
      depth: section.depth,
      content: await prepareContent(section, sheet),
    })
  }
  return { sections: prepared, introHtml, sharedResponses, codeCss: sheet.css() }
}

const preparedLibraries = new Map<string, Promise<PreparedPage>>()

/**
 * A library's model, prepared once per process. The long page and every crawler page render
 * from this one result, so a code colour class means the same on both: the long page's deferred
 * parts are fetched from crawler pages and styled by the long page's sheet.
 */
export function prepareLibrary(libraryKey: string): Promise<PreparedPage> {
  let prepared = preparedLibraries.get(libraryKey)
  if (!prepared) {
    prepared = loadReferenceModel(libraryKey).then(prepareModel)
    preparedLibraries.set(libraryKey, prepared)
  }
  return prepared
}
