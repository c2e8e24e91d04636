/**
 * What an operation section shows, read out of an OpenAPI document: local `$ref`s resolved,
 * path-level and operation-level parameters merged, schemas flattened into property trees and a
 * JSON example for every response that has none.
 */
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
} from './schemas'
import type { FieldPath } from './spec-problems'

export interface SchemaView {
  /** Property name; absent for a top-level body or an array's items. */
  name?: string
  /** Type as shown: `string`, `integer (int64)`, `array of object`, `string | null`. */
  type: string
  required: boolean
  description?: string
  enum?: string[]
  default?: string
  /** Name of the component schema this came from, when it was a `$ref`. */
  refName?: string
  /** Set when the schema refers to itself; its properties are not expanded again. */
  recursive?: boolean
  properties: SchemaView[]
}

export interface OperationParameter {
  name: string
  location: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  description?: string
  schema: SchemaView
}

export interface OperationMediaType {
  contentType: string
  schema?: SchemaView
  /** Pretty-printed JSON example (given in the document, or derived from the schema). */
  example?: string
}

export interface OperationResponse {
  code: string
  description: string
  content: OperationMediaType[]
  /** Name of the shared response (`components.responses`) it refers to, if any. */
  refName?: string
}

/** A response of `components.responses`, which many operations share: documented once. */
export interface SharedResponse {
  name: string
  /** Status codes it is used with, ascending. */
  codes: string[]
  description: string
  content: OperationMediaType[]
}

export interface OperationModel {
  operationId: string
  method: HttpMethod
  path: string
  summary?: string
  description?: string
  tags: string[]
  deprecated: boolean
  parameters: OperationParameter[]
  requestBody?: { required: boolean; description?: string; content: OperationMediaType[] }
  responses: OperationResponse[]
}

export type ReportProblem = (path: FieldPath, message: string) => void

/** Nesting beyond this is cut: reference pages are read by people, not validators. */
const MAX_DEPTH = 8

interface Resolver {
  resolve<T extends object>(value: T | { $ref: string }, at: FieldPath): T | undefined
  refName(value: object): string | undefined
}

function createResolver(doc: OpenApiDocument, reportOnce: ReportProblem): Resolver {
  // The same broken reference is reached from several places (type label, view, example).
  const reported = new Set<string>()
  const report: ReportProblem = (path, message) => {
    const key = `${path.map(String).join('/')}\u0000${message}`
    if (reported.has(key)) return
    reported.add(key)
    reportOnce(path, message)
  }
  const lookup = (ref: string): unknown => {
    if (!ref.startsWith('#/')) return undefined
    let current: unknown = doc
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
      if (typeof current !== 'object' || current === null) return undefined
      current = (current as Record<string, unknown>)[key]
    }
    return current
  }
  return {
    resolve<T extends object>(value: T | { $ref: string }, at: FieldPath): T | undefined {
      let current: unknown = value
      const seen = new Set<string>()
      while (typeof current === 'object' && current !== null && '$ref' in current) {
        const ref = (current as { $ref: unknown }).$ref
        if (typeof ref !== 'string') break
        if (seen.has(ref)) {
          report(at, `$ref "${ref}" refers to itself`)
          return undefined
        }
        seen.add(ref)
        const target = lookup(ref)
        if (target === undefined) {
          report(
            [...at, '$ref'],
            ref.startsWith('#/')
              ? `$ref "${ref}" does not exist in the document`
              : `$ref "${ref}" points outside the document; only local references are supported`,
          )
          return undefined
        }
        current = target
      }
      return current as T
    },
    refName(value: object): string | undefined {
      const ref = (value as { $ref?: unknown }).$ref
      return typeof ref === 'string' ? ref.split('/').pop() : undefined
    },
  }
}

function typeLabel(schema: JsonSchemaObject, resolver: Resolver, at: FieldPath): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  const variants = schema.oneOf ?? schema.anyOf
  if (variants && variants.length > 0) {
    return variants
      .map((variant, index) => {
        const resolved = resolver.resolve(variant, [...at, 'oneOf', index])
        return resolver.refName(variant) ?? (resolved ? typeLabel(resolved, resolver, at) : 'unknown')
      })
      .join(' | ')
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (schema.nullable && !types.includes('null')) types.push('null')
  const names = types.map((type) => {
    if (type === 'array' && schema.items) {
      const items = resolver.resolve(schema.items, [...at, 'items'])
      const itemName =
        resolver.refName(schema.items) ?? (items ? typeLabel(items, resolver, [...at, 'items']) : 'unknown')
      return `array of ${itemName}`
    }
    return schema.format && type !== 'null' ? `${type} (${schema.format})` : type
  })
  if (names.length > 0) return names.join(' | ')
  if (schema.properties || schema.allOf) return 'object'
  if (schema.enum) return 'enum'
  return 'any'
}

