/**
 * The bytes a Run worker downloads while its first database starts (PGlite's WebAssembly and file
 * bundle, the data folder), counted as the bodies stream in. PGlite fetches its own files, so the
 * worker's `fetch` is wrapped for as long as the first start lasts, then put back.
 */
import { downloadStage, type Download, type LoadStage } from './load-progress'

/**
 * PGlite's files as they are on disk (`@electric-sql/pglite/dist`). A server that compresses them
 * sends the compressed length, not these, so they are the measure the streamed bytes are held to.
 * `count-downloads.test.ts` fails when a PGlite update changes them.
 */
export const PGLITE_FILE_BYTES: Readonly<Record<string, number>> = {
  'pglite.wasm': 9_086_480,
  'pglite.data': 6_242_272,
}

/**
 * PGlite asks for `initdb.wasm` on every start but reads it only to make a new database, never
 * when it starts from a data folder: counting it would leave the total short of ever being reached.
 */
const NOT_READ = new Set(['initdb.wasm'])

/** `pglite.0-opaqy20q-94.wasm` -> `pglite.wasm`: the bundler puts a hash before the extension. */
export function assetName(url: string): string {
  // The bundler may hand PGlite a path without the origin: the base only lets it parse.
  const file = new URL(url, 'http://localhost/').pathname.split('/').at(-1) ?? ''
  const parts = file.split('.')
  return parts.length >= 3 ? [...parts.slice(0, -2), parts.at(-1)].join('.') : file
}

/** The size the body will have once read: the sent length when it is not compressed. */
function bodySize(response: Response, name: string): number | undefined {
  const encoding = response.headers.get('content-encoding')
  const length = Number(response.headers.get('content-length'))
  if ((!encoding || encoding === 'identity') && Number.isInteger(length) && length > 0) return length
  return PGLITE_FILE_BYTES[name]
}

/** How often the page hears of bytes at most; a finished file is always reported. */
const REPORT_EVERY_MS = 100

/**
 * Runs `start` with every download of this worker counted; `report` hears how far they are.
 * PGlite's files are expected from the beginning, so the total does not jump when they start.
 */
export async function countDownloads<T>(
  start: () => Promise<T>,
  report: (stage: LoadStage) => void,
): Promise<T> {
  const scope = globalThis as { fetch: typeof fetch }
  const original = scope.fetch
  const downloads = new Map<string, Download>(
    Object.entries(PGLITE_FILE_BYTES).map(([name, total]) => [name, { loaded: 0, total, done: false }]),
  )
  let lastReport = 0
  let started = false
  const tell = (force: boolean) => {
    const now = performance.now()
    if (started || (!force && now - lastReport < REPORT_EVERY_MS)) return
    lastReport = now
    const stage = downloadStage(downloads.values())
    started = stage.stage === 'start'
    report(stage)
  }
  const counted = (response: Response, url: string): Response => {
    const name = assetName(url)
    if (!response.ok || !response.body || NOT_READ.has(name)) return response
    const download: Download = { loaded: 0, total: bodySize(response, name), done: false }
    downloads.set(name, download)
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          download.loaded += chunk.byteLength
          controller.enqueue(chunk)
          tell(false)
        },
        flush() {
          download.done = true
          tell(true)
        },
      }),
    )
    // Headers and status kept: WebAssembly.instantiateStreaming needs the wasm content type.
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
  scope.fetch = async (input, init) => {
    const response = await original(input, init)
    // Counting is for the progress bar only: a download it cannot follow goes through as it came.
    try {
      return counted(response, input instanceof Request ? input.url : String(input))
    } catch {
      return response
    }
  }
  try {
    report({ stage: 'download', loaded: 0 })
    const result = await start()
    report({ stage: 'run' })
    return result
  } finally {
    scope.fetch = original
  }
}
