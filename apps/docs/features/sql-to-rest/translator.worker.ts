/**
 * The translator in a worker: the SQL parser's WebAssembly and its Emscripten loader are large, and
 * compiling them and parsing each edit would otherwise hold the page's main thread while the
 * reader scrolls or types. The page posts the latest query; the worker answers with its outputs
 * and the request model, which the run worker (run.worker.ts) executes.
 */
import * as translator from '@docs/sql-to-rest'
import type { TranslationReply, TranslationRequest } from './translation-messages'
import { translateForTool } from './translate-output'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TranslationRequest>) => void) | null
  postMessage: (message: TranslationReply) => void
}

let ready: Promise<void> | undefined

scope.onmessage = ({ data }) => {
  ready ??= translator.initTranslator({ wasmUrl: data.wasmUrl })
  ready.then(
    () => {
      scope.postMessage({
        id: data.id,
        output: translateForTool(translator, data.sql, data.baseUrl, data.apiKey, data.direction),
      })
    },
    (error: unknown) => {
      ready = undefined
      scope.postMessage({ id: data.id, failed: error instanceof Error ? error.message : String(error) })
    },
  )
}
