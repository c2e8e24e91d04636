/**
 * Schemas of the reference content. Every file under `content/reference/` is parsed with one of
 * these before anything is rendered; a file that does not match fails the build with the file and
 * the field named (see `load-spec.ts`).
 *
 * Files (paths relative to apps/docs/, or to $REFERENCE_CONTENT_DIR when that is set):
 *
 *   content/reference/cli/spec.yaml            CLI spec (YAML, `CliSpecSchema`): `info`, global
 *                                              `flags`, and `commands`. A command lists its
 *                                              `subcommands` by command id; flags listed on a command
 *                                              that come from a parent command or from the global
 *                                              flags carry `inherit: true`.
 *   content/reference/cli/sections.yaml        section tree of the CLI page (`SectionTreeSchema`)
 *
 *   content/reference/javascript/v2/spec.yaml  client-library spec for v2 (YAML,
 *                                              `ClientLibSpecSchema`): `info` and `functions`
 *   content/reference/javascript/v2/sections.yaml
 *   content/reference/javascript/v1/spec.yaml  the same format for v1 (one file per version)
 *   content/reference/javascript/v1/sections.yaml
 *
 *   content/reference/api/openapi.json         Management API: an OpenAPI 3.x document. Only the
 *                                              parts operation sections use are checked
 *                                              (`OpenApiDocumentSchema`); other fields pass through.
 *   content/reference/api/sections.yaml
 *
 *   content/reference/<dir>/markdown/<id>.mdx  body of a `markdown` section (default location; a
 *                                              section may name another file with `file`, relative
 *                                              to its sections.yaml)
 *
 * Section tree (`sections.yaml`): ordered `categories`, each with a `title` and `sections`. A
 * section has an `id` (unique in the tree, and the anchor on the long page), an optional `slug`
 * (URL segment; defaults to the id), a `title` and a `kind`:
 *   markdown     -> `file` (optional, see above)
 *   function     -> `function_id` (optional, defaults to the id): a function of the client spec
 *   cli-command  -> `command_id` (optional, defaults to the id): a command of the CLI spec
 *   operation    -> `operation_id` (optional, defaults to the id): an operationId in openapi.json
 * A section may nest child sections under `items`. A category may, instead of (or after) listing
 * sections by hand, `include` every CLI command or every API operation carrying a tag, in spec
 * order: `include: { kind: cli-command, tag: local-dev }`.
 *
 * Multi-line text fields (description, notes) are Markdown. Code fields are raw code, no fences.
 */
import { z } from 'zod'

// ---------------------------------------------------------------------------------------------
// Shared pieces

const nonEmpty = z.string().trim().min(1, 'must not be empty')

/** Ids and slugs: lower-case words joined by single dashes, safe in URLs and HTML ids. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/
const slugLike = z
  .string()
  .regex(SLUG_PATTERN, 'must be lower-case letters, digits and single dashes (e.g. "db-push")')

const markdown = z.string()

const LinkSchema = z.strictObject({
  name: nonEmpty,
  url: nonEmpty,
})

const TagSchema = z.strictObject({
  id: slugLike,
  title: nonEmpty,
  description: markdown.optional(),
})

// ---------------------------------------------------------------------------------------------
// CLI spec

/** Value types a CLI flag can take (pflag's names; `strings` is a repeatable/comma list). */
export const CLI_FLAG_TYPES = [
  'string',
  'bool',
  'int',
  'uint',
  'float',
  'duration',
  'strings',
  'enum',
] as const

export const CliAcceptedValueSchema = z.strictObject({
  id: nonEmpty,
  name: nonEmpty,
  type: nonEmpty,
})

export const CliFlagSchema = z.strictObject({
  id: slugLike,
  /** As typed on the command line, with dashes: `--project-ref`. */
  name: z.string().regex(/^--[a-z0-9][a-z0-9-]*$/, 'must look like "--flag-name"'),
  /** One-letter alias, with its dash: `-p`. */
  shorthand: z
    .string()
    .regex(/^-[a-zA-Z0-9]$/, 'must look like "-p"')
    .optional(),
  type: z.enum(CLI_FLAG_TYPES).optional(),
  description: markdown,
  /** Always a string, as printed by `--help` ('' when the flag has no default). */
  default_value: z.string(),
  required: z.boolean().optional(),
  accepted_values: z.array(CliAcceptedValueSchema).min(1).optional(),
  /** True when the flag is defined by a parent command or globally and only listed here. */
  inherit: z.boolean().optional(),
})

export const CliExampleSchema = z.strictObject({
  id: slugLike,
  name: nonEmpty,
  code: nonEmpty,
  /** What the command prints, shown under the example. */
  response: z.string().optional(),
})

export const CliCommandSchema = z.strictObject({
  id: slugLike,
  /** The command as typed: `supabase db push`. */
  title: nonEmpty,
  summary: nonEmpty,
  description: markdown.optional(),
  tags: z.array(slugLike).default([]),
  /** The command group tag (an `info.tags` id): `local-dev`, `management-api`, ... */
  group: slugLike.optional(),
  /** Only available with `--experimental`. */
  experimental: z.boolean().optional(),
  links: z.array(LinkSchema).default([]),
  usage: nonEmpty,
  /** Ids of the commands one level below this one. */
  subcommands: z.array(slugLike).default([]),
  flags: z.array(CliFlagSchema).default([]),
  examples: z.array(CliExampleSchema).optional(),
})

