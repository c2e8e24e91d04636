/**
 * The exact-fact tools: `cli_command`, `client_function`, `api_operation` and `auth_error`,
 * answered from the reference data the build writes (the section model the reference pages and
 * their Markdown copies render), so an answer says what the page says, field by field.
 */
import {
  partOf,
  partsOf,
  type FunctionParamData,
  type ReferenceSectionData,
  type SchemaViewData,
} from './reference-data'
import type { DocsSite } from './site'
import { closest, echo, ToolAnswerError } from './tool-error'

const LIBRARY_KEYS = { cli: 'cli', v2: 'javascript-v2', v1: 'javascript-v1', api: 'api' } as const

function sectionUrl(site: DocsSite, libraryPath: string, slug: string): string {
  return `${site.siteUrl}${libraryPath}/${slug}`
}

/* ---------------------------------------------------------------- cli_command */

export interface CliFlagAnswer {
  name: string
  shorthand?: string
  type: string
  /** As `--help` prints it; null when the flag has none. */
  default: string | null
  acceptedValues?: string[]
  required: boolean
  /** Defined by a parent command or globally, and listed on this one. */
  inherited: boolean
  description: string
}

export interface CliCommandAnswer {
  command: string
  url: string
  summary: string
  description?: string
  usage: string
  flags: CliFlagAnswer[]
  subcommands: { command: string; summary: string; url?: string }[]
  examples: { name: string; code: string; output?: string }[]
}

/** `db push`, `supabase db push`, `supabase-db-push`, `Supabase  DB push` → `supabase db push`. */
export function commandTitle(name: string): string {
  const words = name.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words[0] === 'supabase') words.shift()
  return ['supabase', ...words].join(' ')
}

export function cliCommand(site: DocsSite, name: string): CliCommandAnswer {
  const data = site.referenceData(LIBRARY_KEYS.cli)
  const commands = data.sections.filter((section) => section.kind === 'cli-command')
  const wanted = commandTitle(name)
  const slug = name.trim().toLowerCase()
  const section =
    commands.find((candidate) => candidate.title === wanted) ??
    commands.find((candidate) => candidate.slug === slug || candidate.slug === `supabase-${slug}`)
  if (!section) {
    const near = closest(
      wanted,
      commands.map((command) => command.title),
    )
    throw new ToolAnswerError(`The CLI has no command "${echo(wanted)}". Closest commands: ${near.join(', ')}.`)
  }
  const bySlug = new Map(commands.map((command) => [command.id, command]))
  const usage = partOf(section, 'usage')
  const description = partOf(section, 'description')
  return {
    command: section.title,
    url: sectionUrl(site, data.library.path, section.slug),
    summary: partOf(section, 'summary')?.text ?? section.summary ?? '',
    ...(description ? { description: description.markdown } : {}),
    usage: usage?.code.code ?? section.title,
    flags: partsOf(section, 'flags').flatMap((part) =>
      part.flags.map((flag) => ({
        name: flag.name,
        ...(flag.shorthand ? { shorthand: flag.shorthand } : {}),
        type: flag.type ?? 'string',
        default: flag.default_value === '' ? null : flag.default_value,
        ...(flag.accepted_values ? { acceptedValues: flag.accepted_values.map((value) => value.name) } : {}),
        required: flag.required ?? false,
        inherited: flag.inherit ?? false,
        description: flag.description,
      })),
    ),
    subcommands: (partOf(section, 'subcommands')?.subcommands ?? []).map((sub) => {
      const target = sub.slug ?? bySlug.get(sub.id)?.slug
      return {
        command: sub.title,
        summary: sub.summary,
        ...(target ? { url: sectionUrl(site, data.library.path, target) } : {}),
      }
    }),
    examples: (partOf(section, 'examples')?.examples ?? []).map((example) => ({
      name: example.name,
      code: example.code.code,
      ...(example.output ? { output: example.output.code } : {}),
    })),
  }
}

/* ---------------------------------------------------------------- client_function */

export interface ParamAnswer {
  name: string
  type: string
  required: boolean
  description?: string
  default?: string
  properties?: ParamAnswer[]
}

export interface ClientFunctionAnswer {
  function: string
  title: string
  version: 'v1' | 'v2'
  url: string
  description?: string
  params: ParamAnswer[]
  examples: { name: string; description?: string; code: string; response?: string }[]
  notes?: string
}

