import { useCallback, useEffect, useRef, useState } from 'react'
import { COPY_FEEDBACK_MS, writeClipboard, type CopyOutcome } from '@/lib/clipboard'

export type CopyState = 'idle' | 'copying' | CopyOutcome

/**
 * The one copy state machine: idle -> (copying) -> copied | failed -> idle after `resetAfterMs`.
 * A new copy restarts the timer; unmounting cancels it.
 */
export function useCopy(resetAfterMs: number = COPY_FEEDBACK_MS.default) {
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = useCallback(
    async (text: string | Promise<string>): Promise<CopyOutcome> => {
      clearTimeout(timer.current)
      if (typeof text !== 'string') setState('copying')
      const outcome = await writeClipboard(text)
      setState(outcome)
      timer.current = setTimeout(() => setState('idle'), resetAfterMs)
      return outcome
    },
    [resetAfterMs],
  )

  return { state, copy }
}
