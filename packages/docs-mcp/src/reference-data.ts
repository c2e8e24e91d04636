/**
 * The reference data files the site build writes into the export (`/reference-data/*.json`):
 * each reference library's section model, as the pages and the Markdown copies render it, and
 * the auth error-code table. This file is their format: the build types what it writes with it
 * and the server checks what it reads with it, so the two cannot drift apart unnoticed.
 */
import { z } from 'zod'

export const REFERENCE_DATA_FORMAT = 1

/** Folder of the data files in the export, and their names. */
export const REFERENCE_DATA_DIR = 'reference-data'
export const AUTH_ERROR_CODES_FILE = 'auth-error-codes.json'
export const referenceDataFile = (libraryKey: string) => `${libraryKey}.json`

const CodeSampleSchema = z.object({ code: z.string(), lang: z.string(), caption: z.string().optional() })

export const CliFlagSchema = z.object({
  name: z.string(),
  shorthand: z.string().optional(),
  type: z.string().optional(),
  description: z.string(),
  default_value: z.string(),
  required: z.boolean().optional(),
  accepted_values: z.array(z.object({ name: z.string() })).optional(),
  inherit: z.boolean().optional(),
})

export interface FunctionParamData {
  name: string
  type: string
  optional?: boolean
  description?: string
  default_value?: string
  properties?: FunctionParamData[]
}

const FunctionParamSchema: z.ZodType<FunctionParamData> = z.object({
  name: z.string(),
  type: z.string(),
  optional: z.boolean().optional(),
  description: z.string().optional(),
  default_value: z.string().optional(),
  get properties() {
    return z.array(FunctionParamSchema).optional()
  },
})

export interface SchemaViewData {
  name?: string
  type: string
  required: boolean
  description?: string
  enum?: string[]
  default?: string
  properties: SchemaViewData[]
}

const SchemaViewSchema: z.ZodType<SchemaViewData> = z.object({
  name: z.string().optional(),
  type: z.string(),
  required: z.boolean(),
  description: z.string().optional(),
  enum: z.array(z.string()).optional(),
  default: z.string().optional(),
  get properties() {
    return z.array(SchemaViewSchema)
  },
})

const MediaTypeSchema = z.object({
  contentType: z.string(),
  schema: SchemaViewSchema.optional(),
  example: z.string().optional(),
})

const ExampleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  code: CodeSampleSchema,
  response: CodeSampleSchema.optional(),
  output: CodeSampleSchema.optional(),
})

/** The parts of a section the server answers from; other kinds are kept but not read. */
export const PartSchemas = {
  summary: z.object({ kind: z.literal('summary'), text: z.string() }),
  endpoint: z.object({
    kind: z.literal('endpoint'),
    method: z.string(),
    path: z.string(),
    deprecated: z.boolean(),
  }),
  description: z.object({ kind: z.literal('description'), markdown: z.string() }),
  usage: z.object({ kind: z.literal('usage'), code: CodeSampleSchema }),
  subcommands: z.object({
    kind: z.literal('subcommands'),
    subcommands: z.array(
      z.object({ id: z.string(), title: z.string(), summary: z.string(), slug: z.string().optional() }),
    ),
  }),
  params: z.object({ kind: z.literal('params'), params: z.array(FunctionParamSchema) }),
  'operation-params': z.object({
    kind: z.literal('operation-params'),
    params: z.array(
      z.object({
        name: z.string(),
        location: z.string(),
        required: z.boolean(),
        description: z.string().optional(),
        schema: SchemaViewSchema,
      }),
    ),
  }),
  'request-body': z.object({
    kind: z.literal('request-body'),
    required: z.boolean(),
    description: z.string().optional(),
    content: z.array(MediaTypeSchema),
  }),
  flags: z.object({ kind: z.literal('flags'), label: z.string(), flags: z.array(CliFlagSchema) }),
  examples: z.object({ kind: z.literal('examples'), examples: z.array(ExampleSchema) }),
  notes: z.object({ kind: z.literal('notes'), markdown: z.string() }),
  request: z.object({
    kind: z.literal('request'),
    variants: z.array(z.object({ id: z.string(), name: z.string(), code: CodeSampleSchema })),
  }),
  responses: z.object({
    kind: z.literal('responses'),
    own: z.array(z.object({ code: z.string(), description: z.string(), content: z.array(MediaTypeSchema) })),
    shared: z.array(z.object({ code: z.string(), id: z.string(), label: z.string() })),
  }),
} as const

export type PartKindRead = keyof typeof PartSchemas
export type PartData<K extends PartKindRead> = z.infer<(typeof PartSchemas)[K]>

const SectionSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  kind: z.string(),
  summary: z.string().optional(),
  /** Each part is checked against its kind's schema when it is read (`partOf`). */
  parts: z.array(
    z.custom<{ kind: string }>(
      (value) =>
        typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string',
      'a section part needs a kind',
    ),
  ),
})

export const ReferenceDataSchema = z.object({
  format: z.literal(REFERENCE_DATA_FORMAT),
  library: z.object({ key: z.string(), name: z.string(), path: z.string(), version: z.string().optional() }),
  specVersion: z.string(),
  sections: z.array(SectionSchema),
  sharedResponses: z.array(
    z.object({ id: z.string(), label: z.string(), codes: z.array(z.string()), description: z.string() }),
  ),
})

export const AuthErrorCodesSchema = z.object({
  format: z.literal(REFERENCE_DATA_FORMAT),
  /** Site path of the page with the table. */
  page: z.string(),
  codes: z.array(
    z.object({ code: z.string(), statuses: z.array(z.number()), meaning: z.string(), action: z.string() }),
  ),
})

export type ReferenceData = z.infer<typeof ReferenceDataSchema>
export type ReferenceSectionData = ReferenceData['sections'][number]
export type AuthErrorCodesData = z.infer<typeof AuthErrorCodesSchema>
/** What the build writes: the section model as it is (it has more than the server reads). */
export type ReferenceDataInput = z.input<typeof ReferenceDataSchema>
export type AuthErrorCodesInput = z.input<typeof AuthErrorCodesSchema>

/** The section's first part of a kind, checked against its schema; undefined when absent. */
export function partOf<K extends PartKindRead>(
  section: ReferenceSectionData,
  kind: K,
): PartData<K> | undefined {
  const part = section.parts.find((candidate) => candidate.kind === kind)
  if (!part) return undefined
  const parsed = PartSchemas[kind].safeParse(part)
  if (!parsed.success) {
    throw new Error(`The ${kind} part of reference section "${section.slug}" does not match its format`)
  }
  return parsed.data as PartData<K>
}

/** Every part of a kind (a CLI section may list its own flags and the global ones). */
export function partsOf<K extends PartKindRead>(section: ReferenceSectionData, kind: K): PartData<K>[] {
  return section.parts
    .filter((candidate) => candidate.kind === kind)
    .map((part) => PartSchemas[kind].parse(part) as PartData<K>)
}
