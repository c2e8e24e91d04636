/**
 * The request a reader copies for one operation of an OpenAPI document: the full URL with its path
 * and required query parameters filled in, the body to send, and that request as a curl command and
 * as a TypeScript `fetch` call. No DOM, no React: it runs at build time beside `operation-model.ts`.
 *
 *   const example = buildRequestExample(doc, 'v1-run-a-query')
 *   example.url   // 'https://api.basebox.dev/v1/projects/rwpdlljveecungzcsdbs/database/query'
 *   example.curl  // "curl -X POST 'https://…' \\\n  -H \"Authorization: Bearer $SUPABASE_ACCESS_TOKEN\" …"
 *   example.body  // { kind: 'json', value: { query: '…' }, json: '{\n  "query": …', … }
 *
 * The body is the document's own example for the media type when it has one (an author's example
 * reads better than a generated one), otherwise it is built from the schema with `sampleSchema`:
 * required properties only, each with the most telling value the schema offers.
 */
import RandExp from 'randexp'
import {
  HTTP_METHODS,
  type HttpMethod,
  type JsonSchemaObject,
  type OpenApiDocument,
  type OpenApiMediaType,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiRequestBody,
  type OpenApiResponse,
} from './schemas/openapi'

/** Base URL used when the document (and the operation) declare no `servers`. */
export const DEFAULT_API_BASE_URL = 'https://api.basebox.dev'

/** Environment variable holding the personal access token, as the `supabase` CLI reads it. */
export const ACCESS_TOKEN_VARIABLE = 'SUPABASE_ACCESS_TOKEN'

export interface RequestExampleOptions {
  /**
   * `document` (default): the media type's own `example` when the document gives one, else a body
   * built from the schema. `schema`: always built from the schema.
   */
  bodyFrom?: 'document' | 'schema'
}

export type RequestFormField =
  | { kind: 'text'; name: string; value: string; /** Set for parts sent as JSON. */ contentType?: string }
  | { kind: 'file'; name: string; /** Placeholder path the reader replaces. */ path: string }

export type RequestExampleBody =
  | {
      kind: 'json'
      contentType: string
      /** The JSON value sent. */
      value: unknown
      /** `value` pretty-printed: exactly the text curl sends. */
      json: string
      source: 'document' | 'schema'
    }
  | {
      kind: 'form'
      contentType: 'multipart/form-data' | 'application/x-www-form-urlencoded'
      fields: RequestFormField[]
    }
  | { kind: 'file'; contentType: string; /** Placeholder path of the uploaded file. */ path: string }

export interface RequestExample {
  operationId: string
  method: Uppercase<HttpMethod>
  /** Server URL + path with every path parameter filled + required query parameters. */
  url: string
  body?: RequestExampleBody
  /** Multi-line shell command; the token comes from `$SUPABASE_ACCESS_TOKEN`. */
  curl: string
  /** TypeScript module code (top-level await); the token comes from `process.env`. */
  fetch: string
}

/** JSON Schema keywords read here beyond the ones the reference pages use. */
interface SchemaNode extends JsonSchemaObject {
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number | boolean
  exclusiveMaximum?: number | boolean
  multipleOf?: number
  minItems?: number
  maxItems?: number
  minProperties?: number
  prefixItems?: SchemaNode[]
  readOnly?: boolean
  contentMediaType?: string
}

// -------------------------------------------------------------------------------------------------
// References

function lookup(doc: object, ref: string): SchemaNode {
  if (!ref.startsWith('#/')) throw new Error(`$ref "${ref}" points outside the document`)
  let current: unknown = doc
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    current =
      typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined
  }
  if (typeof current !== 'object' || current === null)
    throw new Error(`$ref "${ref}" does not exist in the document`)
  return current as SchemaNode
}

interface Resolved<T> {
  node: T
  /** `$ref`s followed from the root down to here. */
  refs: string[]
  /** Set when the last `$ref` was already on the way: the schema contains itself. */
  cycle: boolean
}

