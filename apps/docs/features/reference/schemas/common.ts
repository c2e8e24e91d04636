/** Pieces every reference schema shares: text fields, ids, links, tags and the duplicate rule. */
import { z } from 'zod'

export const nonEmpty = z.string().trim().min(1, 'must not be empty')

/** Ids and slugs: lower-case words joined by single dashes, safe in URLs and HTML ids. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/

export const slugLike = z
  .string()
  .regex(SLUG_PATTERN, 'must be lower-case letters, digits and single dashes (e.g. "db-push")')

/** Multi-line text fields (description, notes) are Markdown. */
export const markdown = z.string()

export const LinkSchema = z.strictObject({
  name: nonEmpty,
  url: nonEmpty,
})

export const TagSchema = z.strictObject({
  id: slugLike,
  title: nonEmpty,
  description: markdown.optional(),
})

/**
 * Inside a `superRefine`: reports every item whose `keyOf` was already seen, at `pathOf(index)`,
 * as `duplicate <what> "<key>" (first used at index <n>)`.
 */
export function reportDuplicates<T>(
  ctx: z.RefinementCtx,
  items: readonly T[],
  keyOf: (item: T) => string,
  pathOf: (index: number) => PropertyKey[],
  what: string,
): void {
  const firstIndex = new Map<string, number>()
  items.forEach((item, index) => {
    const key = keyOf(item)
    const first = firstIndex.get(key)
    if (first === undefined) firstIndex.set(key, index)
    else
      ctx.addIssue({
        code: 'custom',
        path: pathOf(index),
        message: `duplicate ${what} "${key}" (first used at index ${first})`,
      })
  })
}
