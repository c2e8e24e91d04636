/**
 * The one description of what a reference section says, in the order it says it, with no output
 * format in it: the page (prepare-sections.ts, then the components), the Markdown export and the
 * search records all walk this model, so a part's place and its label are decided here only.
 *
 * Text fields are the spec's Markdown source; code is plain text with its language. Each section
 * is a list of parts: first the reading column (description, parameters, flags), then what a
 * reader copies from (examples, requests, responses). Responses many operations share are
 * described once, at the level of the page, and operations refer to them by id and label.
 */
import { splitPreamble } from '@/components/ui/code-meta'
import type { ReferenceLibrary } from './libraries'
import {
  loadReference,
  type LoadedReference,
  type ReferenceSection,
  type SubcommandLink,
} from './load-reference'
import type { OperationMediaType, OperationParameter, SharedResponse } from './operation-model'
import { exampleKey } from './run/runnable-example'
import { projectSetupYaml } from './run/project-setup-yaml'
import type { CliFlag, ExampleTable, FunctionParam } from './schemas'

/** Where a part sits: the reading column, or the column of things to copy. */
export type PartColumn = 'text' | 'side'

/**
 * Every kind of part, its label and its column. A part's label is its heading; parts without one
 * are shown without a heading (a description, the endpoint line). The only place these words are
 * written.
 */
export const SECTION_PARTS = {
  summary: { label: undefined, column: 'text' },
  experimental: { label: undefined, column: 'text' },
  endpoint: { label: undefined, column: 'text' },
  description: { label: undefined, column: 'text' },
  usage: { label: 'Usage', column: 'text' },
  subcommands: { label: 'Subcommands', column: 'text' },
  params: { label: 'Parameters', column: 'text' },
  'operation-params': { label: 'Parameters', column: 'text' },
  'request-body': { label: 'Request body', column: 'text' },
  flags: { label: 'Flags', column: 'text' },
  links: { label: 'See also', column: 'text' },
  examples: { label: 'Examples', column: 'side' },
  notes: { label: 'Notes', column: 'side' },
  request: { label: 'Request', column: 'side' },
  responses: { label: 'Responses', column: 'side' },
  markdown: { label: undefined, column: 'text' },
} as const satisfies Record<string, { label: string | undefined; column: PartColumn }>

export type PartKind = keyof typeof SECTION_PARTS

/** Labels inside parts and around sections, shared by every format in the same way. */
export const PART_LABELS = {
  experimental: 'Experimental',
  dataSource: 'Data source',
  projectSetup: 'Project setup',
  exampleResponse: 'Response',
  output: 'Output',
  usageCaption: 'Usage',
  deprecated: 'Deprecated',
  required: 'Required',
  optional: 'Optional',
  inherited: 'Inherited',
  acceptedValues: 'One of:',
  alsoResponses: 'Also:',
  globalFlags: 'Global flags',
  sharedResponses: 'Responses every operation can give',
} as const

/** Column headings of the flags table (CLI commands and global flags). */
export const FLAG_COLUMNS = ['Flag', 'Type', 'Default', 'Description'] as const
/** Column headings of an operation's parameter table. */
export const OPERATION_PARAM_COLUMNS = ['Name', 'In', 'Type', 'Description'] as const

/** A code sample as text: `caption` names it when its language alone would not. */
export interface CodeSample {
  code: string
  lang: string
  caption?: string
}

export interface ExampleModel {
  id: string
  name: string
  /** Markdown. */
  description?: string
  code: CodeSample
  /** Function examples: the tables the example reads (SQL that creates them, and/or their rows). */
  dataSource?: { sql?: CodeSample; tables?: ExampleTable[] }
  /** Auth and storage examples: the project made before the example runs (`platform`), as YAML. */
  projectSetup?: CodeSample
  /** Function examples: what the call returns. */
  response?: CodeSample
  /** Function examples that run (`features/reference/run`): their key, `select/all-rows`. */
  run?: string
  /** CLI examples: what the command prints. */
  output?: CodeSample
}

export interface RequestVariant {
  id: string
  name: string
  code: CodeSample
}

export interface ResponseModel {
  code: string
  /** Markdown (one line). */
  description: string
  content: OperationMediaType[]
}

/** An operation's use of a shared response: the page-level description it refers to. */
export interface SharedResponseRef {
  code: string
  /** Id of the shared response (also its element id on the page). */
  id: string
  label: string
}

interface Labelled<K extends PartKind> {
  kind: K
  label: string
}

