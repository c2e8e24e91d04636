/**
 * Runs the guides' examples for the page: PGlite, the platform (auth, REST and storage engines),
 * the real supabase-js and the compiled examples, all loaded with this worker on the first Run and
 * never before. Every run gets a database of its own, started from the platform data folder made
 * at build time; the next one starts while the reader looks at a result, so a later Run does not
 * wait for it.
 */
import type { PGlite } from '@electric-sql/pglite'
import { countDownloads } from '@/features/reference/runner'
import { fetchDataDir, startDataDir } from '../../pglite-data-dirs'
import { guideExamples } from './guide-examples.generated'
import type { GuideRunReply, GuideRunRequest } from './guide-run-messages'
import { runGuideExample, type SchemaCaches } from './run-guide-example'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<GuideRunRequest>) => void) | null
  postMessage: (message: GuideRunReply) => void
}

// The tar and PGlite's WebAssembly are emitted by the bundler as hashed assets beside the worker.
let dataDir: Promise<Blob> | undefined
let nextDatabase: Promise<PGlite> | undefined
const schemaCaches: SchemaCaches = new Map()
// One run at a time: each holds the only connection to its database.
let queue: Promise<void> = Promise.resolve()

function freshDatabase(): Promise<PGlite> {
  dataDir ??= fetchDataDir(new URL('./platform.pgdata.tar.gz', import.meta.url))
  return dataDir.then(startDataDir)
}

// A failure ends this worker (the page starts a new one for the next Run), so nothing here is reset.
scope.onmessage = ({ data }) => {
  const started = performance.now()
  queue = queue.then(async () => {
    let stage: 'load' | 'run' = 'load'
    try {
      const example = guideExamples[data.key]
      if (!example) throw new Error(`No runnable example ${data.key}`)
      // The first database's downloads are counted for the page's progress bar.
      const db = await (nextDatabase ??
        (dataDir
          ? freshDatabase()
          : countDownloads(freshDatabase, (loading) => scope.postMessage({ id: data.id, loading }))))
      nextDatabase = undefined
      stage = 'run'
      try {
        const outcome = await runGuideExample(db, example, schemaCaches)
        scope.postMessage({ id: data.id, outcome, ms: performance.now() - started })
      } finally {
        void db.close()
      }
      nextDatabase = freshDatabase()
      // A database that failed to start is started again by the next run.
      nextDatabase.catch(() => (nextDatabase = undefined))
    } catch (error) {
      scope.postMessage({
        id: data.id,
        failed: error instanceof Error ? error.message : String(error),
        stage,
      })
    }
  })
}
