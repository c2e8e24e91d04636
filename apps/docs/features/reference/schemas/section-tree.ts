/**
 * A section tree, `content/reference/<dir>/sections.yaml`: the menu and page order of one library
 * page. Ordered `categories`, each with a `title` and `sections`. A section has an `id` (unique in
 * the tree, and the anchor on the long page), an optional `slug` (URL segment; defaults to the id),
 * a `title` and a `kind`:
 *   markdown     -> `file` (optional; defaults to `markdown/<id>.mdx` beside sections.yaml), and
 *                   `global_flags: true` (CLI) to list the flags every command takes after its text
 *   function     -> `function_id` (optional, defaults to the id): a function of the client spec
 *   cli-command  -> `command_id` (optional, defaults to the id): a command of the CLI spec
 *   operation    -> `operation_id` (optional, defaults to the id): an operationId in openapi.json
 * A section may nest child sections under `items`. A category may, instead of (or after) listing
 * sections by hand, `include` every CLI command or every API operation carrying a tag, in spec
 * order: `include: { kind: cli-command, tag: local-dev }`.
 *
 * This schema checks the file on its own; whether each target exists in the library's spec is
 * checked when the tree is built (`../section-tree.ts`).
 */
import { z } from 'zod'
import { formatFieldPath } from '../spec-problems'
import { nonEmpty, slugLike } from './common'

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
  global_flags?: boolean | undefined
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
  global_flags: z.literal(true).optional(),
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
  | (SectionEntryBase & { kind: 'markdown'; file?: string | undefined; global_flags?: true | undefined })
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

export const SectionTreeSchema = z
  .strictObject({
    categories: z.array(SectionCategorySchema).min(1),
  })
  .superRefine((tree, ctx) => {
    // Ids are anchors on the long page and slugs are URLs: both unique across nesting levels.
    const ids = new Map<string, string>()
    const slugs = new Map<string, string>()
    const visit = (entries: SectionEntry[], base: PropertyKey[]) => {
      entries.forEach((entry, index) => {
        const at = [...base, index]
        const where = formatFieldPath(at)
        const slug = entry.slug ?? entry.id
        const idFirst = ids.get(entry.id)
        if (idFirst === undefined) ids.set(entry.id, where)
        else
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'id'],
            message: `duplicate section id "${entry.id}" (also at ${idFirst})`,
          })
        const slugFirst = slugs.get(slug)
        if (slugFirst === undefined) slugs.set(slug, where)
        else
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'slug'],
            message: `duplicate slug "${slug}" (also at ${slugFirst})`,
          })
        if (entry.items) visit(entry.items, [...at, 'items'])
      })
    }
    tree.categories.forEach((category, c) => visit(category.sections, ['categories', c, 'sections']))
  })

export type SectionInclude = z.infer<typeof SectionIncludeSchema>
export type SectionCategory = z.infer<typeof SectionCategorySchema>
export type SectionTreeFile = z.infer<typeof SectionTreeSchema>
