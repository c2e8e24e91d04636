'use client'

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { BothSides } from '@docs/sql-to-rest/run'
import type { RunReply, RunRequest, RunStage, RunWorkerMessage } from './run-messages'
import { translateForTool, type ToolOutput } from './translate-output'
import type {
  TranslationReply,
  TranslationRequest,
  TranslatorMessage,
  WasmModuleReply,
} from './translation-messages'

export type TranslationState =
  { status: 'loading' } | { status: 'ready'; output: ToolOutput } | { status: 'failed'; message: string }

export type RunState =
  | { status: 'idle' }
  /** `stage`: what the sample database is doing, while it starts for the first run. */
  | { status: 'running'; stage?: RunStage }
  /** `statement`: the SQL the REST engine ran for the request. */
  | { status: 'done'; result: BothSides; statement: string }
  | { status: 'failed'; message: string }

/** Served from one fixed URL: the parser's own loader would look next to the page instead. */
export const PARSER_WASM_URL = '/wasm/libpg-query.wasm'

/** The translator on the page's own thread: one call per edit, answered at once. */
type TranslateHere = (text: string, direction: 'sql' | 'rest', baseUrl: string, apiKey: string) => ToolOutput

/** How long to wait for the worker's compiled parser before fetching and compiling it here. */
const MODULE_FROM_WORKER_TIMEOUT_MS = 3000

/** The parser's WebAssembly as the worker compiled it, or undefined when it cannot hand it over. */
function moduleFromWorker(worker: Worker): Promise<WebAssembly.Module | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = window.setTimeout(() => {
      channel.port1.close()
      resolve(undefined)
    }, MODULE_FROM_WORKER_TIMEOUT_MS)
    channel.port1.onmessage = ({ data }: MessageEvent<WasmModuleReply>) => {
      window.clearTimeout(timer)
      channel.port1.close()
      resolve('wasmModule' in data ? data.wasmModule : undefined)
    }
    worker.postMessage({ modulePort: channel.port2, wasmUrl: PARSER_WASM_URL } satisfies TranslatorMessage, [
      channel.port2,
    ])
  })
}

/**
 * The parser on this thread. It reuses the module the worker compiled, so the page's main thread
 * neither fetches nor compiles the WebAssembly again.
 */
async function loadTranslatorHere(worker: Worker): Promise<TranslateHere> {
  const [translator, wasmModule] = await Promise.all([import('@docs/sql-to-rest'), moduleFromWorker(worker)])
  await translator.initTranslator(wasmModule ? { wasmModule } : { wasmUrl: PARSER_WASM_URL })
  return (text, direction, baseUrl, apiKey) => translateForTool(translator, text, baseUrl, apiKey, direction)
}

/** Waits for an idle moment, at most `PREPARE_WITHIN_MS`. */
const PREPARE_WITHIN_MS = 2000
const requestIdle = (callback: () => void): number =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(callback, { timeout: PREPARE_WITHIN_MS })
    : window.setTimeout(callback, 0)
const cancelIdle = (handle: number) =>
  typeof window.cancelIdleCallback === 'function'
    ? window.cancelIdleCallback(handle)
    : window.clearTimeout(handle)

/** Lets the translator worker hand each translated request to the run worker itself. */
function connectWorkers(translator: Worker, runner: Worker) {
  const channel = new MessageChannel()
  runner.postMessage({ translatorPort: channel.port2 } satisfies RunWorkerMessage, [channel.port2])
  translator.postMessage({ runPort: channel.port1 } satisfies TranslatorMessage, [channel.port1])
}

/** A translation made beforehand (when the page was built) and the input it was made from. */
export interface KnownTranslation {
  text: string
  direction: 'sql' | 'rest'
  baseUrl: string
  apiKey: string
  output: ToolOutput
}

/** A translated request with the SQL it came from, ready to run. */
interface Answer {
  id: number
  sql?: string
  output: ToolOutput
}

/**
 * The translation of the current text. The text translated when the page was built (`known`) needs
 * no parser: the page loads none until the reader engages or the text changes. Other text is
 * translated in a worker (see translator.worker.ts), so the parser's download and compile never
 * hold the page. Once the reader
 * engages (`engaged`: the first movement on the page), the parser loads on the page's own thread
 * too and takes over: each edit is translated in the render it causes, so the output changes in the
 * same task as the keystroke instead of after a round trip that often waited behind a frame (a
 * translation takes well under a millisecond). The worker is then stopped. `hereSettled` says the
 * loading here is over (done or failed): the page waits for it before it brings in the code editor.
 *
 * From the worker, only the answer to the latest request is shown; until it comes, the previous
 * output stays, so the panels do not flicker while the reader types. With `run` set, each
 * translated request also goes to a second worker (see run.worker.ts), started by `prepareRun`
 * (the reader coming to Run) or by the first run, that runs both sides on the sample data, the request through the REST engine with
 * `db-aggregates-enabled` set to `aggregatesEnabled` (a change runs it again). While the translator
 * worker is in use it forwards each request to the run worker itself, without the page's main
 * thread on the way.
 */