/** Follows `$ref`s (keeping sibling keywords, as OpenAPI 3.1 does); `refs` is the path taken so far. */
function deref<T extends object>(doc: object, value: T, refs: readonly string[] = []): Resolved<T> {
  let node = value
  const taken = [...refs]
  let cycle = false
  while (!cycle && typeof (node as { $ref?: unknown }).$ref === 'string') {
    const { $ref, ...siblings } = node as T & { $ref: string }
    cycle = taken.includes($ref)
    taken.push($ref)
    node = { ...lookup(doc, $ref), ...siblings } as T
  }
  return { node, refs: taken, cycle }
}

// -------------------------------------------------------------------------------------------------
// Values from a schema

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-31T12:00:00Z',
  date: '2024-01-31',
  time: '12:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'db.example.com',
  'idn-hostname': 'db.example.com',
  ipv4: '203.0.113.10',
  ipv6: '2001:db8::10',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': 'https://example.com',
  iri: 'https://example.com',
  'iri-reference': 'https://example.com',
  'uri-template': 'https://example.com/{id}',
  uuid: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
  'json-pointer': '/id',
  regex: '^[a-z]+$',
  byte: 'c3RyaW5n',
  password: 'correct-horse-battery-staple',
}

const VALUE_KEYWORDS = ['const', 'example', 'examples', 'default', 'enum'] as const

/** The value the schema itself spells out: `const`, `example`, `examples[0]`, `default`, `enum[0]`. */
function givenValue(schema: SchemaNode): { value: unknown } | undefined {
  if (schema.const !== undefined) return { value: schema.const }
  if (schema.example !== undefined) return { value: schema.example }
  if (schema.examples && schema.examples.length > 0) return { value: schema.examples[0] }
  if (schema.default !== undefined) return { value: schema.default }
  if (schema.enum && schema.enum.length > 0) return { value: schema.enum[0] }
  return undefined
}

function withoutValueKeywords(schema: SchemaNode): SchemaNode {
  const copy: SchemaNode = { ...schema }
  for (const keyword of VALUE_KEYWORDS) delete copy[keyword]
  return copy
}

/**
 * One schema out of `allOf` members and the first `oneOf`/`anyOf` branch (the first one that is not
 * just `null`), with properties and required names united. A member's example only counts when a
 * single member describes the value; the schema's own keywords always win.
 */
function flatten(doc: object, schema: SchemaNode, refs: readonly string[]): SchemaNode {
  const branches = schema.oneOf ?? schema.anyOf
  if (!schema.allOf && !branches) return schema
  const own: SchemaNode = { ...schema }
  delete own.allOf
  delete own.oneOf
  delete own.anyOf
  const members: SchemaNode[] = [...(schema.allOf ?? [])]
  if (branches && branches.length > 0) {
    const notNull = branches.find((branch) => deref(doc, branch, refs).node.type !== 'null')
    members.push(notNull ?? branches[0]!)
  }
  const flat = members.map((member) => {
    const resolved = deref(doc, member, refs)
    return resolved.cycle ? {} : flatten(doc, resolved.node, resolved.refs)
  })
  const describing = [...flat, own].filter((member) => member.properties || member.type === 'object').length
  const merged: SchemaNode = {}
  for (const member of flat) {
    const source = describing > 1 ? withoutValueKeywords(member) : member
    for (const [key, value] of Object.entries(source)) {
      if (key === 'properties' || key === 'required') continue
      if ((merged as Record<string, unknown>)[key] === undefined)
        (merged as Record<string, unknown>)[key] = value
    }
  }
  const properties: Record<string, SchemaNode> = {}
  for (const member of [...flat, own]) {
    for (const [name, property] of Object.entries(member.properties ?? {})) {
      properties[name] = properties[name] ? { allOf: [properties[name], property] } : property
    }
  }
  const required = [...new Set([...flat, own].flatMap((member) => member.required ?? []))]
  const node: SchemaNode = { ...merged, ...own }
  if (Object.keys(properties).length > 0) node.properties = properties
  if (required.length > 0) node.required = required
  return node
}

function typeOf(schema: SchemaNode): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  const type = types.find((candidate) => candidate !== 'null') ?? types[0]
  if (type) return type
  if (schema.properties || schema.required || schema.additionalProperties) return 'object'
  if (schema.items || schema.prefixItems) return 'array'
  if (schema.format || schema.pattern || schema.minLength !== undefined) return 'string'
  if (schema.minimum !== undefined || schema.maximum !== undefined) return 'number'
  return undefined
}

function codePoints(value: string): number {
  return [...value].length
}

