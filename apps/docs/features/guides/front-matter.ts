import { z } from 'zod'
import { formatSourceProblem, parseAndValidate, type SourceProblem } from '@/lib/parse-structured'

/** A public source a page's claims were checked against: a repository file at a tag or commit, or a docs page. */
export const guideSourceSchema = z
  .object({
    title: z.string().trim().min(1, 'must not be empty'),
    url: z.string().refine(isHttpsUrl, 'must be an https URL'),
  })
  .strict()

export type GuideSource = z.infer<typeof guideSourceSchema>

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname.includes('.')
  } catch {
    return false
  }
}

export const frontMatterSchema = z
  .object({
    title: z.string().trim().min(1, 'must not be empty'),
    description: z.string().trim().min(1, 'must not be empty'),
    sitemapPriority: z.number().min(0).max(1).optional(),
    hideToc: z.boolean().optional(),
    /** Shown at the end of the page (and its Markdown copy) under "Sources". */
    sources: z.array(guideSourceSchema).min(1, 'list at least one source, or leave the field out').optional(),
    /**
     * The exact error texts a troubleshooting article answers: each must appear in its body, and
     * pasting one into the site search must find the article among the first three.
     */
    errorMessages: z.array(z.string().trim().min(1, 'must not be empty')).min(1).optional(),
    /**
     * Other names readers search the page by, which count as its title in the site search: the
     * getting-started page is "the quickstart". Never shown.
     */
    searchNames: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'must not be empty')
          .refine((name) => !name.includes('|'), 'must not hold "|"'),
      )
      .min(1)
      .optional(),
  })
  .strict()

export type FrontMatter = z.infer<typeof frontMatterSchema>

/** A guide that cannot be published; the message lists each problem as `file:line:column: ...`. */
export class ContentError extends Error {
  readonly file: string

  constructor(
    readonly problems: SourceProblem[],
    /** The part of the file the problems' field paths are relative to. */
    part?: string,
  ) {
    super(problems.map((problem) => formatSourceProblem(problem, part)).join('\n'))
    this.name = 'ContentError'
    this.file = problems[0]?.file ?? ''
  }
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/

/** Splits and validates front matter; every failure names the file, the line and the field. */
export function parseFrontMatter(file: string, source: string): { data: FrontMatter; body: string } {
  const match = FENCE.exec(source)
  if (!match) {
    throw new ContentError(
      [{ file, path: [], message: 'missing (the file must start with a --- block)' }],
      'front matter',
    )
  }
  // An empty block is an empty object, so the schema names the missing fields.
  const yaml = match[1]?.trim() ? (match[1] ?? '') : '{}'
  const result = parseAndValidate(frontMatterSchema, yaml, { file, format: 'yaml', firstLine: 2 })
  if (!result.ok) throw new ContentError(result.problems, 'front matter')
  return { data: result.value.value, body: source.slice(match[0].length) }
}
