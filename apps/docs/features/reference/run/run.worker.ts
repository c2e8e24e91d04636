/**
 * Runs the reference's examples for the page: PGlite, the REST engine, the real supabase-js and
 * the compiled examples, all loaded with this worker on the first Run and never before. One
 * database serves every run; each run drops what the last one made and loads its own data source.
 */
import type { PGlite } from '@electric-sql/pglite'
import { openDataDir } from '../../pglite-data-dirs'
import { countDownloads } from './count-downloads'
import { runnableExamples } from './examples.generated'
import { runExample, type SchemaCaches } from './run-example'
import type { RunReply, RunRequest } from './run-messages'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RunRequest>) => void) | null
  postMessage: (message: RunReply) => void
}

let database: Promise<PGlite> | undefined
const schemaCaches: SchemaCaches = new Map()
// Runs share the database, so they go one after another.
let queue: Promise<void> = Promise.resolve()

// A failure ends this worker (the page starts a new one for the next Run), so nothing here is reset.
scope.onmessage = ({ data }) => {
  const started = performance.now()
  queue = queue.then(async () => {
    let stage: 'load' | 'run' = 'load'
    try {
      const example = runnableExamples[data.key]
      if (!example) throw new Error(`No runnable example ${data.key}`)
      // An empty database made at build time (features/pglite-data-dirs), so PGlite skips initdb.
      // It and PGlite's WebAssembly are emitted by the bundler as hashed assets beside the worker.
      database ??= countDownloads(
        () => openDataDir(new URL('./empty.pgdata.tar.gz', import.meta.url)),
        (loading) => scope.postMessage({ id: data.id, loading }),
      )
      const db = await database
      stage = 'run'
      const outcome = await runExample(db, example, schemaCaches)
      scope.postMessage({ id: data.id, outcome, ms: performance.now() - started })
    } catch (error) {
      scope.postMessage({
        id: data.id,
        failed: error instanceof Error ? error.message : String(error),
        stage,
      })
    }
  })
}
