'use client'

import { useEffect, useRef, useState, type ComponentType } from 'react'
import { loadOnce } from '@/lib/load-once'
import { PRESS_MARK } from './index'

type Panel = ComponentType<{ onClose: () => void }>

/** Once per page; a failed load is tried again by the next press. */
const loadPanel = loadOnce(() => import('./TryAppPanel').then((module): Panel => module.TryAppPanel))

/**
 * "Start the app" under the guide's "Try the finished app" heading. This button is all the page
 * loads: the panel, the worker, PGlite and the app come with the first press.
 */
export function TryApp() {
  const [panel, setPanel] = useState<Panel | null>(null)
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')
  const buttonRef = useRef<HTMLButtonElement>(null)
  const closed = useRef(false)

  // After the panel closes, focus goes back to the button that opened it.
  useEffect(() => {
    if (panel || !closed.current) return
    closed.current = false
    buttonRef.current?.focus()
  }, [panel])

  function start() {
    performance.mark(PRESS_MARK)
    setState('loading')
    loadPanel().then(
      (loaded) => {
        setState('idle')
        setPanel(() => loaded)
      },
      () => setState('failed'),
    )
  }

  const Loaded = panel
  if (Loaded) {
    return (
      <Loaded
        onClose={() => {
          closed.current = true
          setPanel(null)
        }}
      />
    )
  }
  return (
    <div className="my-4" data-try-app="">
      <button
        ref={buttonRef}
        type="button"
        disabled={state === 'loading'}
        onClick={start}
        className="rounded-md bg-[var(--accent)] px-4 py-2 text-sm font-semibold text-white hover:opacity-90 disabled:opacity-60 dark:text-[#0b1a13]"
      >
        {state === 'loading' ? 'Loading the app…' : 'Start the app'}
      </button>
      {state === 'failed' ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          The app could not be loaded: check your connection and press Start the app again.
        </p>
      ) : null}
    </div>
  )
}
