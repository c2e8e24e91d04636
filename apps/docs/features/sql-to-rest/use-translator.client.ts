'use client'

import { useEffect, useRef, useState } from 'react'
import type { ToolOutput } from './translate-output'
import type { TranslationReply, TranslationRequest } from './translation-messages'

export type TranslationState =
  { status: 'loading' } | { status: 'ready'; output: ToolOutput } | { status: 'failed'; message: string }

/** Served from one fixed URL: the parser's own loader would look next to the page instead. */
export const PARSER_WASM_URL = '/wasm/libpg-query.wasm'

/**
 * The translation of the current query, computed in a worker (see translator.worker.ts) so the
 * parser never blocks the page. Only the answer to the latest request is shown; until it comes,
 * the previous output stays, so the panels do not flicker while the reader types.
 */
export function useTranslation(sql: string, baseUrl: string, apiKey: string): TranslationState {
  const [state, setState] = useState<TranslationState>({ status: 'loading' })
  const worker = useRef<Worker>(undefined)
  const latest = useRef(0)

  useEffect(() => {
    const created = new Worker(new URL('./translator.worker.ts', import.meta.url))
    created.onmessage = ({ data }: MessageEvent<TranslationReply>) => {
      if (data.id !== latest.current) return
      setState(
        'output' in data
          ? { status: 'ready', output: data.output }
          : { status: 'failed', message: data.failed },
      )
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
    const request: TranslationRequest = { id: latest.current, sql, baseUrl, apiKey, wasmUrl: PARSER_WASM_URL }
    worker.current?.postMessage(request)
  }, [sql, baseUrl, apiKey])

  return state
}