/** `Sign in with a provider: signInWithOAuth()` → `signInWithOAuth`. */
function functionNameOf(section: ReferenceSectionData): string {
  const name = section.title.split(': ').pop() ?? section.title
  return name.replace(/\(\)$/, '')
}

/** `supabase.auth.signInWithOtp()` → `auth.signinwithotp`; `from('x').select()` → `from.select`. */
export function functionKey(name: string): string {
  return name
    .trim()
    .replace(/^(supabase|client)\./, '')
    .replace(/\(.*?\)/g, '()')
    .replace(/\(\)/g, '')
    .toLowerCase()
}

function toParam(param: FunctionParamData): ParamAnswer {
  return {
    name: param.name,
    type: param.type,
    required: !param.optional,
    ...(param.description ? { description: param.description } : {}),
    ...(param.default_value !== undefined ? { default: param.default_value } : {}),
    ...(param.properties?.length ? { properties: param.properties.map(toParam) } : {}),
  }
}

export function clientFunction(
  site: DocsSite,
  name: string,
  version: 'v1' | 'v2' = 'v2',
): ClientFunctionAnswer {
  const data = site.referenceData(LIBRARY_KEYS[version])
  const functions = data.sections.filter((section) => section.kind === 'function')
  const key = functionKey(name)
  const last = key.split('.').pop() ?? key
  // A query builder call may come with its `from()`: `from('todos').select()` is `select()`.
  const keys = [key, key.replace(/^from\./, '')]
  const section =
    functions.find((candidate) => keys.includes(functionKey(functionNameOf(candidate)))) ??
    functions.find((candidate) => candidate.slug === key) ??
    // `signInWithOtp` for `auth.signInWithOtp()`, when only one function has that last name.
    ((matches) => (matches.length === 1 ? matches[0] : undefined))(
      functions.filter((candidate) => functionKey(functionNameOf(candidate)).split('.').pop() === last),
    )
  if (!section) {
    const near = closest(name, functions.map(functionNameOf))
    throw new ToolAnswerError(
      `supabase-js ${version} has no function "${echo(name)}" in this reference. Closest: ${near.join(', ')}.`,
    )
  }
  const description = partOf(section, 'description')
  const notes = partOf(section, 'notes')
  return {
    function: functionNameOf(section),
    title: section.title,
    version,
    url: sectionUrl(site, data.library.path, section.slug),
    ...(description ? { description: description.markdown } : {}),
    params: (partOf(section, 'params')?.params ?? []).map(toParam),
    examples: (partOf(section, 'examples')?.examples ?? []).map((example) => ({
      name: example.name,
      ...(example.description ? { description: example.description } : {}),
      code: example.code.code,
      ...(example.response ? { response: example.response.code } : {}),
    })),
    ...(notes ? { notes: notes.markdown } : {}),
  }
}

/* ---------------------------------------------------------------- api_operation */

export interface SchemaAnswer {
  name?: string
  type: string
  required: boolean
  description?: string
  enum?: string[]
  default?: string
  properties?: SchemaAnswer[]
}

export interface ApiOperationAnswer {
  operationId: string
  title: string
  method: string
  path: string
  url: string
  deprecated: boolean
  description?: string
  parameters: { name: string; in: string; required: boolean; type: string; description?: string }[]
  requestBody?: { required: boolean; contentType: string; schema?: SchemaAnswer; example?: string }
  requestExample?: string
  responses: { status: string; description: string; schema?: SchemaAnswer; example?: string }[]
}

function toSchema(view: SchemaViewData): SchemaAnswer {
  return {
    ...(view.name ? { name: view.name } : {}),
    type: view.type,
    required: view.required,
    ...(view.description ? { description: view.description } : {}),
    ...(view.enum ? { enum: view.enum } : {}),
    ...(view.default !== undefined ? { default: view.default } : {}),
    ...(view.properties.length > 0 ? { properties: view.properties.map(toSchema) } : {}),
  }
}