export const CliSpecInfoSchema = z.strictObject({
  id: slugLike,
  version: nonEmpty,
  title: nonEmpty,
  /** Language of code samples, for highlighting (`sh`). */
  language: nonEmpty,
  /** Where the tool's source lives. */
  source: nonEmpty,
  description: markdown.optional(),
  tags: z.array(TagSchema).default([]),
})

export const CliSpecSchema = z.strictObject({
  info: CliSpecInfoSchema,
  /** Flags every command accepts. */
  flags: z.array(CliFlagSchema).default([]),
  commands: z.array(CliCommandSchema).min(1),
})

export type CliAcceptedValue = z.infer<typeof CliAcceptedValueSchema>
export type CliFlag = z.infer<typeof CliFlagSchema>
export type CliFlagType = (typeof CLI_FLAG_TYPES)[number]
export type CliExample = z.infer<typeof CliExampleSchema>
export type CliCommand = z.infer<typeof CliCommandSchema>
export type CliSpecInfo = z.infer<typeof CliSpecInfoSchema>
export type CliSpec = z.infer<typeof CliSpecSchema>

// ---------------------------------------------------------------------------------------------
// Client-library spec (one file per library version)

export interface FunctionParam {
  name: string
  /** TypeScript type as shown to the reader: `string`, `{ count?: 'exact' }`, `Column[]`. */
  type: string
  optional?: boolean | undefined
  description?: string | undefined
  default_value?: string | undefined
  /** Members of an object parameter, rendered as a nested list. */
  properties?: FunctionParam[] | undefined
}

export const FunctionParamSchema: z.ZodType<FunctionParam> = z.strictObject({
  name: nonEmpty,
  type: nonEmpty,
  optional: z.boolean().optional(),
  description: markdown.optional(),
  default_value: z.string().optional(),
  get properties() {
    return z.array(FunctionParamSchema).optional()
  },
})

const TableCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()])

export const ExampleTableSchema = z
  .strictObject({
    name: nonEmpty,
    columns: z.array(nonEmpty).min(1),
    rows: z.array(z.array(TableCellSchema)).default([]),
  })
  .superRefine((table, ctx) => {
    table.rows.forEach((row, index) => {
      if (row.length !== table.columns.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', index],
          message: `has ${row.length} cells but the table has ${table.columns.length} columns`,
        })
      }
    })
  })

/** The data an example runs against: the SQL that creates it and/or the resulting tables. */
export const ExampleDataSchema = z
  .strictObject({
    sql: z.string().optional(),
    tables: z.array(ExampleTableSchema).optional(),
  })
  .refine((data) => data.sql !== undefined || data.tables !== undefined, {
    message: 'needs `sql`, `tables` or both',
  })

export const FunctionExampleSchema = z.strictObject({
  id: slugLike,
  name: nonEmpty,
  code: nonEmpty,
  /** Highlighting language of `code`; defaults to the spec's `info.language`. */
  lang: nonEmpty.optional(),
  description: markdown.optional(),
  /** What the call returns, usually JSON. */
  response: z.string().optional(),
  data: ExampleDataSchema.optional(),
})

export const ClientFunctionSchema = z.strictObject({
  id: slugLike,
  title: nonEmpty,
  description: markdown.optional(),
  params: z.array(FunctionParamSchema).default([]),
  notes: markdown.optional(),
  examples: z.array(FunctionExampleSchema).default([]),
  /**
   * Older versions only: id of the function in the latest version's spec that replaces this one
   * when the name changed (v1 `auth-sign-in` -> v2 `auth-sign-in-with-password`), so the version
   * banner can link to it. Without it the banner looks for the same slug.
   */
  latest_id: slugLike.optional(),
})

export const ClientLibSpecInfoSchema = z.strictObject({
  id: slugLike,
  /** Library version the file documents: `2.45.0`. */
  version: nonEmpty,
  title: nonEmpty,
  /** Package name as installed: `@supabase/supabase-js`. */
  package: nonEmpty.optional(),
  /** Default highlighting language of examples (`ts`, `js`). */
  language: nonEmpty,
  source: nonEmpty.optional(),
  description: markdown.optional(),
})

export const ClientLibSpecSchema = z.strictObject({
  info: ClientLibSpecInfoSchema,
  functions: z.array(ClientFunctionSchema).min(1),
})

export type ExampleTable = z.infer<typeof ExampleTableSchema>
export type ExampleData = z.infer<typeof ExampleDataSchema>
export type FunctionExample = z.infer<typeof FunctionExampleSchema>
export type ClientFunction = z.infer<typeof ClientFunctionSchema>
export type ClientLibSpecInfo = z.infer<typeof ClientLibSpecInfoSchema>
export type ClientLibSpec = z.infer<typeof ClientLibSpecSchema>