function fitsString(schema: SchemaNode, value: string): boolean {
  const length = codePoints(value)
  if (schema.minLength !== undefined && length < schema.minLength) return false
  if (schema.maxLength !== undefined && length > schema.maxLength) return false
  if (schema.pattern !== undefined) {
    try {
      if (!new RegExp(schema.pattern, 'u').test(value)) return false
    } catch {
      // A pattern JavaScript cannot compile constrains nothing we can check.
    }
  }
  return true
}

/** Small deterministic PRNG (mulberry32): the same pattern always yields the same sample. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function hash(text: string): number {
  let value = 2166136261
  for (let index = 0; index < text.length; index++)
    value = Math.imul(value ^ text.charCodeAt(index), 16777619)
  return value >>> 0
}

/** A string matching `pattern` and the length bounds, or undefined when none turned up. */
function stringFromPattern(schema: SchemaNode & { pattern: string }): string | undefined {
  let generator: RandExp
  try {
    generator = new RandExp(schema.pattern)
  } catch {
    return undefined
  }
  // Open repetitions (`+`, `*`) reach just past minLength, so exact lengths are found quickly.
  generator.max = Math.max(8, (schema.minLength ?? 0) + 1)
  const base = hash(schema.pattern)
  for (let attempt = 0; attempt < 200; attempt++) {
    const random = seededRandom(base + attempt)
    generator.randInt = (low, high) => low + Math.floor(random() * (high - low + 1))
    const candidate = generator.gen()
    if (fitsString(schema, candidate)) return candidate
  }
  return undefined
}

function padToLength(schema: SchemaNode, value: string): string {
  let out = value
  while (codePoints(out) < (schema.minLength ?? 0)) out += value
  return schema.maxLength !== undefined ? [...out].slice(0, schema.maxLength).join('') : out
}

function sampleString(schema: SchemaNode, placeholders: readonly string[]): string {
  const format = schema.format ? FORMAT_SAMPLES[schema.format] : undefined
  const candidates = format ? [format, ...placeholders] : placeholders
  const fitting = candidates.find((candidate) => fitsString(schema, candidate))
  if (fitting !== undefined) return fitting
  if (schema.pattern !== undefined) {
    const generated = stringFromPattern(schema as SchemaNode & { pattern: string })
    if (generated !== undefined) return generated
  }
  return padToLength(schema, candidates[0] ?? 'string')
}

function sampleNumber(schema: SchemaNode, integer: boolean, preferPositive: boolean): number {
  const step = integer ? 1 : 0.5
  const exclusiveMinimum = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined
  const exclusiveMaximum = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined
  let value: number
  if (schema.minimum !== undefined) {
    value = schema.exclusiveMinimum === true ? schema.minimum + step : schema.minimum
  } else if (exclusiveMinimum !== undefined) value = exclusiveMinimum + step
  else if (schema.maximum !== undefined && schema.maximum < 0) value = schema.maximum
  else if (exclusiveMaximum !== undefined && exclusiveMaximum <= 0) value = exclusiveMaximum - step
  else value = preferPositive ? 1 : 0
  if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum
  if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) value = exclusiveMaximum - step
  if (integer) value = Math.ceil(value)
  if (schema.multipleOf) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf
  return value
}

interface SampleContext {
  doc: object
  refs: readonly string[]
  depth: number
  /** Strings tried, in order, for a string with no format, example or enum. */
  placeholders: readonly string[]
  /** Integers with no lower bound start at 1 (identifiers in paths), not 0. */
  preferPositive: boolean
}

/** Beyond this nesting a required chain is cut: no request needs it. */
const MAX_DEPTH = 16

function sampleNode(raw: SchemaNode, context: SampleContext): unknown {
  const { node, refs, cycle } = deref(context.doc, raw, context.refs)
  const given = givenValue(node)
  if (given) return given.value
  const schema = flatten(context.doc, node, refs)
  const merged = givenValue(schema)
  if (merged) return merged.value
  const type = typeOf(schema)
  if (cycle || context.depth > MAX_DEPTH) return type === 'object' ? {} : type === 'array' ? [] : null
  const inner: SampleContext = { ...context, refs, depth: context.depth + 1, placeholders: ['string'] }
  switch (type) {
    case 'string':
      return sampleString(schema, context.placeholders)
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer', context.preferPositive)
    case 'boolean':
      return true
    case 'array': {
      const tuple = (schema.prefixItems ?? []).map((item) => sampleNode(item, inner))
      const count = Math.min(Math.max(1, schema.minItems ?? 0), schema.maxItems ?? Infinity)
      const out = tuple.slice(0, Math.max(count, tuple.length))
      while (out.length < count && schema.items) out.push(sampleNode(schema.items, inner))
      return out
    }
    case 'object':
      return sampleObject(schema, inner)
    default:
      return null
  }
}

