/**
 * Runs a request (and the reader's SQL) on the sample data in PGlite. It is a worker of its own,
 * started on the first Run: PGlite is several megabytes, and keeping it out of the translator's
 * worker means the translator answers as soon as the parser is ready, whatever happens here.
 */
import { PGlite } from '@electric-sql/pglite'
import { runBothSides } from '@docs/sql-to-rest/run'
import { sampleDataSql, sampleSchemaInfo, sampleSchemaSql } from '@docs/sql-to-rest/sample'
import type { RunReply, RunRequest } from './run-messages'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RunRequest>) => void) | null
  postMessage: (message: RunReply) => void
}

/** Where the prebuild step puts PGlite's files (its own loader would look next to the bundle). */
const PGLITE_FILES = '/wasm/pglite'

let database: Promise<PGlite> | undefined

async function openSampleDatabase(): Promise<PGlite> {
  const [pgliteWasmModule, initdbWasmModule, fsBundle] = await Promise.all([
    WebAssembly.compileStreaming(fetch(`${PGLITE_FILES}/pglite.wasm`)),
    WebAssembly.compileStreaming(fetch(`${PGLITE_FILES}/initdb.wasm`)),
    fetch(`${PGLITE_FILES}/pglite.data`).then((response) => response.blob()),
  ])
  const db = await PGlite.create({ pgliteWasmModule, initdbWasmModule, fsBundle })
  await db.exec(sampleSchemaSql)
  await db.exec(sampleDataSql())
  return db
}

// Runs share one database, so they go one after another: a write's rollback must finish before
// the next run reads.
let queue: Promise<void> = Promise.resolve()

scope.onmessage = ({ data }) => {
  queue = queue.then(async () => {
    database ??= openSampleDatabase()
    try {
      const db = await database
      const ran = await runBothSides(db, sampleSchemaInfo, data.request, data.sql)
      scope.postMessage({ id: data.id, ran })
    } catch (error) {
      database = undefined
      scope.postMessage({ id: data.id, failed: error instanceof Error ? error.message : String(error) })
    }
  })
}
