import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { docsRoot } from '@/lib/repo-paths'
import { ContentError, parseFrontMatter, type FrontMatter } from './front-matter'

export interface Guide {
  /** URL segments after /guides, e.g. ['auth', 'social-login']. */
  slug: string[]
  href: string
  /** Path relative to apps/docs, used in errors and "Edit this page". */
  file: string
  frontMatter: FrontMatter
  body: string
}

export function guidesDirectory(): string {
  return path.join(docsRoot(), 'content', 'guides')
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return walk(full)
    return entry.name.endsWith('.mdx') ? [full] : []
  })
}

export function slugForFile(relativeToGuides: string): string[] {
  const parts = relativeToGuides.replace(/\.mdx$/, '').split(/[\\/]/)
  if (parts.at(-1) === 'index') parts.pop()
  return parts
}

export function hrefForSlug(slug: readonly string[]): string {
  return slug.length ? `/guides/${slug.join('/')}` : '/guides'
}

const SEGMENT = /^[a-z0-9][a-z0-9-]*$/

let cache: Guide[] | undefined

/** Every guide, validated. Throws on the first invalid file, naming it. */
export function listGuides(): Guide[] {
  if (cache && process.env.NODE_ENV === 'production') return cache
  const root = guidesDirectory()
  const guides = walk(root)
    .sort()
    .map((absolute) => {
      const relative = path.relative(root, absolute)
      const file = path.join('content', 'guides', relative).split(path.sep).join('/')
      const slug = slugForFile(relative)
      const bad = slug.find((segment) => !SEGMENT.test(segment))
      if (bad !== undefined) {
        throw new ContentError([
          { file, path: [], message: `file name: "${bad}" must use lower-case letters, digits and dashes` },
        ])
      }
      const { data, body } = parseFrontMatter(file, readFileSync(absolute, 'utf8'))
      return { slug, href: hrefForSlug(slug), file, frontMatter: data, body }
    })
  cache = guides
  return guides
}

export function findGuide(slug: readonly string[]): Guide | undefined {
  const href = hrefForSlug(slug)
  return listGuides().find((guide) => guide.href === href)
}