function sampleObject(schema: SchemaNode, context: SampleContext): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>
  const extra =
    typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as SchemaNode) : {}
  const required = new Set(schema.required ?? [])
  // In the order the schema lists its properties, then required names it only allows.
  const names = [...Object.keys(properties).filter((name) => required.has(name)), ...required]
  for (const name of new Set(names)) {
    const property = properties[name]
    // Read-only properties are set by the server, even when a schema shared with responses requires them.
    if (property && deref(context.doc, property, context.refs).node.readOnly) continue
    out[name] = sampleNode(property ?? extra, context)
  }
  for (let index = 1; Object.keys(out).length < (schema.minProperties ?? 0); index++) {
    if (schema.additionalProperties === false) {
      const optional = Object.keys(properties).find((name) => !(name in out))
      if (!optional) break
      out[optional] = sampleNode(properties[optional]!, context)
    } else out[`key${index}`] = sampleNode(extra, context)
  }
  return out
}

/**
 * A value for `schema` that validates against it: `const`, `example`, `examples[0]`, `default` or
 * `enum[0]` when the schema names one; otherwise required properties only (read-only ones left to
 * the server), arrays of one item (or `minItems`), the first `oneOf`/`anyOf` branch, `allOf` merged,
 * strings by format (`date-time`, `email`, `uri`, `uuid`, ...) or fitted to `pattern` and lengths,
 * numbers from their bounds. `doc` resolves local `$ref`s.
 */
export function sampleSchema(schema: JsonSchemaObject, doc: object = {}): unknown {
  return sampleNode(schema, { doc, refs: [], depth: 0, placeholders: ['string'], preferPositive: false })
}

// -------------------------------------------------------------------------------------------------
// Parameters

const PROJECT_REF_PLACEHOLDER = 'abcdefghijklmnopqrst'

function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
}

/** Placeholders a reader recognises for a parameter, by its name. */
function parameterPlaceholders(name: string): string[] {
  const out: string[] = []
  if (/(^|[_-])ref$/i.test(name) || /Ref$/.test(name)) out.push(PROJECT_REF_PLACEHOLDER)
  const slug = /^(.*?)[_-]?slug$/i.exec(name)
  if (slug) out.push(`my-${kebab(slug[1] ?? '') || 'slug'}`)
  out.push(kebab(name) || 'value', 'string')
  return out
}

function parameterValue(doc: object, parameter: OpenApiParameter): unknown {
  if (parameter.example !== undefined) return parameter.example
  const examples = (parameter as { examples?: Record<string, { value?: unknown }> }).examples
  const listed = Object.values(examples ?? {}).find((entry) => entry.value !== undefined)
  if (listed) return listed.value
  const content = (parameter as { content?: Record<string, OpenApiMediaType> }).content
  const schema = parameter.schema ?? Object.values(content ?? {})[0]?.schema ?? { type: 'string' }
  return sampleNode(schema, {
    doc,
    refs: [],
    depth: 0,
    placeholders: parameterPlaceholders(parameter.name),
    preferPositive: true,
  })
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** `name=value` pairs of a query parameter, serialised by its `style` and `explode` (form by default). */
function queryPairs(parameter: OpenApiParameter, value: unknown): [string, string][] {
  const style = (parameter as { style?: string }).style ?? 'form'
  const explode = (parameter as { explode?: boolean }).explode ?? style === 'form'
  const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ','
  if (Array.isArray(value)) {
    return explode
      ? value.map((item) => [parameter.name, textOf(item)])
      : [[parameter.name, value.map(textOf).join(separator)]]
  }
  if (isPlainObject(value) && style !== 'deepObject') {
    const entries = Object.entries(value)
    return explode
      ? entries.map(([key, item]) => [key, textOf(item)])
      : [[parameter.name, entries.flatMap(([key, item]) => [key, textOf(item)]).join(',')]]
  }
  if (isPlainObject(value)) {
    return Object.entries(value).map(([key, item]) => [`${parameter.name}[${key}]`, textOf(item)])
  }
  return [[parameter.name, textOf(value)]]
}

function pathSegment(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => encodeURIComponent(textOf(item))).join(',')
  return encodeURIComponent(textOf(value))
}

