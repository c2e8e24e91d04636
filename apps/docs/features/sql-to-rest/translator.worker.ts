/**
 * The translator in a worker: the SQL parser's WebAssembly and its Emscripten loader are large, and
 * compiling them and parsing each edit would otherwise hold the page's main thread while the
 * reader scrolls or types. The page posts the latest query; the worker answers with its outputs,
 * then, once the reader has pressed Run, with both sides run on the sample data in PGlite, which
 * is loaded on that first run only.
 */
import * as translator from '@docs/sql-to-rest'
import type { TranslationReply, TranslationRequest } from './translation-messages'
import { requestOf, translateForTool } from './translate-output'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TranslationRequest>) => void) | null
  postMessage: (message: TranslationReply) => void
}

/** Where the prebuild step puts PGlite's files (its own loader would look next to the bundle). */
const PGLITE_FILES = '/wasm/pglite'

let ready: Promise<void> | undefined
let database: Promise<translator.SqlClient> | undefined

async function openSampleDatabase(): Promise<translator.SqlClient> {
  const [{ PGlite }, pgliteWasmModule, initdbWasmModule, fsBundle] = await Promise.all([
    import('@electric-sql/pglite'),
    WebAssembly.compileStreaming(fetch(`${PGLITE_FILES}/pglite.wasm`)),
    WebAssembly.compileStreaming(fetch(`${PGLITE_FILES}/initdb.wasm`)),
    fetch(`${PGLITE_FILES}/pglite.data`).then((response) => response.blob()),
  ])
  const db = await PGlite.create({ pgliteWasmModule, initdbWasmModule, fsBundle })
  await db.exec(translator.sampleSchemaSql)
  await db.exec(translator.sampleDataSql())
  return db
}

async function run(data: TranslationRequest): Promise<void> {
  const result = requestOf(translator, data.sql, data.direction)
  if (!result.ok) return
  database ??= openSampleDatabase()
  try {
    const db = await database
    const ran = await translator.runBothSides(
      db,
      translator.sampleSchemaInfo,
      result.request,
      data.direction === 'sql' ? data.sql : undefined,
    )
    scope.postMessage({ id: data.id, ran })
  } catch (error) {
    database = undefined
    scope.postMessage({ id: data.id, runFailed: error instanceof Error ? error.message : String(error) })
  }
}

scope.onmessage = ({ data }) => {
  ready ??= translator.initTranslator({ wasmUrl: data.wasmUrl })
  ready.then(
    () => {
      scope.postMessage({
        id: data.id,
        output: translateForTool(translator, data.sql, data.baseUrl, data.apiKey, data.direction),
      })
      if (data.run) void run(data)
    },
    (error: unknown) => {
      ready = undefined
      scope.postMessage({ id: data.id, failed: error instanceof Error ? error.message : String(error) })
    },
  )
}
