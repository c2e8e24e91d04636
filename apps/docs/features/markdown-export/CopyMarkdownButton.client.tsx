'use client'

import { useEffect, useRef, useState } from 'react'

type CopyState =
  { kind: 'idle' } | { kind: 'copying' } | { kind: 'copied' } | { kind: 'failed'; message: string }

async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url, { headers: { accept: 'text/markdown, text/plain' } })
  if (!response.ok) throw new Error(`the Markdown version answered ${response.status}`)
  return response.text()
}

/**
 * Writes the page's Markdown to the clipboard. The clipboard write starts in the click itself
 * (with the text still loading) where the browser allows it, because Safari refuses a write that
 * starts after an awaited fetch.
 */
async function copyFrom(url: string): Promise<void> {
  const markdown = fetchMarkdown(url)
  markdown.catch(() => undefined)
  try {
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      const blob = markdown.then((text) => new Blob([text], { type: 'text/plain' }))
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })])
    } else {
      await navigator.clipboard.writeText(await markdown)
    }
  } catch (error) {
    // A failed fetch surfaces as a vague clipboard error: report the fetch's own reason.
    const fetchError = await markdown.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    throw fetchError ?? error
  }
}

/** "Copy as Markdown": Copy -> Copied, or a message saying why it failed. */
export function CopyMarkdownButton({ markdownUrl }: { markdownUrl: string }) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' })
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy() {
    clearTimeout(timer.current)
    setState({ kind: 'copying' })
    try {
      await copyFrom(markdownUrl)
      setState({ kind: 'copied' })
      timer.current = setTimeout(() => setState({ kind: 'idle' }), 2000)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      setState({ kind: 'failed', message: `Could not copy the Markdown: ${reason}.` })
    }
  }

  const label =
    state.kind === 'copying' ? 'Copying...' : state.kind === 'copied' ? 'Copied' : 'Copy as Markdown'
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={copy}
        disabled={state.kind === 'copying'}
        data-state={state.kind}
        className="rounded-md border border-[var(--border)] bg-[var(--surface)] px-2 py-1 text-xs font-medium text-[var(--muted)] hover:text-[var(--text)]"
      >
        <span aria-live="polite">{label}</span>
      </button>
      {state.kind === 'failed' ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {state.message}
        </span>
      ) : null}
    </span>
  )
}