// -------------------------------------------------------------------------------------------------
// Operation lookup, servers, body choice

interface LocatedOperation {
  method: HttpMethod
  route: string
  operation: OpenApiOperation
  pathParameters: OpenApiOperation['parameters']
  servers: unknown
}

function locate(doc: OpenApiDocument, operationId: string): LocatedOperation {
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (operation?.operationId === operationId) {
        const servers =
          (operation as { servers?: unknown }).servers ??
          (item as { servers?: unknown }).servers ??
          doc.servers
        return { method, route, operation, pathParameters: item.parameters, servers }
      }
    }
  }
  throw new Error(`The OpenAPI document has no operation "${operationId}"`)
}

/** First server URL with its variables at their defaults, without a trailing slash. */
export function serverUrl(servers: unknown): string {
  const first = Array.isArray(servers)
    ? (servers[0] as { url?: unknown; variables?: unknown } | undefined)
    : undefined
  if (!first || typeof first.url !== 'string' || first.url.trim() === '') return DEFAULT_API_BASE_URL
  const variables = isPlainObject(first.variables) ? first.variables : {}
  const filled = first.url.replace(/\{([^}]+)\}/g, (match, name: string) => {
    const variable = variables[name] as { default?: unknown; enum?: unknown[] } | undefined
    const value = variable?.default ?? variable?.enum?.[0]
    return value === undefined ? match : String(value)
  })
  // A relative server URL is relative to where the document is served: the API's own host.
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(filled)
    ? filled
    : new URL(filled, DEFAULT_API_BASE_URL).href
  return absolute.replace(/\/+$/, '')
}

function isJsonMedia(contentType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType) || contentType === '*/*'
}

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'] as const

/** JSON first (what most readers send), then forms, then any other media type as a file upload. */
function chooseMedia(content: Record<string, OpenApiMediaType>): [string, OpenApiMediaType] | undefined {
  const entries = Object.entries(content)
  return (
    entries.find(([type]) => isJsonMedia(type)) ??
    FORM_TYPES.map((form) => entries.find(([type]) => type.toLowerCase() === form)).find(Boolean) ??
    entries[0]
  )
}

function isBinary(doc: object, schema: SchemaNode): boolean {
  const { node } = deref(doc, schema)
  if (node.format === 'binary' || (node.contentMediaType !== undefined && node.type === 'string')) return true
  return typeOf(node) === 'array' && node.items !== undefined && isBinary(doc, node.items)
}

function fileExtension(contentType: string): string {
  const subtype = contentType.split(';')[0]!.split('/')[1] ?? ''
  const known: Record<string, string> = { 'octet-stream': 'bin', plain: 'txt', gzip: 'gz', 'x-tar': 'tar' }
  return known[subtype] ?? subtype.split(/[.+]/).pop() ?? 'bin'
}

function formFields(
  doc: object,
  contentType: (typeof FORM_TYPES)[number],
  media: OpenApiMediaType,
): RequestFormField[] {
  const { node, refs } = deref(doc, media.schema ?? { type: 'object' })
  const schema = flatten(doc, node, refs)
  const required = new Set(schema.required ?? [])
  const encoding = (media as { encoding?: Record<string, { contentType?: string }> }).encoding ?? {}
  const fields: RequestFormField[] = []
  const files: RequestFormField[] = []
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, SchemaNode>)) {
    const binary = isBinary(doc, property)
    // A multipart form exists to carry its files, so file parts are shown even when optional; they
    // go last, after the fields that describe them.
    if (binary && contentType === 'multipart/form-data') {
      files.push({ kind: 'file', name, path: `path/to/${kebab(name) || 'file'}` })
      continue
    }
    if (!required.has(name) || binary) continue
    const value = sampleNode(property, {
      doc,
      refs,
      depth: 1,
      placeholders: ['string'],
      preferPositive: false,
    })
    const partType = encoding[name]?.contentType
    const structured = typeof value === 'object' && value !== null
    fields.push({
      kind: 'text',
      name,
      value: textOf(value),
      ...(contentType === 'multipart/form-data' && (structured || partType)
        ? { contentType: partType ?? 'application/json' }
        : {}),
    })
  }
  return [...fields, ...files]
}

