import { ASSISTANTS_GUIDE, askAssistantLinks, mcpUrl } from '@/features/assistants'
import { markdownPath } from '@/features/markdown-export'
import { Island } from '@/components/ui/Island'
import { absoluteUrl, siteConfig } from '@/lib/site-config'
import { AssistantMenu } from './AssistantMenu.client'
import { CopyMarkdownButton } from './CopyMarkdownButton.client'

/**
 * "Copy as Markdown", a plain link to the page's Markdown version (works without JavaScript) and
 * the menu that hands the page to an assistant.
 */
export function PageActions({ href }: { href: string }) {
  const url = markdownPath(href)
  return (
    <div className="relative mt-3 flex flex-wrap items-center gap-3 text-xs" data-pagefind-ignore="all">
      <Island name="CopyMarkdownButton" component={CopyMarkdownButton} props={{ markdownUrl: url }} />
      <Island
        name="AssistantMenu"
        component={AssistantMenu}
        props={{
          markdownUrl: url,
          mcpUrl: mcpUrl(siteConfig.siteUrl),
          askLinks: askAssistantLinks(absoluteUrl(url)),
          guideHref: ASSISTANTS_GUIDE,
        }}
      />
      <a href={url} className="tap-target text-[var(--muted)] hover:text-[var(--text)]">
        View as Markdown
      </a>
    </div>
  )
}
