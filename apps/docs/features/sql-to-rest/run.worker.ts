/**
 * Runs a request (and the reader's SQL) on the sample data in PGlite, the request through the
 * REST engine, which answers as PostgREST 12.2 does. It is a worker of its own, started when the
 * reader comes to Run: PGlite is several megabytes, and keeping it out of the translator's worker
 * means the translator answers as soon as the parser is ready, whatever happens here.
 * The marks (`run-worker:…`) let the first-Run benchmark split the start into its steps.
 */
import type { PGlite } from '@electric-sql/pglite'
import { createRestHandler, type RestHandler } from '@docs/rest-engine'
import { runBothSides, TableSnapshots } from '@docs/sql-to-rest/run'
import { openDataDir } from '../pglite-data-dirs'
import type { RunReply, RunRequest, RunWorkerMessage } from './run-messages'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RunWorkerMessage>) => void) | null
  postMessage: (message: RunReply) => void
}

performance.mark('run-worker:start')

interface SampleServer {
  db: PGlite
  snapshots: TableSnapshots
  /** One engine per setting of `db-aggregates-enabled`; every request is rolled back. */
  engines: Map<boolean, RestHandler>
  /** The statement the engine ran for the last request. */
  lastStatement: string
}

let server: Promise<SampleServer> | undefined

async function openSampleServer(): Promise<SampleServer> {
  scope.postMessage({ stage: 'database' })
  // The sample shop's database, schema and rows, was made at build time (features/pglite-data-dirs).
  // PGlite finds its WebAssembly and data files itself: the bundler emits them, and this folder,
  // as hashed assets beside the worker, so they are cached like every other static file.
  const db = await openDataDir(new URL('./sample-shop.pgdata.tar.gz', import.meta.url))
  performance.mark('run-worker:pglite-ready')
  scope.postMessage({ stage: 'query' })
  return { db, snapshots: new TableSnapshots(), engines: new Map(), lastStatement: '' }
}

function openOnce(): Promise<SampleServer> {
  server ??= openSampleServer().catch((error: unknown) => {
    // The next run tries again.
    server = undefined
    throw error
  })
  return server
}

function engine(sample: SampleServer, aggregatesEnabled: boolean): RestHandler {
  let handle = sample.engines.get(aggregatesEnabled)
  if (!handle) {
    handle = createRestHandler(sample.db, {
      // The tool's requests carry no token: they run as the anonymous role, as a project's
      // requests with the anon key do.
      anonRole: 'anon',
      aggregatesEnabled,
      transactionEnd: 'rollback',
      inspect: sample.snapshots.inspect,
      onStatement: (sql) => {
        sample.lastStatement = sql
      },
    })
    sample.engines.set(aggregatesEnabled, handle)
  }
  return handle
}

// Runs share one database, so they go one after another: a write's rollback must finish before
// the next run reads.
let queue: Promise<void> = Promise.resolve()
let ranOnce = false

function run(data: RunRequest) {
  queue = queue.then(async () => {
    try {
      const sample = await openOnce()
      sample.lastStatement = ''
      const handle = engine(sample, data.aggregatesEnabled)
      const ran = await runBothSides(
        sample.db,
        { handle, snapshots: sample.snapshots },
        data.request,
        data.sql,
      )
      if (!ranOnce) performance.mark('run-worker:first-run')
      ranOnce = true
      scope.postMessage({ id: data.id, ran, statement: sample.lastStatement })
    } catch (error) {
      scope.postMessage({ id: data.id, failed: error instanceof Error ? error.message : String(error) })
    }
  })
}

// Requests come from the page (the first run of an answer already shown) and, once Run is open,
// straight from the translator worker; the answers always go to the page.
scope.onmessage = ({ data }) => {
  if ('prepare' in data) {
    // A failure here is reported by the run that follows, which tries again.
    openOnce().catch(() => {})
    return
  }
  if ('translatorPort' in data) {
    data.translatorPort.onmessage = (event: MessageEvent<RunRequest>) => run(event.data)
    return
  }
  run(data)
}