function requestBody(
  doc: OpenApiDocument,
  located: LocatedOperation,
  bodyFrom: NonNullable<RequestExampleOptions['bodyFrom']>,
): RequestExampleBody | undefined {
  if (!located.operation.requestBody) return undefined
  const body = deref<OpenApiRequestBody>(doc, located.operation.requestBody as OpenApiRequestBody).node
  const chosen = chooseMedia(body.content ?? {})
  if (!chosen) return undefined
  const [contentType, media] = chosen
  if (isJsonMedia(contentType)) {
    const documented =
      media.example ?? Object.values(media.examples ?? {}).find((entry) => entry.value !== undefined)?.value
    // An optional body is only sent when the document shows one.
    if (bodyFrom === 'document' && documented !== undefined) {
      return {
        kind: 'json',
        contentType,
        value: documented,
        json: JSON.stringify(documented, null, 2),
        source: 'document',
      }
    }
    if (!body.required) return undefined
    const value = sampleSchema(media.schema ?? {}, doc)
    return { kind: 'json', contentType, value, json: JSON.stringify(value, null, 2), source: 'schema' }
  }
  const form = FORM_TYPES.find((type) => type === contentType.toLowerCase())
  if (form) return { kind: 'form', contentType: form, fields: formFields(doc, form, media) }
  if (!body.required) return undefined
  return { kind: 'file', contentType, path: `path/to/file.${fileExtension(contentType)}` }
}

type ResponseReading = 'json' | 'text' | 'blob' | undefined

/** How the success response is read: by the media type of the first 2xx response. */
function responseReading(doc: OpenApiDocument, operation: OpenApiOperation): ResponseReading {
  const success = Object.keys(operation.responses)
    .filter((code) => /^2/.test(code))
    .sort()[0]
  if (!success) return 'json'
  const response = deref<OpenApiResponse>(doc, operation.responses[success] as OpenApiResponse).node
  const type = Object.keys(response.content ?? {})[0]
  if (type === undefined) return undefined
  if (isJsonMedia(type)) return 'json'
  return /^text\//i.test(type) ? 'text' : 'blob'
}

// -------------------------------------------------------------------------------------------------
// Rendering