/** `GET /v1/projects/{ref}`, `/v1/projects/{ref}`, or a path with real values: `/v1/projects/abc`. */
function matchesPath(template: string, wanted: string): boolean {
  const pattern = template
    .split('/')
    .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${pattern}$`, 'i').test(wanted) || template.toLowerCase() === wanted.toLowerCase()
}

export function apiOperation(site: DocsSite, idOrPath: string): ApiOperationAnswer {
  const data = site.referenceData(LIBRARY_KEYS.api)
  const operations = data.sections.filter((section) => section.kind === 'operation')
  const text = idOrPath.trim()
  const request = /^(get|post|put|patch|delete|head|options)\s+(\S+)$/i.exec(text)
  const method = request?.[1]?.toUpperCase()
  const wantedPath = (request?.[2] ?? text).replace(/^https?:\/\/[^/]+/i, '').split('?')[0] ?? ''
  let section = operations.find((candidate) => candidate.id === text || candidate.slug === text.toLowerCase())
  if (!section && wantedPath.startsWith('/')) {
    const byPath = operations.filter((candidate) => {
      const endpoint = partOf(candidate, 'endpoint')
      return endpoint && matchesPath(endpoint.path, wantedPath) && (!method || endpoint.method === method)
    })
    if (byPath.length > 1) {
      const choices = byPath.map((candidate) => {
        const endpoint = partOf(candidate, 'endpoint')
        return `${endpoint?.method} ${endpoint?.path} (${candidate.id})`
      })
      throw new ToolAnswerError(
        `Several operations answer ${echo(wantedPath)}: ${choices.join('; ')}. Name the method or the operation id.`,
      )
    }
    section = byPath[0]
  }
  if (!section) {
    const near = closest(
      text,
      operations.map((candidate) => candidate.id),
    )
    throw new ToolAnswerError(
      `The Management API has no operation "${echo(text)}". Closest operation ids: ${near.join(', ')}.`,
    )
  }
  const endpoint = partOf(section, 'endpoint')
  const description = partOf(section, 'description')
  const body = partOf(section, 'request-body')
  const bodyContent = body?.content[0]
  const curl = partOf(section, 'request')?.variants.find((variant) => variant.id === 'curl')
  const responses = partOf(section, 'responses')
  const shared = new Map(data.sharedResponses.map((response) => [response.id, response]))
  return {
    operationId: section.id,
    title: section.title,
    method: endpoint?.method ?? '',
    path: endpoint?.path ?? '',
    url: sectionUrl(site, data.library.path, section.slug),
    deprecated: endpoint?.deprecated ?? false,
    ...(description ? { description: description.markdown } : {}),
    parameters: (partOf(section, 'operation-params')?.params ?? []).map((param) => ({
      name: param.name,
      in: param.location,
      required: param.required,
      type: param.schema.type,
      ...(param.description ? { description: param.description } : {}),
    })),
    ...(body && bodyContent
      ? {
          requestBody: {
            required: body.required,
            contentType: bodyContent.contentType,
            ...(bodyContent.schema ? { schema: toSchema(bodyContent.schema) } : {}),
            ...(bodyContent.example ? { example: bodyContent.example } : {}),
          },
        }
      : {}),
    ...(curl ? { requestExample: curl.code.code } : {}),
    responses: [
      ...(responses?.own ?? []).map((response) => {
        const content = response.content[0]
        return {
          status: response.code,
          description: response.description,
          ...(content?.schema ? { schema: toSchema(content.schema) } : {}),
          ...(content?.example ? { example: content.example } : {}),
        }
      }),
      ...(responses?.shared ?? []).map((ref) => ({
        status: ref.code,
        description: shared.get(ref.id)?.description ?? ref.label,
      })),
    ].sort((a, b) => a.status.localeCompare(b.status)),
  }
}

/* ---------------------------------------------------------------- auth_error */

export interface AuthErrorAnswer {
  code: string
  statuses: number[]
  meaning: string
  action: string
  url: string
}

export function authError(site: DocsSite, code: string): AuthErrorAnswer {
  const table = site.authErrorCodes()
  const wanted = code.trim().toLowerCase()
  const entry = table.codes.find((candidate) => candidate.code === wanted)
  if (!entry) {
    const near = closest(
      wanted,
      table.codes.map((candidate) => candidate.code),
    )
    throw new ToolAnswerError(`No auth error code "${echo(code.trim())}". Closest codes: ${near.join(', ')}.`)
  }
  return { ...entry, statuses: [...entry.statuses], url: `${site.siteUrl}${table.page}#code-${entry.code}` }
}
