'use client'

import { useEffect, useRef, useState } from 'react'
import type { BothSides } from '@docs/sql-to-rest'
import type { ToolOutput } from './translate-output'
import type { TranslationReply, TranslationRequest } from './translation-messages'

export type TranslationState =
  { status: 'loading' } | { status: 'ready'; output: ToolOutput } | { status: 'failed'; message: string }

export type RunState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: BothSides }
  | { status: 'failed'; message: string }

/** Served from one fixed URL: the parser's own loader would look next to the page instead. */
export const PARSER_WASM_URL = '/wasm/libpg-query.wasm'

/**
 * The translation of the current text, computed in a worker (see translator.worker.ts) so the
 * parser never blocks the page. Only the answer to the latest request is shown; until it comes,
 * the previous output stays, so the panels do not flicker while the reader types. With `run`
 * set, the worker also runs both sides on the sample data after each translation.
 */
export function useTranslation(
  text: string,
  direction: 'sql' | 'rest',
  baseUrl: string,
  apiKey: string,
  run: boolean,
): { translation: TranslationState; run: RunState } {
  const [state, setState] = useState<TranslationState>({ status: 'loading' })
  const [runState, setRunState] = useState<RunState>({ status: 'idle' })
  const worker = useRef<Worker>(undefined)
  const latest = useRef(0)

  useEffect(() => {
    const created = new Worker(new URL('./translator.worker.ts', import.meta.url))
    created.onmessage = ({ data }: MessageEvent<TranslationReply>) => {
      if (data.id !== latest.current) return
      if ('output' in data) {
        setState({ status: 'ready', output: data.output })
        if (data.output.error) setRunState({ status: 'idle' })
      } else if ('failed' in data) setState({ status: 'failed', message: data.failed })
      else if ('ran' in data) setRunState({ status: 'done', result: data.ran })
      else setRunState({ status: 'failed', message: data.runFailed })
    }
    created.onerror = (event) => {
      event.preventDefault()
      setState({ status: 'failed', message: event.message || 'The translator could not start.' })
    }
    worker.current = created
    return () => {
      created.terminate()
      worker.current = undefined
    }
  }, [])

  useEffect(() => {
    latest.current += 1
    const request: TranslationRequest = {
      id: latest.current,
      sql: text,
      direction,
      baseUrl,
      apiKey,
      wasmUrl: PARSER_WASM_URL,
      run,
    }
    if (run) setRunState((current) => (current.status === 'done' ? current : { status: 'running' }))
    worker.current?.postMessage(request)
  }, [text, direction, baseUrl, apiKey, run])

  return { translation: state, run: runState }
}
