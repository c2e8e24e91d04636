'use client'

import { COPY_BUTTON_CLASS, COPY_FEEDBACK_MS, COPY_WORDS } from '@/lib/clipboard'
import { useCopy } from './use-copy'

export interface CopyButtonProps {
  text: string
  /** Accessible name of the action, e.g. "Copy code". */
  label?: string
  /** How long the outcome shows: COPY_FEEDBACK_MS.default, or COPY_FEEDBACK_MS.sqlTool in the SQL tool. */
  resetAfterMs?: number
  /** Visible text before copying. */
  idleText?: string
  className?: string
}

export function CopyButton({
  text,
  label = 'Copy',
  resetAfterMs = COPY_FEEDBACK_MS.default,
  idleText = 'Copy',
  className = '',
}: CopyButtonProps) {
  const { state, copy } = useCopy(resetAfterMs)
  const visible = state === 'copied' || state === 'failed' ? COPY_WORDS[state] : idleText
  return (
    <button
      type="button"
      onClick={() => void copy(text)}
      aria-label={state === 'idle' ? label : visible}
      data-state={state}
      className={`${COPY_BUTTON_CLASS} ${className}`}
    >
      <span aria-live="polite">{visible}</span>
    </button>
  )
}