export function useTranslation(
  text: string,
  direction: 'sql' | 'rest',
  baseUrl: string,
  apiKey: string,
  run: boolean,
  aggregatesEnabled: boolean,
  engaged: boolean,
  known?: KnownTranslation,
): {
  translation: TranslationState
  run: RunState
  /** Starts the sample database ahead of the first run; later calls do nothing. */
  prepareRun: () => void
  onPage: boolean
  hereSettled: boolean
} {
  // One object for the build-time answer: setting it again when it already shows (as the first
  // layout effect does) is then no change, and costs no render.
  const [knownState] = useState<TranslationState | undefined>(
    () => known && { status: 'ready', output: known.output },
  )
  const [state, setState] = useState<TranslationState>(knownState ?? { status: 'loading' })
  const [runState, setRunState] = useState<RunState>({ status: 'idle' })
  const worker = useRef<Worker>(undefined)
  const runWorker = useRef<Worker>(undefined)
  const latest = useRef(0)
  // The text and direction of each pending translation, so a run knows which SQL the request came from.
  const pending = useRef(new Map<number, Pick<TranslationRequest, 'sql' | 'direction'>>())
  const knownAnswer = known && {
    id: 0,
    sql: known.direction === 'sql' ? known.text : undefined,
    output: known.output,
  }
  const lastAnswer = useRef<Answer | undefined>(knownAnswer)
  const running = useRef(false)
  // Read by the run requests made from handlers created once.
  const aggregates = useRef(aggregatesEnabled)
  aggregates.current = aggregatesEnabled
  const [translateHere, setTranslateHere] = useState<TranslateHere>()
  // Set once the parser starts loading on this thread.
  const loadingHere = useRef(false)

  // What the sample database last said it was doing while it starts.
  const runStage = useRef<RunStage>(undefined)
  // Started when the reader comes to Run (see `prepareRun`) or on the first run. Reads refs and
  // state setters only, so the handlers created once below may call it.
  const runWorkerOrNew = (): Worker => {
    if (runWorker.current) return runWorker.current
    const created = new Worker(new URL('./run.worker.ts', import.meta.url))
    created.onmessage = ({ data }: MessageEvent<RunReply>) => {
      if ('stage' in data) {
        runStage.current = data.stage
        setRunState((current) =>
          current.status === 'running' ? { status: 'running', stage: data.stage } : current,
        )
        return
      }
      if (data.id !== latest.current) return
      // Rendered in this task: a render left for later often waited behind a frame.
      flushSync(() => {
        if ('ran' in data) setRunState({ status: 'done', result: data.ran, statement: data.statement })
        else setRunState({ status: 'failed', message: data.failed })
      })
    }
    created.onerror = (event) => {
      event.preventDefault()
      setRunState({ status: 'failed', message: event.message || 'The sample database could not start.' })
    }
    runWorker.current = created
    // While the translator worker is in use, it hands each request to the run worker itself.
    if (worker.current) connectWorkers(worker.current, created)
    return created
  }

  const startRun = (answer: Answer) => {
    if (answer.output.error || !answer.output.request) {
      setRunState({ status: 'idle' })
      return
    }
    const target = runWorkerOrNew()
    setRunState((current) =>
      current.status === 'done' ? current : { status: 'running', stage: runStage.current },
    )
    const request: RunRequest = {
      id: answer.id,
      request: answer.output.request,
      sql: answer.sql,
      aggregatesEnabled: aggregates.current,
    }
    target.postMessage(request)
  }

  // Started with the first text that needs it: while the text is the one translated at build time,
  // the page loads no parser at all.
  const workerAnswered = useRef(false)
  const translatorWorker = (): Worker => {
    if (worker.current) return worker.current
    const created = new Worker(new URL('./translator.worker.ts', import.meta.url))
    created.onmessage = ({ data }: MessageEvent<TranslationReply>) => {
      const source = pending.current.get(data.id)
      for (const id of pending.current.keys()) if (id <= data.id) pending.current.delete(id)
      if (data.id !== latest.current) return
      workerAnswered.current = true
      if ('output' in data) {
        const answer: Answer = {
          id: data.id,
          sql: source?.direction === 'sql' ? source.sql : undefined,
          output: data.output,
        }
        lastAnswer.current = answer
        if (running.current) {
          if (data.forwarded)
            setRunState((current) =>
              current.status === 'done' ? current : { status: 'running', stage: runStage.current },
            )
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
    if (runWorker.current) connectWorkers(created, runWorker.current)
    return created
  }

  useLayoutEffect(
    () => () => {
      worker.current?.terminate()
      worker.current = undefined
      runWorker.current?.terminate()
      runWorker.current = undefined
    },
    [],
  )

  useLayoutEffect(() => {
    if (translateHere) return
    latest.current += 1
    if (
      known &&
      text === known.text &&
      direction === known.direction &&
      baseUrl === known.baseUrl &&
      apiKey === known.apiKey
    ) {
      // Back to the text translated at build time (a late answer from the worker is now stale).
      const answer: Answer = { ...knownAnswer!, id: latest.current }
      lastAnswer.current = answer
      setState(knownState!)
      if (running.current) startRun(answer)
      return
    }
    const request: TranslationRequest = {
      id: latest.current,
      sql: text,
      direction,
      baseUrl,
      apiKey,
      wasmUrl: PARSER_WASM_URL,
      run: running.current,
      aggregatesEnabled,
    }
    pending.current.set(request.id, { sql: text, direction })
    // Until the parser has answered once, an output shown would be the one made at build time,
    // for another text.
    if (!workerAnswered.current) setState({ status: 'loading' })
    translatorWorker().postMessage(request)
    // `known` and the handlers are fixed for the life of the tool.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, direction, baseUrl, apiKey, aggregatesEnabled, translateHere])

  // Once the page has loaded and is idle, the worker loads the parser, so that it is ready when the
  // reader starts: its download and compile then never compete with the page's own start.
  useEffect(() => {
    let idle: number | undefined
    const prepare = () => {
      idle = requestIdle(() => {
        // Not needed once the reader has engaged: the parser is loading here already.
        if (loadingHere.current) return
        translatorWorker().postMessage({
          prepare: true,
          wasmUrl: PARSER_WASM_URL,
        } satisfies TranslatorMessage)
      })
    }
    if (document.readyState === 'complete') prepare()
    else window.addEventListener('load', prepare, { once: true })
    return () => {
      window.removeEventListener('load', prepare)
      if (idle !== undefined) cancelIdle(idle)
    }
    // `translatorWorker` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The latest input, for the first translation made here (see below).
  const input = useRef({ text, direction, baseUrl, apiKey })
  input.current = { text, direction, baseUrl, apiKey }
  const [hereSettled, setHereSettled] = useState(false)
  useEffect(() => {
    if (!engaged || hereSettled) return
    let live = true
    loadingHere.current = true
    // The worker compiles the parser off this thread and hands the module over.
    loadTranslatorHere(translatorWorker()).then(
      (translate) => {
        if (!live) return
        // A first translation in a task of its own: the code it runs is cold, and the render that
        // switches the page over to this translator should not pay for that too.
        window.setTimeout(() => {
          if (!live) return
          const { text, direction, baseUrl, apiKey } = input.current
          try {
            translate(text, direction, baseUrl, apiKey)
          } catch {
            // The render below reports it.
          }
          setTranslateHere(() => translate)
          setHereSettled(true)
          worker.current?.terminate()
          worker.current = undefined
        })
      },
      () => {
        // The worker goes on translating.
        if (live) setHereSettled(true)
      },
    )
    return () => {
      live = false
    }
    // `translatorWorker` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engaged, hereSettled])

  const here = useMemo((): TranslationState | undefined => {
    if (!translateHere) return undefined
    try {
      return { status: 'ready', output: translateHere(text, direction, baseUrl, apiKey) }
    } catch (error) {
      return { status: 'failed', message: error instanceof Error ? error.message : String(error) }
    }
  }, [translateHere, text, direction, baseUrl, apiKey])

  // Each answer made here is the latest: a late reply from the worker is ignored, and with Run
  // open the answer goes to the run worker before the page paints.
  useLayoutEffect(() => {
    if (here?.status !== 'ready') return
    latest.current += 1
    const answer: Answer = {
      id: latest.current,
      sql: direction === 'sql' ? text : undefined,
      output: here.output,
    }
    lastAnswer.current = answer
    if (running.current) startRun(answer)
    // Runs once per answer, and again when the engine's setting changes; text and direction are
    // the ones the answer was made from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [here, aggregatesEnabled])

  // Opening Run runs the answer already shown; later answers start their runs as they arrive.
  useEffect(() => {
    running.current = run
    if (run && lastAnswer.current) startRun(lastAnswer.current)
    // `startRun` reads refs and state setters only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run])

  // The reader is about to press Run: start the sample database now. Stable, and reads refs only.
  const [prepareRun] = useState(() => () => {
    if (runWorker.current) return
    runWorkerOrNew().postMessage({ prepare: true } satisfies RunWorkerMessage)
  })

  return {
    translation: here ?? state,
    run: runState,
    prepareRun,
    onPage: here !== undefined,
    hereSettled,
  }
}
