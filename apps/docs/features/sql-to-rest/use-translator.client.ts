'use client'

import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { BothSides } from '@docs/sql-to-rest/run'
import type { RunReply, RunRequest, RunWorkerMessage } from './run-messages'
import type { ToolOutput } from './translate-output'
import type { TranslationReply, TranslationRequest, TranslatorMessage } from './translation-messages'

export type TranslationState =
  { status: 'loading' } | { status: 'ready'; output: ToolOutput } | { status: 'failed'; message: string }

export type RunState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: BothSides }
  | { status: 'failed'; message: string }

/** Served from one fixed URL: the parser's own loader would look next to the page instead. */
export const PARSER_WASM_URL = '/wasm/libpg-query.wasm'

/** A translated request with the SQL it came from, ready to run. */
interface Answer {
  id: number
  sql?: string
  output: ToolOutput
}

/**
 * The translation of the current text, computed in a worker (see translator.worker.ts) so the
 * parser never blocks the page. Only the answer to the latest request is shown; until it comes,
 * the previous output stays, so the panels do not flicker while the reader types. With `run`
 * set, each translated request also goes to a second worker (see run.worker.ts), started on the
 * first run, that runs both sides on the sample data.
 *
 * Requests leave as soon as React commits the new text (a layout effect, not a passive one that
 * waits for the next paint). Once Run is open the translator worker forwards each request to the
 * run worker itself; the page starts a run only for an answer the translator could not forward
 * (one asked for before Run was opened). Each hop through a render or a frame cost up to 16 ms.
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
  const runWorker = useRef<Worker>(undefined)
  const latest = useRef(0)
  // The text and direction of each pending translation, so a run knows which SQL the request came from.
  const pending = useRef(new Map<number, Pick<TranslationRequest, 'sql' | 'direction'>>())
  const lastAnswer = useRef<Answer>(undefined)
  const running = useRef(false)

  // Reads refs and state setters only, so the handlers created once below may call it.
  const startRun = (answer: Answer) => {
    if (answer.output.error || !answer.output.request) {
      setRunState({ status: 'idle' })
      return
    }
    if (!runWorker.current) {
      const created = new Worker(new URL('./run.worker.ts', import.meta.url))
      created.onmessage = ({ data }: MessageEvent<RunReply>) => {
        if (data.id !== latest.current) return
        if ('ran' in data) setRunState({ status: 'done', result: data.ran })
        else setRunState({ status: 'failed', message: data.failed })
      }
      created.onerror = (event) => {
        event.preventDefault()
        setRunState({ status: 'failed', message: event.message || 'The sample database could not start.' })
      }
      runWorker.current = created
      // From now on the translator hands each request to the run worker itself.
      const channel = new MessageChannel()
      created.postMessage({ translatorPort: channel.port2 } satisfies RunWorkerMessage, [channel.port2])
      worker.current?.postMessage({ runPort: channel.port1 } satisfies TranslatorMessage, [channel.port1])
    }
    setRunState((current) => (current.status === 'done' ? current : { status: 'running' }))
    const request: RunRequest = { id: answer.id, request: answer.output.request, sql: answer.sql }
    runWorker.current.postMessage(request)
  }

  // A layout effect as well, declared first, so the worker exists when the first request leaves.
  useLayoutEffect(() => {
    const created = new Worker(new URL('./translator.worker.ts', import.meta.url))
    created.onmessage = ({ data }: MessageEvent<TranslationReply>) => {
      const source = pending.current.get(data.id)
      for (const id of pending.current.keys()) if (id <= data.id) pending.current.delete(id)
      if (data.id !== latest.current) return
      if ('output' in data) {
        const answer: Answer = {
          id: data.id,
          sql: source?.direction === 'sql' ? source.sql : undefined,
          output: data.output,
        }
        lastAnswer.current = answer
        if (running.current) {
          if (data.forwarded)
            setRunState((current) => (current.status === 'done' ? current : { status: 'running' }))
          else startRun(answer)
        }
        setState({ status: 'ready', output: data.output })
      } else setState({ status: 'failed', message: data.failed })
    }
    created.onerror = (event) => {
      event.preventDefault()
      setState({ status: 'failed', message: event.message || 'The translator could not start.' })
    }
    worker.current = created
    return () => {
      created.terminate()
      worker.current = undefined
      runWorker.current?.terminate()
      runWorker.current = undefined
    }
  }, [])

  useLayoutEffect(() => {
    latest.current += 1
    const request: TranslationRequest = {
      id: latest.current,
      sql: text,
      direction,
      baseUrl,
      apiKey,
      wasmUrl: PARSER_WASM_URL,
      run: running.current,
    }
    pending.current.set(request.id, { sql: text, direction })
    worker.current?.postMessage(request)
  }, [text, direction, baseUrl, apiKey])

  // Opening Run runs the answer already shown; later answers start their runs as they arrive.
  useEffect(() => {
    running.current = run
    if (run && lastAnswer.current) startRun(lastAnswer.current)
  }, [run])

  return { translation: state, run: runState }
}