/** One shell word in single quotes: exactly `value`, whatever it contains. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

/** Double quotes read better for headers; single quotes when the text holds shell syntax. */
function shellQuoteHeader(value: string): string {
  return /^[^"$`\\!]*$/.test(value) ? `"${value}"` : shellQuote(value)
}

/** curl's -F value syntax: `;` ends the value and a leading `"`, `@` or `<` means something else. */
function curlFormText(value: string): string {
  return /[;"@<\\]/.test(value[0] ?? '') || value.includes(';')
    ? `"${value.replace(/[\\"]/g, (match) => `\\${match}`)}"`
    : value
}

/** A JavaScript string literal, in the quotes that need fewer escapes (single when even, as Prettier). */
function jsString(value: string): string {
  const singles = value.split("'").length - 1
  const doubles = value.split('"').length - 1
  if (singles > doubles) return JSON.stringify(value)
  const escaped = JSON.stringify(value)
    .slice(1, -1)
    .replace(/\\.|'/g, (match) => (match === '\\"' ? '"' : match === "'" ? "\\'" : match))
  return `'${escaped}'`
}

function jsKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : jsString(key)
}

/** A JavaScript literal for a JSON value, laid out as Prettier would keep it. */
function jsLiteral(value: unknown, indent = ''): string {
  if (typeof value === 'string') return jsString(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value)
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const items = value.map((item) => jsLiteral(item, inner))
    const oneLine = `[${items.join(', ')}]`
    const primitives = value.every((item) => typeof item !== 'object' || item === null)
    if (primitives && indent.length + oneLine.length <= 80) return oneLine
    return `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value)
    if (entries.length === 0) return '{}'
    const lines = entries.map(([key, item]) => `${inner}${jsKey(key)}: ${jsLiteral(item, inner)},`)
    return `{\n${lines.join('\n')}\n${indent}}`
  }
  return 'null'
}

/** Names the fetch snippet declares itself. */
const SNIPPET_NAMES = new Set([
  'form',
  'res',
  'data',
  'fetch',
  'openAsBlob',
  'process',
  'JSON',
  'Blob',
  'FormData',
])

/** A camelCase variable for a multipart part (`metadata`, `importMap`), clear of the snippet's own names. */
function partVariable(name: string): string {
  const camel = name.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) =>
    (next ?? '').toUpperCase(),
  )
  const variable = /^[A-Za-z_$]/.test(camel) ? camel : `part${camel}`
  return SNIPPET_NAMES.has(variable) || !/^[A-Za-z_$][\w$]*$/.test(variable)
    ? `${variable || 'part'}Part`
    : variable
}

interface RequestParts {
  method: Uppercase<HttpMethod>
  url: string
  headers: [string, string][]
  body?: RequestExampleBody
  reading: ResponseReading
}

function renderCurl({ method, url, headers, body }: RequestParts): string {
  const first =
    method === 'GET'
      ? `curl ${shellQuote(url)}`
      : method === 'HEAD'
        ? `curl --head ${shellQuote(url)}`
        : `curl -X ${method} ${shellQuote(url)}`
  const lines = [`-H "Authorization: Bearer $${ACCESS_TOKEN_VARIABLE}"`]
  for (const [name, value] of headers) lines.push(`-H ${shellQuoteHeader(`${name}: ${value}`)}`)
  if (body?.kind === 'json') {
    lines.push(
      `-H ${shellQuoteHeader(`Content-Type: ${body.contentType}`)}`,
      `--data ${shellQuote(body.json)}`,
    )
  } else if (body?.kind === 'file') {
    lines.push(
      `-H ${shellQuoteHeader(`Content-Type: ${body.contentType}`)}`,
      `--data-binary ${shellQuote(`@${body.path}`)}`,
    )
  } else if (body?.kind === 'form') {
    for (const field of body.fields) {
      if (body.contentType === 'application/x-www-form-urlencoded') {
        if (field.kind === 'text')
          lines.push(`--data-urlencode ${shellQuote(`${field.name}=${field.value}`)}`)
      } else if (field.kind === 'file') {
        lines.push(`-F ${shellQuote(`${field.name}=@${field.path}`)}`)
      } else if (field.contentType) {
        lines.push(`-F ${shellQuote(`${field.name}=${curlFormText(field.value)};type=${field.contentType}`)}`)
      } else {
        lines.push(`--form-string ${shellQuote(`${field.name}=${field.value}`)}`)
      }
    }
  }
  return [first, ...lines.map((line) => `  ${line}`)].join(' \\\n')
}

function renderFetch({ method, url, headers, body, reading }: RequestParts): string {
  const imports: string[] = []
  const before: string[] = []
  const headerLines = [`Authorization: \`Bearer \${process.env.${ACCESS_TOKEN_VARIABLE}}\`,`]
  for (const [name, value] of headers) headerLines.push(`${jsKey(name)}: ${jsString(value)},`)
  let bodyLine: string | undefined
  if (body?.kind === 'json') {
    headerLines.push(`'Content-Type': ${jsString(body.contentType)},`)
    bodyLine = `body: JSON.stringify(${jsLiteral(body.value, '  ')}),`
  } else if (body?.kind === 'file') {
    imports.push(`import { openAsBlob } from 'node:fs'`)
    headerLines.push(`'Content-Type': ${jsString(body.contentType)},`)
    bodyLine = `body: await openAsBlob(${jsString(body.path)}),`
  } else if (body?.kind === 'form' && body.contentType === 'application/x-www-form-urlencoded') {
    const fields = Object.fromEntries(
      body.fields.flatMap((f) => (f.kind === 'text' ? [[f.name, f.value]] : [])),
    )
    bodyLine = `body: new URLSearchParams(${jsLiteral(fields, '  ')}),`
  } else if (body?.kind === 'form') {
    // No Content-Type header: fetch writes it with the multipart boundary.
    before.push('const form = new FormData()')
    const declared = new Set<string>()
    for (const field of body.fields) {
      if (field.kind === 'file') {
        if (imports.length === 0) imports.push(`import { openAsBlob } from 'node:fs'`)
        const fileName = field.path.split('/').pop() ?? field.name
        before.push(
          `form.append(${jsString(field.name)}, await openAsBlob(${jsString(field.path)}), ${jsString(fileName)})`,
        )
      } else if (field.contentType) {
        let content = jsString(field.value)
        if (isJsonMedia(field.contentType)) {
          // The part's JSON written as an object the reader edits, stringified when appended.
          let variable = partVariable(field.name)
          while (declared.has(variable)) variable = `${variable}${declared.size + 1}`
          declared.add(variable)
          before.push(`const ${variable} = ${jsLiteral(JSON.parse(field.value))}`)
          content = `JSON.stringify(${variable})`
        }
        const blob = `new Blob([${content}], { type: ${jsString(field.contentType)} })`
        before.push(`form.append(${jsString(field.name)}, ${blob})`)
      } else {
        before.push(`form.append(${jsString(field.name)}, ${jsString(field.value)})`)
      }
    }
    bodyLine = 'body: form,'
  }
  const options = [
    `method: ${jsString(method)},`,
    `headers: {\n${headerLines.map((line) => `    ${line}`).join('\n')}\n  },`,
    ...(bodyLine ? [bodyLine] : []),
  ]
  const lines = [
    ...(imports.length > 0 ? [...imports, ''] : []),
    ...before,
    `const res = await fetch(${jsString(url)}, {\n${options.map((line) => `  ${line}`).join('\n')}\n})`,
    'if (!res.ok) throw new Error(`Request failed with ${res.status}: ${await res.text()}`)',
  ]
  if (reading === 'json') lines.push('const data = await res.json()')
  if (reading === 'text') lines.push('const data = await res.text()')
  if (reading === 'blob') lines.push('const data = await res.blob()')
  return lines.join('\n')
}

// -------------------------------------------------------------------------------------------------

/** The copyable request of one operation (see the top of this file). Throws on an unknown id. */
export function buildRequestExample(
  doc: OpenApiDocument,
  operationId: string,
  options: RequestExampleOptions = {},
): RequestExample {
  const located = locate(doc, operationId)
  const parameters = new Map<string, OpenApiParameter>()
  for (const entry of [...located.pathParameters, ...located.operation.parameters]) {
    const parameter = deref<OpenApiParameter>(doc, entry as OpenApiParameter).node
    // Operation-level parameters override path-level ones with the same name and location.
    parameters.set(`${parameter.in}:${parameter.name}`, parameter)
  }
  let path = located.route
  const query: [string, string][] = []
  const headers: [string, string][] = []
  const cookies: string[] = []
  for (const parameter of parameters.values()) {
    if (parameter.in !== 'path' && !parameter.required) continue
    const value = parameterValue(doc, parameter)
    if (parameter.in === 'path') path = path.split(`{${parameter.name}}`).join(pathSegment(value))
    else if (parameter.in === 'query') query.push(...queryPairs(parameter, value))
    else if (parameter.in === 'header') headers.push([parameter.name, textOf(value)])
    else cookies.push(`${parameter.name}=${encodeURIComponent(textOf(value))}`)
  }
  if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')])
  const search = query
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&')
  const parts: RequestParts = {
    method: located.method.toUpperCase() as Uppercase<HttpMethod>,
    url: `${serverUrl(located.servers)}${path}${search ? `?${search}` : ''}`,
    headers,
    body: requestBody(doc, located, options.bodyFrom ?? 'document'),
    reading: responseReading(doc, located.operation),
  }
  return {
    operationId,
    method: parts.method,
    url: parts.url,
    ...(parts.body ? { body: parts.body } : {}),
    curl: renderCurl(parts),
    fetch: renderFetch(parts),
  }
}

/** Request examples of every operation, in document order, keyed by operationId. */
export function buildRequestExamples(
  doc: OpenApiDocument,
  options: RequestExampleOptions = {},
): Map<string, RequestExample> {
  const examples = new Map<string, RequestExample>()
  for (const item of Object.values(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (operation)
        examples.set(operation.operationId, buildRequestExample(doc, operation.operationId, options))
    }
  }
  return examples
}