export type SectionPart =
  | { kind: 'summary'; text: string }
  | { kind: 'experimental'; flag: string }
  | { kind: 'endpoint'; method: string; path: string; deprecated: boolean }
  | { kind: 'description'; markdown: string }
  | (Labelled<'usage'> & { code: CodeSample })
  | (Labelled<'subcommands'> & { subcommands: SubcommandLink[] })
  | (Labelled<'params'> & { params: FunctionParam[] })
  | (Labelled<'operation-params'> & { params: OperationParameter[] })
  | (Labelled<'request-body'> & { required: boolean; description?: string; content: OperationMediaType[] })
  | (Labelled<'flags'> & { flags: CliFlag[] })
  | (Labelled<'links'> & { links: { name: string; url: string }[] })
  | (Labelled<'examples'> & { examples: ExampleModel[] })
  | (Labelled<'notes'> & { markdown: string })
  | (Labelled<'request'> & { variants: RequestVariant[] })
  | (Labelled<'responses'> & { own: ResponseModel[]; shared: SharedResponseRef[] })
  | { kind: 'markdown'; file: string; source: string }

export interface SectionModel {
  id: string
  slug: string
  title: string
  category: string
  kind: ReferenceSection['kind']
  depth: number
  /** One sentence for indexes (llms.txt); absent for written (Markdown) sections. */
  summary?: string
  /** In reading order: every `text` part, then every `side` part. */
  parts: SectionPart[]
}

/** A response many operations share, described once for the whole page. */
export interface SharedResponseModel {
  id: string
  name: string
  /** `FeatureUnavailable` -> `Feature unavailable`. */
  label: string
  codes: string[]
  /** Markdown. */
  description: string
  content: OperationMediaType[]
}

export interface ReferenceModel {
  library: ReferenceLibrary
  specVersion: string
  /** Markdown: the spec's introduction. */
  description?: string
  /** In page order. The CLI's global flags are a part of the section that explains them. */
  sections: SectionModel[]
  sharedResponses: SharedResponseModel[]
}

/** Id of a shared response: `RateLimited` -> `response-rate-limited`. */
export function sharedResponseId(name: string): string {
  return `response-${words(name).join('-')}`
}

