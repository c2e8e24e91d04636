/**
 * A client-library spec, one file per library version: `content/reference/javascript/v2/spec.yaml`
 * and `.../v1/spec.yaml`, each with `info` and `functions`. Code fields are raw code, no fences.
 */
import { z } from 'zod'
import { markdown, nonEmpty, reportDuplicates, slugLike } from './common'

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

/**
 * How an example with a data source runs (`features/reference/run`): by default it runs and its
 * response must be what the client returns.
 */
export const ExampleRunSchema = z
  .strictObject({
    /**
     * Paths of returned fields that change from run to run (`data.0.id`, `data.*.created_at`),
     * compared by type only.
     */
    varies: z
      .array(z.string().regex(/^(data|error|count)(\.([\w-]+|\*))*$/, 'is not a path such as data.0.id'))
      .optional(),
    /** Why the example cannot run on the reference's engine: it gets no Run button. */
    unavailable: nonEmpty.optional(),
  })
  .refine((run) => !(run.varies && run.unavailable), { message: 'an unavailable example has no `varies`' })

export const FunctionExampleSchema = z
  .strictObject({
    id: slugLike,
    name: nonEmpty,
    code: nonEmpty,
    /** Highlighting language of `code`; defaults to the spec's `info.language`. */
    lang: nonEmpty.optional(),
    description: markdown.optional(),
    /**
     * What the call returns. For an example with a data source: the JSON of
     * `{ data, error, count, status, statusText }`, where a field left out is `null`.
     */
    response: z.string().optional(),
    data: ExampleDataSchema.optional(),
    run: ExampleRunSchema.optional(),
  })
  .refine((example) => example.run === undefined || example.data !== undefined, {
    path: ['run'],
    message: 'only an example with a data source (`data`) runs',
  })

export const ClientFunctionSchema = z
  .strictObject({
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
  .superRefine((fn, ctx) => {
    reportDuplicates(
      ctx,
      fn.examples,
      (e) => e.id,
      (i) => ['examples', i, 'id'],
      'example id',
    )
    reportDuplicates(
      ctx,
      fn.params,
      (p) => p.name,
      (i) => ['params', i, 'name'],
      'parameter',
    )
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

export const ClientLibSpecSchema = z
  .strictObject({
    info: ClientLibSpecInfoSchema,
    functions: z.array(ClientFunctionSchema).min(1),
  })
  .superRefine((spec, ctx) => {
    reportDuplicates(
      ctx,
      spec.functions,
      (f) => f.id,
      (i) => ['functions', i, 'id'],
      'function id',
    )
  })

export type ExampleTable = z.infer<typeof ExampleTableSchema>
export type ExampleData = z.infer<typeof ExampleDataSchema>
export type FunctionExample = z.infer<typeof FunctionExampleSchema>
export type ExampleRun = z.infer<typeof ExampleRunSchema>
export type ClientFunction = z.infer<typeof ClientFunctionSchema>
export type ClientLibSpecInfo = z.infer<typeof ClientLibSpecInfoSchema>
export type ClientLibSpec = z.infer<typeof ClientLibSpecSchema>