// ---------------------------------------------------------------------------------------------
// OpenAPI 3.x: the parts an operation section reads. Objects are loose: the document may carry
// anything else OpenAPI allows.

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

export const OpenApiDocumentSchema = z.looseObject({
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

export type OpenApiParameter = z.infer<typeof OpenApiParameterSchema>
export type OpenApiMediaType = z.infer<typeof OpenApiMediaTypeSchema>
export type OpenApiRequestBody = z.infer<typeof OpenApiRequestBodySchema>
export type OpenApiResponse = z.infer<typeof OpenApiResponseSchema>
export type OpenApiOperation = z.infer<typeof OpenApiOperationSchema>
export type OpenApiPathItem = z.infer<typeof OpenApiPathItemSchema>
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>

// ---------------------------------------------------------------------------------------------
// Section trees

export const SECTION_KINDS = ['markdown', 'function', 'cli-command', 'operation'] as const
export type SectionKind = (typeof SECTION_KINDS)[number]

/** Slugs a section may not take: they are path segments of other reference routes. */
export const RESERVED_SLUGS = ['crawlers'] as const

/** A section as written in sections.yaml (before defaults are applied). */
export interface SectionEntryInput {
  id: string
  slug?: string | undefined
  title: string
  kind: string
  file?: string | undefined
  function_id?: string | undefined
  command_id?: string | undefined
  operation_id?: string | undefined
  items?: SectionEntryInput[] | undefined
}

const sectionSlug = slugLike.refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), {
  message: `is reserved (${RESERVED_SLUGS.join(', ')})`,
})

const sectionBase = {
  id: slugLike,
  slug: sectionSlug.optional(),
  title: nonEmpty,
}

const MarkdownEntrySchema = z.strictObject({
  ...sectionBase,
  kind: z.literal('markdown'),
  file: nonEmpty.optional(),
  get items(): z.ZodOptional<z.ZodArray<typeof SectionEntrySchema>> {
    return z.array(SectionEntrySchema).optional()
  },
})
const FunctionEntrySchema = z.strictObject({
  ...sectionBase,
  kind: z.literal('function'),
  function_id: slugLike.optional(),
  get items(): z.ZodOptional<z.ZodArray<typeof SectionEntrySchema>> {
    return z.array(SectionEntrySchema).optional()
  },
})
const CliCommandEntrySchema = z.strictObject({
  ...sectionBase,
  kind: z.literal('cli-command'),
  command_id: slugLike.optional(),
  get items(): z.ZodOptional<z.ZodArray<typeof SectionEntrySchema>> {
    return z.array(SectionEntrySchema).optional()
  },
})
const OperationEntrySchema = z.strictObject({
  ...sectionBase,
  kind: z.literal('operation'),
  operation_id: nonEmpty.optional(),
  get items(): z.ZodOptional<z.ZodArray<typeof SectionEntrySchema>> {
    return z.array(SectionEntrySchema).optional()
  },
})

interface SectionEntryBase {
  id: string
  slug?: string | undefined
  title: string
  items?: SectionEntry[] | undefined
}

/** A section as parsed from sections.yaml (defaults are applied later, in the section tree). */
export type SectionEntry =
  | (SectionEntryBase & { kind: 'markdown'; file?: string | undefined })
  | (SectionEntryBase & { kind: 'function'; function_id?: string | undefined })
  | (SectionEntryBase & {
      kind: 'cli-command'
      command_id?: string | undefined
    })
  | (SectionEntryBase & {
      kind: 'operation'
      operation_id?: string | undefined
    })

function describeKindError(input: unknown): string {
  const entry = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}
  const name = typeof entry.id === 'string' ? `section "${entry.id}"` : 'a section without an id'
  return `${name} has unknown kind ${JSON.stringify(entry.kind)} (expected one of ${SECTION_KINDS.join(', ')})`
}

/** One section entry; an unknown kind is reported with the section named. */
export const SectionEntrySchema: z.ZodType<SectionEntry, SectionEntryInput> = z.discriminatedUnion(
  'kind',
  [MarkdownEntrySchema, FunctionEntrySchema, CliCommandEntrySchema, OperationEntrySchema],
  {
    error: (issue) => (issue.code === 'invalid_union' ? describeKindError(issue.input) : undefined),
  },
)

export const SectionIncludeSchema = z.strictObject({
  kind: z.enum(['cli-command', 'operation']),
  /** CLI: a command's `group` or one of its `tags`. API: one of the operation's `tags`. */
  tag: nonEmpty,
})

export const SectionCategorySchema = z
  .strictObject({
    title: nonEmpty,
    sections: z.array(SectionEntrySchema).default([]),
    include: SectionIncludeSchema.optional(),
  })
  .refine((category) => category.sections.length > 0 || category.include !== undefined, {
    message: 'needs `sections`, `include` or both',
  })

export const SectionTreeSchema = z.strictObject({
  categories: z.array(SectionCategorySchema).min(1),
})

export type SectionInclude = z.infer<typeof SectionIncludeSchema>
export type SectionCategory = z.infer<typeof SectionCategorySchema>
export type SectionTreeFile = z.infer<typeof SectionTreeSchema>
