import type { Guide } from '@/features/guides'
import { mdxToMarkdown } from './mdx-to-markdown'

/** A guide as one Markdown document: its title, its one-sentence description, then its body. */
export function guideToMarkdown(guide: Guide, siteUrl: string): string {
  const body = mdxToMarkdown(guide.body, { file: `apps/docs/${guide.file}`, pageHref: guide.href, siteUrl })
  const { title, description, sources } = guide.frontMatter
  const sourceList = sources?.length
    ? `\n## Sources\n\n${sources.map((source) => `- [${source.title.replace(/[[\]]/g, '\\$&')}](${source.url})`).join('\n')}\n`
    : ''
  return `# ${title}\n\n${description}\n${body ? `\n${body}\n` : ''}${sourceList}`
}
