'use client'

import { COPY_WORDS } from '@/lib/clipboard'
import { useCopy } from './use-copy'

/** Copies the absolute URL of a heading anchor. */
export function CopyLinkButton({ hash }: { hash: string }) {
  const { state, copy } = useCopy()
  function copyLink() {
    const url = new URL(window.location.href)
    url.hash = hash
    void copy(url.toString())
  }
  return (
    <button
      type="button"
      onClick={copyLink}
      className="copy-link ml-1 inline-flex min-h-6 min-w-6 items-center justify-center align-middle text-sm font-normal text-[var(--muted)] opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
      aria-label={
        state === 'copied'
          ? 'Link copied'
          : state === 'failed'
            ? `${COPY_WORDS.failed} link`
            : 'Copy link to this section'
      }
      data-state={state}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="currentColor">
        <path d="M6.9 9.1a.75.75 0 0 1 0-1.06l2.12-2.12a2.25 2.25 0 1 1 3.18 3.18l-1.41 1.42a.75.75 0 1 1-1.06-1.06l1.41-1.42a.75.75 0 0 0-1.06-1.06L7.96 9.1a.75.75 0 0 1-1.06 0Zm2.2-2.2a.75.75 0 0 1 0 1.06L6.98 10.1a2.25 2.25 0 1 1-3.18-3.18l1.41-1.42a.75.75 0 0 1 1.06 1.06L4.86 7.98a.75.75 0 1 0 1.06 1.06L8.04 6.9a.75.75 0 0 1 1.06 0Z" />
      </svg>
      {state === 'copied' || state === 'failed' ? (
        <span className="ml-1 text-xs">{COPY_WORDS[state]}</span>
      ) : null}
    </button>
  )
}
