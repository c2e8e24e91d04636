import { z } from 'zod'

/** `functions.wall_clock_limit`: lower-case words joined by underscores, at least two dotted parts. */
export const FACT_ID = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$/

/** One number (or version string) the platform sets, with where it can be checked and when it was. */
export const factSchema = z
  .object({
    /** A quantity (formatted for the reader's locale) or a literal such as a version or a port. */
    value: z.union([z.number().finite(), z.string().trim().min(1, 'must not be empty')]),
    /** Written after the value with a space: `s`, `MB`, `requests/min`. */
    unit: z.string().trim().min(1, 'must not be empty').optional(),
    /** A short noun phrase: "Edge Function wall-clock limit". */
    label: z.string().trim().min(1, 'must not be empty'),
    /** A public page, or a repository file at a tag, where the value can be checked. */
    source: z.url({ protocol: /^https$/, error: 'must be a public https URL' }),
    /** The day the value was last checked at its source (YYYY-MM-DD). */
    checked: z.iso
      .date({ error: 'must be an ISO date (YYYY-MM-DD)' })
      .refine((date) => date <= new Date().toISOString().slice(0, 10), 'is in the future'),
  })
  .strict()

export type Fact = z.infer<typeof factSchema>

export const factsFileSchema = z.record(
  z.string().regex(FACT_ID, 'id must be dotted lower-case words, e.g. functions.wall_clock_limit'),
  factSchema,
)

export type FactsFile = z.infer<typeof factsFileSchema>