/** Merges `allOf` members into one object schema so their properties read as one list. */
function mergeAllOf(schema: JsonSchemaObject, resolver: Resolver, at: FieldPath): JsonSchemaObject {
  if (!schema.allOf) return schema
  const merged: JsonSchemaObject = { ...schema, allOf: undefined }
  merged.properties = { ...schema.properties }
  merged.required = [...(schema.required ?? [])]
  schema.allOf.forEach((member, index) => {
    const resolved = resolver.resolve(member, [...at, 'allOf', index])
    if (!resolved) return
    const flat = mergeAllOf(resolved, resolver, [...at, 'allOf', index])
    Object.assign(merged.properties as object, flat.properties)
    merged.required?.push(...(flat.required ?? []))
    merged.type ??= flat.type
    merged.description ??= flat.description
  })
  return merged
}

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export function schemaView(
  raw: JsonSchemaObject,
  resolver: Resolver,
  at: FieldPath,
  options: { name?: string; required?: boolean; stack?: readonly string[]; depth?: number } = {},
): SchemaView {
  const refName = resolver.refName(raw)
  const stack = options.stack ?? []
  const base = { name: options.name, required: options.required ?? false, refName }
  if (refName && stack.includes(refName)) {
    return { ...base, type: refName, recursive: true, properties: [] }
  }
  const resolved = resolver.resolve(raw, at)
  if (!resolved) return { ...base, type: 'unknown', properties: [] }
  const schema = mergeAllOf(resolved, resolver, at)
  const nextStack = refName ? [...stack, refName] : stack
  const view: SchemaView = {
    ...base,
    type: typeLabel(schema, resolver, at),
    description: schema.description,
    enum: schema.enum?.map(formatValue),
    default: schema.default === undefined ? undefined : formatValue(schema.default),
    properties: [],
  }
  const depth = options.depth ?? 0
  if (depth >= MAX_DEPTH) return view
  // An array shows its items' properties; an object its own.
  if (schema.items && !schema.properties) {
    const itemRef = resolver.refName(schema.items)
    if (itemRef && nextStack.includes(itemRef)) return { ...view, recursive: true }
    const itemsAt = [...at, 'items']
    const items = resolver.resolve(schema.items, itemsAt)
    if (!items) return view
    const itemStack = itemRef ? [...nextStack, itemRef] : nextStack
    const merged = mergeAllOf(items, resolver, itemsAt)
    return { ...view, properties: propertyViews(merged, resolver, itemsAt, itemStack, depth) }
  }
  return { ...view, properties: propertyViews(schema, resolver, at, nextStack, depth) }
}

function propertyViews(
  schema: JsonSchemaObject,
  resolver: Resolver,
  at: FieldPath,
  stack: readonly string[],
  depth: number,
): SchemaView[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    schemaView(property, resolver, [...at, 'properties', name], {
      name,
      required: required.has(name),
      stack,
      depth: depth + 1,
    }),
  )
}

const SAMPLE_STRINGS: Record<string, string> = {
  'date-time': '2024-01-31T12:00:00Z',
  date: '2024-01-31',
  uuid: '4b4c0f8e-2d9a-4b5e-9f6a-2f1c3d4e5a6b',
  email: 'user@example.com',
  uri: 'https://example.com',
  hostname: 'db.example.com',
  ipv4: '203.0.113.10',
}

/** A plausible JSON value for a schema, used when the document gives no example. */
export function exampleFromSchema(
  raw: JsonSchemaObject,
  resolver: Resolver,
  at: FieldPath,
  stack: readonly string[] = [],
): unknown {
  const refName = resolver.refName(raw)
  if (refName && stack.includes(refName)) return {}
  if (stack.length >= MAX_DEPTH) return null
  const resolved = resolver.resolve(raw, at)
  if (!resolved) return null
  const schema = mergeAllOf(resolved, resolver, at)
  const nextStack = refName ? [...stack, refName] : stack
  if (schema.example !== undefined) return schema.example
  if (schema.examples && schema.examples.length > 0) return schema.examples[0]
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0]
  if (variant) return exampleFromSchema(variant, resolver, [...at, 'oneOf', 0], nextStack)
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  const type = types.find((candidate) => candidate !== 'null') ?? (schema.properties ? 'object' : undefined)
  switch (type) {
    case 'string':
      return SAMPLE_STRINGS[schema.format ?? ''] ?? 'string'
    case 'integer':
    case 'number':
      return 0
    case 'boolean':
      return true
    case 'array':
      return schema.items ? [exampleFromSchema(schema.items, resolver, [...at, 'items'], nextStack)] : []
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        out[name] = exampleFromSchema(property, resolver, [...at, 'properties', name], nextStack)
      }
      return out
    }
    default:
      return null
  }
}

