/**
 * OpenAPI 3.x, `content/reference/api/openapi.json`: the parts an operation section reads. Objects
 * are loose: the document may carry anything else OpenAPI allows, and those fields pass through.
 */
import { z } from 'zod'
import { nonEmpty } from './common'

export interface JsonSchemaObject {
  $ref?: string | undefined
  type?: string | string[] | undefined
  format?: string | undefined
  title?: string | undefined
  description?: string | undefined
  enum?: unknown[] | undefined
  const?: unknown
  default?: unknown
  example?: unknown
  examples?: unknown[] | undefined
  nullable?: boolean | undefined
  deprecated?: boolean | undefined
  properties?: Record<string, JsonSchemaObject> | undefined
  required?: string[] | undefined
  items?: JsonSchemaObject | undefined
  additionalProperties?: boolean | JsonSchemaObject | undefined
  oneOf?: JsonSchemaObject[] | undefined
  anyOf?: JsonSchemaObject[] | undefined
  allOf?: JsonSchemaObject[] | undefined
}

export const JsonSchemaObjectSchema: z.ZodType<JsonSchemaObject> = z.looseObject({
  $ref: z.string().optional(),
  type: z.union([z.string(), z.array(z.string())]).optional(),
  format: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  const: z.unknown().optional(),
  default: z.unknown().optional(),
  example: z.unknown().optional(),
  examples: z.array(z.unknown()).optional(),
  nullable: z.boolean().optional(),
  deprecated: z.boolean().optional(),
  get properties() {
    return z.record(z.string(), JsonSchemaObjectSchema).optional()
  },
  required: z.array(z.string()).optional(),
  get items() {
    return JsonSchemaObjectSchema.optional()
  },
  get additionalProperties() {
    return z.union([z.boolean(), JsonSchemaObjectSchema]).optional()
  },
  get oneOf() {
    return z.array(JsonSchemaObjectSchema).optional()
  },
  get anyOf() {
    return z.array(JsonSchemaObjectSchema).optional()
  },
  get allOf() {
    return z.array(JsonSchemaObjectSchema).optional()
  },
})

export const ReferenceObjectSchema = z.looseObject({ $ref: z.string() })

export const OpenApiParameterSchema = z.looseObject({
  name: nonEmpty,
  in: z.enum(['path', 'query', 'header', 'cookie']),
  description: z.string().optional(),
  required: z.boolean().optional(),
  deprecated: z.boolean().optional(),
  schema: JsonSchemaObjectSchema.optional(),
  example: z.unknown().optional(),
})

export const OpenApiMediaTypeSchema = z.looseObject({
  schema: JsonSchemaObjectSchema.optional(),
  example: z.unknown().optional(),
  examples: z.record(z.string(), z.looseObject({ value: z.unknown().optional() })).optional(),
})

export const OpenApiRequestBodySchema = z.looseObject({
  description: z.string().optional(),
  required: z.boolean().optional(),
  content: z.record(z.string(), OpenApiMediaTypeSchema),
})

export const OpenApiResponseSchema = z.looseObject({
  description: z.string(),
  content: z.record(z.string(), OpenApiMediaTypeSchema).optional(),
})

const parameterOrRef = z.union([ReferenceObjectSchema, OpenApiParameterSchema])

export const OpenApiOperationSchema = z.looseObject({
  operationId: z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, dashes and underscores'),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).default([]),
  deprecated: z.boolean().optional(),
  parameters: z.array(parameterOrRef).default([]),
  requestBody: z.union([ReferenceObjectSchema, OpenApiRequestBodySchema]).optional(),
  responses: z.record(
    z.string().regex(/^([1-5](\d\d|XX)|default)$/, 'must be an HTTP status code or "default"'),
    z.union([ReferenceObjectSchema, OpenApiResponseSchema]),
  ),
})

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export const OpenApiPathItemSchema = z.looseObject({
  parameters: z.array(parameterOrRef).default([]),
  get: OpenApiOperationSchema.optional(),
  put: OpenApiOperationSchema.optional(),
  post: OpenApiOperationSchema.optional(),
  delete: OpenApiOperationSchema.optional(),
  options: OpenApiOperationSchema.optional(),
  head: OpenApiOperationSchema.optional(),
  patch: OpenApiOperationSchema.optional(),
  trace: OpenApiOperationSchema.optional(),
})

export const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.string().regex(/^3\.\d+\.\d+$/, 'must be an OpenAPI 3.x version such as "3.1.0"'),
    info: z.looseObject({
      title: nonEmpty,
      version: nonEmpty,
      description: z.string().optional(),
    }),
    servers: z.array(z.looseObject({ url: z.string() })).default([]),
    tags: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })).default([]),
    paths: z.record(z.string().startsWith('/', 'must start with "/"'), OpenApiPathItemSchema),
    components: z
      .looseObject({
        schemas: z.record(z.string(), JsonSchemaObjectSchema).default({}),
        parameters: z.record(z.string(), OpenApiParameterSchema).default({}),
        requestBodies: z.record(z.string(), OpenApiRequestBodySchema).default({}),
        responses: z.record(z.string(), OpenApiResponseSchema).default({}),
      })
      .optional(),
  })
  .superRefine((doc, ctx) => {
    // Sections, URLs and the request examples find an operation by its id.
    const seen = new Map<string, string>()
    for (const [route, item] of Object.entries(doc.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method]
        if (!operation) continue
        const first = seen.get(operation.operationId)
        if (first === undefined) seen.set(operation.operationId, `${method.toUpperCase()} ${route}`)
        else
          ctx.addIssue({
            code: 'custom',
            path: ['paths', route, method, 'operationId'],
            message: `duplicate operationId "${operation.operationId}" (also used by ${first})`,
          })
      }
    }
  })

export type OpenApiParameter = z.infer<typeof OpenApiParameterSchema>
export type OpenApiMediaType = z.infer<typeof OpenApiMediaTypeSchema>
export type OpenApiRequestBody = z.infer<typeof OpenApiRequestBodySchema>
export type OpenApiResponse = z.infer<typeof OpenApiResponseSchema>
export type OpenApiOperation = z.infer<typeof OpenApiOperationSchema>
export type OpenApiPathItem = z.infer<typeof OpenApiPathItemSchema>
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>
