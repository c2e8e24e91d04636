import { CopyMarkdownButton } from './CopyMarkdownButton.client'
import { markdownPath } from './llms-txt'

/** "Copy as Markdown" and a plain link to the page's Markdown version (works without JavaScript). */
export function MarkdownActions({ href }: { href: string }) {
  const url = markdownPath(href)
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-xs" data-pagefind-ignore="all">
      <CopyMarkdownButton markdownUrl={url} />
      <a href={url} className="text-[var(--muted)] hover:text-[var(--text)]">
        View as Markdown
      </a>
    </div>
  )
}
