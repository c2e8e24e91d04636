'use client'

import { useEffect, useRef, useState } from 'react'

type CopyState = 'idle' | 'copied' | 'failed'

export interface CopyButtonProps {
  text: string
  /** Accessible name of the action, e.g. "Copy code". */
  label?: string
  /** How long the copied state lasts. */
  resetAfterMs?: number
  /** Visible text before copying. */
  idleText?: string
  className?: string
}

export function CopyButton({
  text,
  label = 'Copy',
  resetAfterMs = 1000,
  idleText = 'Copy',
  className = '',
}: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy() {
    clearTimeout(timer.current)
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
    timer.current = setTimeout(() => setState('idle'), resetAfterMs)
  }

  const visible = state === 'copied' ? 'Copied' : state === 'failed' ? 'Failed to copy' : idleText
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={state === 'idle' ? label : visible}
      data-state={state}
      className={`rounded border border-[var(--border)] bg-[var(--surface)] px-2 py-0.5 text-xs font-medium text-[var(--muted)] hover:text-[var(--text)] focus-visible:outline-2 ${className}`}
    >
      <span aria-live="polite">{visible}</span>
    </button>
  )
}
