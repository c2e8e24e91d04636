import { parse as parseYaml } from 'yaml'
import { z } from 'zod'

export const frontMatterSchema = z
  .object({
    title: z.string().trim().min(1, 'must not be empty'),
    description: z.string().trim().min(1, 'must not be empty'),
    sitemapPriority: z.number().min(0).max(1).optional(),
    hideToc: z.boolean().optional(),
  })
  .strict()

export type FrontMatter = z.infer<typeof frontMatterSchema>

export class ContentError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`)
    this.name = 'ContentError'
  }
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/

/** Splits and validates front matter; every failure names the file and the field. */
export function parseFrontMatter(file: string, source: string): { data: FrontMatter; body: string } {
  const match = FENCE.exec(source)
  if (!match) throw new ContentError(file, 'front matter: missing (the file must start with a --- block)')
  let raw: unknown
  try {
    raw = parseYaml(match[1] ?? '')
  } catch (error) {
    throw new ContentError(file, `front matter: invalid YAML: ${(error as Error).message}`)
  }
  const result = frontMatterSchema.safeParse(raw ?? {})
  if (!result.success) {
    const details = result.error.issues
      .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
      .join('; ')
    throw new ContentError(file, `front matter: ${details}`)
  }
  return { data: result.data, body: source.slice(match[0].length) }
}
