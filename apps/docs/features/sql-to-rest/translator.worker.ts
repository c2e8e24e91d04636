/**
 * The translator in a worker, for the page's first moments: the SQL parser's WebAssembly and its
 * Emscripten loader are large, and loading them on the page's main thread would hold the page
 * while it starts. The page posts the latest query; the worker answers with its outputs and the
 * request model, which the run worker (run.worker.ts) executes. Once the reader is at work, the
 * page loads the parser on its own thread, translates each edit there and stops this worker (see
 * use-translator.client.ts).
 */
import * as translator from '@docs/sql-to-rest'
import type { RunRequest } from './run-messages'
import type { TranslationReply, TranslatorMessage } from './translation-messages'
import { translateForTool } from './translate-output'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TranslatorMessage>) => void) | null
  postMessage: (message: TranslationReply) => void
}

let ready: Promise<void> | undefined
// Once Run is open, requests go from here straight to the run worker: the page's main thread,
// busy with the keystroke that caused them, is not on the way.
let runPort: MessagePort | undefined

scope.onmessage = ({ data }) => {
  if ('runPort' in data) {
    runPort = data.runPort
    return
  }
  ready ??= translator.initTranslator({ wasmUrl: data.wasmUrl })
  ready.then(
    () => {
      const output = translateForTool(translator, data.sql, data.baseUrl, data.apiKey, data.direction)
      const request = data.run && !output.error ? output.request : undefined
      const forwarded = request !== undefined && runPort !== undefined
      if (forwarded) {
        const run: RunRequest = { id: data.id, request, sql: data.direction === 'sql' ? data.sql : undefined }
        runPort?.postMessage(run)
      }
      scope.postMessage({ id: data.id, output, forwarded })
    },
    (error: unknown) => {
      ready = undefined
      scope.postMessage({ id: data.id, failed: error instanceof Error ? error.message : String(error) })
    },
  )
}