function mediaTypes(
  content: Record<string, OpenApiMediaType> | undefined,
  resolver: Resolver,
  at: FieldPath,
  withExamples: boolean,
): OperationMediaType[] {
  return Object.entries(content ?? {}).map(([contentType, media]) => {
    const mediaAt = [...at, 'content', contentType]
    const schema = media.schema ? schemaView(media.schema, resolver, [...mediaAt, 'schema']) : undefined
    let example: string | undefined
    if (withExamples && /json/.test(contentType)) {
      const given =
        media.example ?? Object.values(media.examples ?? {}).find((entry) => entry.value !== undefined)?.value
      const value =
        given !== undefined
          ? given
          : media.schema
            ? exampleFromSchema(media.schema, resolver, [...mediaAt, 'schema'])
            : undefined
      if (value !== undefined) example = JSON.stringify(value, null, 2)
    }
    return { contentType, schema, example }
  })
}

function buildOperation(
  method: HttpMethod,
  route: string,
  operation: OpenApiOperation,
  pathParameters: OpenApiOperation['parameters'],
  resolver: Resolver,
): OperationModel {
  const at: FieldPath = ['paths', route, method]
  const parameters = new Map<string, OperationParameter>()
  const addParameters = (list: OpenApiOperation['parameters'], listAt: FieldPath) => {
    list.forEach((entry, index) => {
      const parameter = resolver.resolve<OpenApiParameter>(entry, [...listAt, index])
      if (!parameter) return
      // Operation-level parameters override path-level ones with the same name and location.
      parameters.set(`${parameter.in}:${parameter.name}`, {
        name: parameter.name,
        location: parameter.in,
        required: parameter.in === 'path' ? true : (parameter.required ?? false),
        description: parameter.description,
        schema: parameter.schema
          ? schemaView(parameter.schema, resolver, [...listAt, index, 'schema'])
          : { type: 'string', required: false, properties: [] },
      })
    })
  }
  addParameters(pathParameters, ['paths', route, 'parameters'])
  addParameters(operation.parameters, [...at, 'parameters'])

  let requestBody: OperationModel['requestBody']
  if (operation.requestBody) {
    const body = resolver.resolve<OpenApiRequestBody>(operation.requestBody, [...at, 'requestBody'])
    if (body) {
      requestBody = {
        required: body.required ?? false,
        description: body.description,
        content: mediaTypes(body.content, resolver, [...at, 'requestBody'], false),
      }
    }
  }

  const responses = Object.entries(operation.responses)
    .map(([code, entry]): OperationResponse | undefined => {
      const response = resolver.resolve<OpenApiResponse>(entry, [...at, 'responses', code])
      if (!response) return undefined
      return {
        code,
        description: response.description,
        content: mediaTypes(response.content, resolver, [...at, 'responses', code], true),
        refName: resolver.refName(entry),
      }
    })
    .filter((response): response is OperationResponse => response !== undefined)
    .sort((a, b) => a.code.localeCompare(b.code))

  const order = { path: 0, query: 1, header: 2, cookie: 3 }
  return {
    operationId: operation.operationId,
    method,
    path: route,
    summary: operation.summary,
    description: operation.description,
    tags: operation.tags,
    deprecated: operation.deprecated ?? false,
    parameters: [...parameters.values()].sort((a, b) => order[a.location] - order[b.location]),
    requestBody,
    responses,
  }
}

/** Every operation of the document, in document order, keyed by operationId. */
export function buildOperationModels(
  doc: OpenApiDocument,
  report: ReportProblem,
): Map<string, OperationModel> {
  const resolver = createResolver(doc, report)
  const models = new Map<string, OperationModel>()
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (operation) {
        models.set(operation.operationId, buildOperation(method, route, operation, item.parameters, resolver))
      }
    }
  }
  return models
}

/** The shared responses that operations refer to, with the status codes they are used under. */
export function buildSharedResponses(
  doc: OpenApiDocument,
  operations: Iterable<OperationModel>,
  report: ReportProblem,
): SharedResponse[] {
  const resolver = createResolver(doc, report)
  const codes = new Map<string, Set<string>>()
  for (const operation of operations) {
    for (const response of operation.responses) {
      if (response.refName)
        codes.set(response.refName, (codes.get(response.refName) ?? new Set()).add(response.code))
    }
  }
  return Object.entries(doc.components?.responses ?? {})
    .filter(([name]) => codes.has(name))
    .map(([name, entry]): SharedResponse | undefined => {
      const at = ['components', 'responses', name]
      const response = resolver.resolve<OpenApiResponse>(entry, at)
      if (!response) return undefined
      return {
        name,
        codes: [...(codes.get(name) ?? [])].sort(),
        description: response.description,
        content: mediaTypes(response.content, resolver, at, true),
      }
    })
    .filter((response): response is SharedResponse => response !== undefined)
    .sort((a, b) => (a.codes[0] ?? '').localeCompare(b.codes[0] ?? '') || a.name.localeCompare(b.name))
}
