'use client'

import { useEffect, useRef, useState } from 'react'
import { useCopy } from '@/components/ui/use-copy'
import { COPY_WORDS } from '@/lib/clipboard'
import { fetchMarkdown } from './CopyMarkdownButton.client'

export interface AssistantMenuProps {
  /** The page's Markdown copy, as a site path. */
  markdownUrl: string
  mcpUrl: string
  /** Chats of assistants that open with a prompt about the page. */
  askLinks: { name: string; href: string }[]
  guideHref: string
}

type Copied = 'page' | 'mcp'

/**
 * "Ask an assistant": a disclosure beside "Copy as Markdown" with the page for an assistant to
 * read. The links work without script; the two copy items need it. Escape or a click elsewhere
 * closes it.
 */
export function AssistantMenu({ markdownUrl, mcpUrl, askLinks, guideHref }: AssistantMenuProps) {
  const menu = useRef<HTMLDetailsElement>(null)
  const { state, copy } = useCopy()
  const [copied, setCopied] = useState<Copied>()

  useEffect(() => {
    const element = menu.current
    if (!element) return
    const closeOutside = (event: PointerEvent) => {
      if (element.open && !element.contains(event.target as Node)) element.open = false
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !element.open) return
      element.open = false
      element.querySelector('summary')?.focus()
    }
    document.addEventListener('pointerdown', closeOutside)
    element.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
      element.removeEventListener('keydown', closeOnEscape)
    }
  }, [])

  async function copyItem(item: Copied) {
    setCopied(item)
    if (item === 'mcp') {
      await copy(mcpUrl)
      return
    }
    const markdown = fetchMarkdown(markdownUrl)
    markdown.catch(() => undefined)
    await copy(markdown)
  }

  const label = (item: Copied, idle: string) =>
    copied !== item || state === 'idle' ? idle : state === 'copying' ? 'Copying...' : COPY_WORDS[state]
  const itemClass =
    'no-underline block w-full rounded px-2 py-1.5 text-left text-xs text-[var(--text)] hover:bg-[var(--surface-strong)]'

  return (
    <details ref={menu} className="sm:relative">
      <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden rounded-md border border-[var(--border)] bg-[var(--surface)] px-2 py-1 text-xs font-medium text-[var(--muted)] hover:text-[var(--text)]">
        Ask an assistant <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 left-0 z-20 mt-1 rounded-md sm:right-auto sm:w-64 border border-[var(--border)] bg-[var(--surface)] p-1 shadow-lg">
        <button type="button" className={itemClass} onClick={() => void copyItem('page')}>
          <span aria-live="polite">{label('page', 'Copy page as Markdown')}</span>
        </button>
        <button type="button" className={itemClass} onClick={() => void copyItem('mcp')}>
          <span aria-live="polite">{label('mcp', 'Copy MCP server URL')}</span>
        </button>
        {askLinks.map((link) => (
          <a key={link.name} href={link.href} target="_blank" rel="noreferrer" className={itemClass}>
            Open in {link.name}
          </a>
        ))}
        <a href={guideHref} className={`${itemClass} border-t border-[var(--border)]`}>
          Connect your editor&hellip;
        </a>
      </div>
    </details>
  )
}
