/**
 * Runs a request (and the reader's SQL) on the sample data in PGlite. It is a worker of its own,
 * started on the first Run: PGlite is several megabytes, and keeping it out of the translator's
 * worker means the translator answers as soon as the parser is ready, whatever happens here.
 */
import { PGlite } from '@electric-sql/pglite'
import { runBothSides } from '@docs/sql-to-rest/run'
import { sampleDataSql, sampleSchemaInfo, sampleSchemaSql } from '@docs/sql-to-rest/sample'
import type { RunReply, RunRequest, RunWorkerMessage } from './run-messages'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RunWorkerMessage>) => void) | null
  postMessage: (message: RunReply) => void
}

let database: Promise<PGlite> | undefined

async function openSampleDatabase(): Promise<PGlite> {
  // PGlite finds its WebAssembly and data files itself: the bundler emits them as hashed assets
  // beside the worker, so they are cached like every other static file.
  const db = await PGlite.create()
  await db.exec(sampleSchemaSql)
  await db.exec(sampleDataSql())
  return db
}

// Runs share one database, so they go one after another: a write's rollback must finish before
// the next run reads.
let queue: Promise<void> = Promise.resolve()

function run(data: RunRequest) {
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

// Requests come from the page (the first run of an answer already shown) and, once Run is open,
// straight from the translator worker; the answers always go to the page.
scope.onmessage = ({ data }) => {
  if ('translatorPort' in data) {
    data.translatorPort.onmessage = (event: MessageEvent<RunRequest>) => run(event.data)
    return
  }
  run(data)
}
