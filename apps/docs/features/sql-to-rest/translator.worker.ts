/**
 * The translator in a worker: the SQL parser's WebAssembly and its Emscripten loader are large, and
 * loading them on the page's main thread would hold the page. It starts when the page is idle or
 * the reader engages (see use-translator.client.ts); the page posts the latest query, and the
 * worker answers with its outputs and the request model, which the run worker (run.worker.ts)
 * executes. Once the reader is at work, the page takes the module compiled here, runs the parser
 * on its own thread, translates each edit there and stops this worker.
 */
import * as translator from '@docs/sql-to-rest'
import { sqlExamples } from './examples'
import type { RunRequest } from './run-messages'
import type { TranslationReply, TranslatorMessage, WasmModuleReply } from './translation-messages'
import { translateForTool } from './translate-output'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TranslatorMessage>) => void) | null
  postMessage: (message: TranslationReply) => void
}

let wasmModule: Promise<WebAssembly.Module> | undefined
let ready: Promise<void> | undefined

/** Compiles the parser's WebAssembly once; kept, so the page can be handed the same module. */
function compiledParser(wasmUrl: string): Promise<WebAssembly.Module> {
  wasmModule ??= compile(wasmUrl).catch((error: unknown) => {
    wasmModule = undefined
    const detail = error instanceof Error ? error.message : String(error)
    throw new Error(`Could not load the SQL parser from ${wasmUrl}: ${detail}`, { cause: error })
  })
  return wasmModule
}

async function compile(wasmUrl: string): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl)
  if (!response.ok) throw new Error(`the server answered ${response.status}`)
  // Streaming needs the `application/wasm` type; without it, compile the bytes.
  if (response.headers.get('content-type')?.startsWith('application/wasm'))
    return WebAssembly.compileStreaming(response)
  return WebAssembly.compile(await response.arrayBuffer())
}

/**
 * Translates every example once. The engine compiles a WebAssembly function when it is first
 * called, and the page's parser shares this module's code: run here, that compiling is done off
 * the page's thread, before the reader's first keystrokes need it.
 */
function warmUp() {
  for (const example of sqlExamples) {
    try {
      translator.translate(example.sql)
    } catch {
      // A warm-up only.
    }
  }
}

function load(wasmUrl: string): Promise<void> {
  ready ??= compiledParser(wasmUrl)
    .then((compiled) => translator.initTranslator({ wasmModule: compiled }))
    .then(warmUp)
    .catch((error: unknown) => {
      ready = undefined
      throw error
    })
  return ready
}
// Once Run is open, requests go from here straight to the run worker: the page's main thread,
// busy with the keystroke that caused them, is not on the way.
let runPort: MessagePort | undefined

scope.onmessage = ({ data }) => {
  if ('runPort' in data) {
    runPort = data.runPort
    return
  }
  if ('prepare' in data) {
    // A failure is reported with the first request that needs the parser.
    load(data.wasmUrl).catch(() => {})
    return
  }
  if ('modulePort' in data) {
    const port = data.modulePort
    load(data.wasmUrl)
      .then(() => compiledParser(data.wasmUrl))
      .then(
        (compiled) => port.postMessage({ wasmModule: compiled } satisfies WasmModuleReply),
        (error: unknown) =>
          port.postMessage({
            failed: error instanceof Error ? error.message : String(error),
          } satisfies WasmModuleReply),
      )
    return
  }
  load(data.wasmUrl).then(
    () => {
      const output = translateForTool(translator, data.sql, data.baseUrl, data.apiKey, data.direction)
      const request = data.run && !output.error ? output.request : undefined
      const forwarded = request !== undefined && runPort !== undefined
      if (forwarded) {
        const run: RunRequest = {
          id: data.id,
          request,
          sql: data.direction === 'sql' ? data.sql : undefined,
          aggregatesEnabled: data.aggregatesEnabled,
        }
        runPort?.postMessage(run)
      }
      scope.postMessage({ id: data.id, output, forwarded })
    },
    (error: unknown) => {
      scope.postMessage({ id: data.id, failed: error instanceof Error ? error.message : String(error) })
    },
  )
}
