'use client'

import { useState } from 'react'
import { useCopy } from '@/components/ui/use-copy'
import { COPY_WORDS } from '@/lib/clipboard'

export async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url, { headers: { accept: 'text/markdown, text/plain' } })
  if (!response.ok) throw new Error(`the Markdown version answered ${response.status}`)
  return response.text()
}

/**
 * "Copy as Markdown": Copy -> Copied. The clipboard write starts in the click itself, with the
 * text still loading (Safari refuses a write that starts after an awaited fetch). When the fetch
 * is what failed, a message says why, since the clipboard's own error would be vague.
 */
export function CopyMarkdownButton({ markdownUrl }: { markdownUrl: string }) {
  const { state, copy } = useCopy()
  const [problem, setProblem] = useState<string>()

  async function copyMarkdown() {
    setProblem(undefined)
    const markdown = fetchMarkdown(markdownUrl)
    markdown.catch(() => undefined)
    if ((await copy(markdown)) === 'copied') return
    const reason = await markdown.then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    setProblem(`Could not copy the Markdown: ${reason ?? 'the browser refused the clipboard'}.`)
  }

  const label =
    state === 'copying'
      ? 'Copying...'
      : state === 'copied' || state === 'failed'
        ? COPY_WORDS[state]
        : 'Copy as Markdown'
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => void copyMarkdown()}
        disabled={state === 'copying'}
        data-state={state}
        className="rounded-md border border-[var(--border)] bg-[var(--surface)] px-2 py-1 text-xs font-medium text-[var(--muted)] hover:text-[var(--text)]"
      >
        <span aria-live="polite">{label}</span>
      </button>
      {problem ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {problem}
        </span>
      ) : null}
    </span>
  )
}
