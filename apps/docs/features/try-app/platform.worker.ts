/**
 * The project the app in the panel talks to: PGlite with the platform's schema and the
 * quickstart's migration (a data folder made at build time), and the auth, REST and storage
 * engines behind one `fetch` (`@docs/page-platform`). It lives as long as the panel is open, so
 * the app's page can reload or follow a link without losing the database.
 */
import { createPagePlatform, type PagePlatform } from '@docs/page-platform'
import { countDownloads } from '@/features/reference/runner'
import { fetchDataDir, startDataDir } from '../pglite-data-dirs'
import type { FromWorker, StartStep, ToWorker } from './messages'
import { responseToWire, transferablesOf, wireToRequest, type WireReply } from './wire'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null
  postMessage: (message: FromWorker) => void
}

let platform: Promise<PagePlatform> | undefined
/** How long each step of the start took, for the page's performance timeline. */
const steps: StartStep[] = [{ name: 'worker-script', start: 0, end: performance.now() }]

async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now()
  const result = await work()
  steps.push({ name, start, end: performance.now() })
  return result
}

async function start(appUrl: string): Promise<PagePlatform> {
  // The data folder already holds the guide's migration: no SQL runs here. Its bytes and
  // PGlite's files are counted for the panel's progress words.
  const db = await countDownloads(
    async () => {
      const tar = await step('data-dir', () =>
        fetchDataDir(new URL('./user-management.pgdata.tar.gz', import.meta.url)),
      )
      return step('pglite', () => startDataDir(tar))
    },
    (stage) => scope.postMessage({ kind: 'loading', stage }),
  )
  return step('platform', () =>
    createPagePlatform(db, {
      auth: {
        // Links land on the app; an address the app asks for on this site's host is allowed too,
        // as GoTrue allows any redirect to its site URL's host name.
        siteUrl: appUrl,
        additionalRedirectUrls: [],
      },
    }),
  )
}

async function answer(ready: Promise<PagePlatform>, event: MessageEvent<ToWorker>): Promise<WireReply> {
  if (event.data.kind !== 'request') return { error: 'Not a request' }
  try {
    const response = await (await ready).fetch(wireToRequest(event.data.request))
    return { response: await responseToWire(response) }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

scope.onmessage = (event) => {
  const message = event.data
  if (message.kind === 'start') {
    if (platform) return
    platform = start(message.appUrl)
    platform.then(
      (started) => {
        started.inbox.subscribe((mail) => scope.postMessage({ kind: 'mail', message: mail }))
        scope.postMessage({ kind: 'ready', timeOrigin: performance.timeOrigin, steps })
      },
      (error: unknown) =>
        scope.postMessage({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    )
    return
  }
  const port = event.ports[0]
  if (!port) return
  if (!platform) {
    port.postMessage({ error: 'The platform has not been started.' } satisfies WireReply)
    return
  }
  void answer(platform, event).then((reply) => {
    port.postMessage(reply, 'response' in reply ? transferablesOf(reply.response) : [])
    port.close()
  })
}
