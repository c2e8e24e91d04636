/**
 * Runs the reference's examples for the page: PGlite, the engines, the real supabase-js and the
 * compiled examples, all loaded with this worker on the first Run and never before. A database
 * example runs on one database (each run drops what the last made and loads its data source); an
 * auth or storage example on a second one with the platform schema, started only when such an
 * example first runs (each run empties `auth` and `storage` and makes its setup).
 */
import type { PGlite } from '@electric-sql/pglite'
import { checkpointPastWal } from '@docs/pglite-platform/wal'
import { WAL_CHECKPOINT_BYTES, openDataDir } from '../../pglite-data-dirs'
import { countDownloads } from './count-downloads'
import { runnableExamples } from './examples.generated'
import { runExample, type RunDatabases } from './run-example'
import type { RunReply, RunRequest } from './run-messages'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RunRequest>) => void) | null
  postMessage: (message: RunReply) => void
}

let dataDatabase: Promise<PGlite> | undefined
let platformDatabase: Promise<PGlite> | undefined
const schemaCaches: RunDatabases['schemaCaches'] = new Map()
// Runs share the databases, so they go one after another.
let queue: Promise<void> = Promise.resolve()

// Data folders made at build time (features/pglite-data-dirs), so PGlite skips initdb: an empty
// database, and the platform's (shared with the guides' Run). They and PGlite's WebAssembly are
// emitted by the bundler as hashed assets beside the worker.
const DATA_DIRS = {
  data: () => new URL('./empty.pgdata.tar.gz', import.meta.url),
  platform: () => new URL('../../guides/run/platform.pgdata.tar.gz', import.meta.url),
}

// A failure ends this worker (the page starts a new one for the next Run), so nothing here is reset.
scope.onmessage = ({ data }) => {
  const started = performance.now()
  queue = queue.then(async () => {
    let stage: 'load' | 'run' = 'load'
    try {
      const example = runnableExamples[data.key]
      if (!example) throw new Error(`No runnable example ${data.key}`)
      // The first start of each database reports its downloads to the page's progress bar.
      const open = (url: URL) =>
        countDownloads(
          () => openDataDir(url),
          (loading) => scope.postMessage({ id: data.id, loading }),
        )
      const databases: RunDatabases = {
        data: () => (dataDatabase ??= open(DATA_DIRS.data())),
        platform: () => (platformDatabase ??= open(DATA_DIRS.platform())),
        schemaCaches,
      }
      await (example.platform ? databases.platform() : databases.data())
      stage = 'run'
      const outcome = await runExample(example, databases)
      scope.postMessage({ id: data.id, outcome, ms: performance.now() - started })
      // Every Run reloads its data: without a checkpoint now and then, the log would only grow.
      for (const database of [dataDatabase, platformDatabase]) {
        if (database) await checkpointPastWal(await database, WAL_CHECKPOINT_BYTES)
      }
    } catch (error) {
      scope.postMessage({
        id: data.id,
        failed: error instanceof Error ? error.message : String(error),
        stage,
      })
    }
  })
}