/** Label of a shared response: `RateLimited` -> `Rate limited`. */
export function sharedResponseLabel(name: string): string {
  const text = words(name).join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
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

/** The visible part of a sample (above `---cut---` is a type-checking preamble). */
function visibleCode(code: string): string {
  return splitPreamble(code).visible.replace(/\n+$/, '')
}

/** JSON responses are JSON; responses written as JS object literals read best as JS; else text. */
export function responseLanguage(response: string): string {
  const trimmed = response.trim()
  if (!/^[[{]/.test(trimmed)) return 'text'
  try {
    JSON.parse(trimmed)
    return 'json'
  } catch {
    return 'js'
  }
}

function labelled<K extends PartKind>(kind: K): { kind: K; label: string } {
  const label = SECTION_PARTS[kind].label
  if (label === undefined) throw new Error(`The ${kind} part has no label`)
  return { kind, label }
}

/** Parts of one section; `shared` holds the page's shared responses by name. */
function sectionParts(section: ReferenceSection, shared: ReadonlyMap<string, SharedResponseModel>) {
  const { content } = section
  const parts: SectionPart[] = []
  const nonEmpty = (text: string | undefined) => text !== undefined && text.trim() !== ''
  switch (content.kind) {
    case 'markdown':
      parts.push({ kind: 'markdown', file: content.file, source: content.source })
      if (content.globalFlags?.length) {
        parts.push({ kind: 'flags', label: PART_LABELS.globalFlags, flags: content.globalFlags })
      }
      break
    case 'function': {
      const { fn, language, runsExamples } = content
      if (nonEmpty(fn.description)) parts.push({ kind: 'description', markdown: fn.description ?? '' })
      if (fn.params.length > 0) parts.push({ ...labelled('params'), params: fn.params })
      if (fn.examples.length > 0) {
        parts.push({
          ...labelled('examples'),
          examples: fn.examples.map((example) => ({
            id: example.id,
            name: example.name,
            description: nonEmpty(example.description) ? example.description : undefined,
            code: { code: visibleCode(example.code), lang: example.lang ?? language },
            dataSource:
              example.data && (example.data.sql !== undefined || example.data.tables)
                ? {
                    sql:
                      example.data.sql !== undefined
                        ? { code: example.data.sql.trim(), lang: 'sql' }
                        : undefined,
                    tables: example.data.tables,
                  }
                : undefined,
            response:
              example.response !== undefined
                ? {
                    code: example.response.trim(),
                    lang: responseLanguage(example.response),
                    caption: PART_LABELS.exampleResponse,
                  }
                : undefined,
            projectSetup: example.platform
              ? { code: projectSetupYaml(example.platform), lang: 'yaml' }
              : undefined,
            run:
              runsExamples && (example.data || example.platform) && !example.run?.unavailable
                ? exampleKey(fn.id, example.id)
                : undefined,
          })),
        })
      }
      if (nonEmpty(fn.notes)) parts.push({ ...labelled('notes'), markdown: fn.notes ?? '' })
      break
    }
    case 'cli-command': {
      const { command, language } = content
      parts.push({ kind: 'summary', text: command.summary })
      if (command.experimental) parts.push({ kind: 'experimental', flag: '--experimental' })
      if (nonEmpty(command.description))
        parts.push({ kind: 'description', markdown: command.description ?? '' })
      parts.push({
        ...labelled('usage'),
        code: { code: command.usage, lang: language, caption: PART_LABELS.usageCaption },
      })
      if (content.subcommands.length > 0) {
        parts.push({ ...labelled('subcommands'), subcommands: content.subcommands })
      }
      if (command.flags.length > 0) parts.push({ ...labelled('flags'), flags: command.flags })
      if (command.links.length > 0) parts.push({ ...labelled('links'), links: command.links })
      if (command.examples?.length) {
        parts.push({
          ...labelled('examples'),
          examples: command.examples.map((example) => ({
            id: example.id,
            name: example.name,
            code: { code: visibleCode(example.code), lang: language },
            output:
              example.response !== undefined
                ? { code: example.response.replace(/\n+$/, ''), lang: 'text', caption: PART_LABELS.output }
                : undefined,
          })),
        })
      }
      break
    }
    case 'operation': {
      const { operation, request } = content
      parts.push({
        kind: 'endpoint',
        method: operation.method.toUpperCase(),
        path: operation.path,
        deprecated: operation.deprecated,
      })
      if (nonEmpty(operation.description)) {
        parts.push({ kind: 'description', markdown: operation.description ?? '' })
      }
      if (operation.parameters.length > 0) {
        parts.push({ ...labelled('operation-params'), params: operation.parameters })
      }
      if (operation.requestBody) {
        parts.push({
          ...labelled('request-body'),
          required: operation.requestBody.required,
          description: operation.requestBody.description,
          content: operation.requestBody.content,
        })
      }
      if (request) {
        parts.push({
          ...labelled('request'),
          variants: [
            { id: 'curl', name: 'cURL', code: { code: request.curl, lang: 'bash', caption: 'cURL' } },
            { id: 'fetch', name: 'fetch', code: { code: request.fetch, lang: 'ts' } },
          ],
        })
      }
      if (operation.responses.length > 0) {
        const own: ResponseModel[] = []
        const refs: SharedResponseRef[] = []
        for (const response of operation.responses) {
          const described = response.refName !== undefined ? shared.get(response.refName) : undefined
          if (described) refs.push({ code: response.code, id: described.id, label: described.label })
          else own.push({ code: response.code, description: response.description, content: response.content })
        }
        parts.push({ ...labelled('responses'), own, shared: refs })
      }
      break
    }
  }
  // Reading column first, whatever order the cases above push in.
  const column = (part: SectionPart) => (SECTION_PARTS[part.kind].column === 'text' ? 0 : 1)
  return parts
    .map((part, index) => ({ part, index }))
    .sort((a, b) => column(a.part) - column(b.part) || a.index - b.index)
    .map(({ part }) => part)
}

function sectionSummary(section: ReferenceSection): string | undefined {
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

export function sharedResponseModels(responses: readonly SharedResponse[]): SharedResponseModel[] {
  return responses.map((response) => ({
    id: sharedResponseId(response.name),
    name: response.name,
    label: sharedResponseLabel(response.name),
    codes: response.codes,
    description: response.description,
    content: response.content,
  }))
}

/** The model of sections, given the page's shared responses (operations refer to them). */
export function buildSectionModels(
  sections: readonly ReferenceSection[],
  sharedResponses: readonly SharedResponseModel[] = [],
): SectionModel[] {
  const shared = new Map(sharedResponses.map((response) => [response.name, response]))
  return sections.map((section) => ({
    id: section.id,
    slug: section.slug,
    title: section.title,
    category: section.category,
    kind: section.kind,
    depth: section.depth,
    summary: sectionSummary(section),
    parts: sectionParts(section, shared),
  }))
}

export function buildReferenceModel(reference: LoadedReference): ReferenceModel {
  const sharedResponses = sharedResponseModels(reference.sharedResponses)
  return {
    library: reference.library,
    specVersion: reference.specVersion,
    description: reference.description,
    sections: buildSectionModels(reference.sections, sharedResponses),
    sharedResponses,
  }
}

const models = new Map<LoadedReference, ReferenceModel>()

/** A library's model, built once per loaded reference. */
export async function loadReferenceModel(key: string): Promise<ReferenceModel> {
  const reference = await loadReference(key)
  let model = models.get(reference)
  if (!model) {
    model = buildReferenceModel(reference)
    models.set(reference, model)
  }
  return model
}
