import { stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assetName, countDownloads, PGLITE_FILE_BYTES } from './count-downloads'
import type { LoadStage } from './load-progress'

describe('PGLITE_FILE_BYTES', () => {
  it("is the size of PGlite's files as installed", async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    for (const [name, bytes] of Object.entries(PGLITE_FILE_BYTES)) {
      expect((await stat(path.join(dist, name))).size, name).toBe(bytes)
    }
  })
})

describe('assetName', () => {
  it('drops the hash the bundler adds', () => {
    expect(assetName('http://localhost/_next/static/media/pglite.0-opaqy20q-94.wasm')).toBe('pglite.wasm')
    expect(assetName('http://localhost/_next/static/media/platform.pgdata.tar.1wofg-c192kly.gz')).toBe(
      'platform.pgdata.tar.gz',
    )
    expect(assetName('http://localhost/pglite.data')).toBe('pglite.data')
    expect(assetName('/_next/static/media/pglite.38fbxmy6f8h6m.data')).toBe('pglite.data')
  })
})

function body(bytes: number, chunk = 1000): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close()
      const size = Math.min(chunk, bytes - sent)
      sent += size
      controller.enqueue(new Uint8Array(size))
    },
  })
}

describe('countDownloads', () => {
  const realFetch = globalThis.fetch
  afterEach(() => {
    globalThis.fetch = realFetch
    vi.useRealTimers()
  })

  it("counts the bodies read while the database starts, against PGlite's sizes and the sent length", async () => {
    // In the order a worker fetches them: its data folder, then PGlite's files.
    const served: Record<string, { bytes: number; headers: Record<string, string> }> = {
      'platform.pgdata.tar.abc.gz': { bytes: 50_000, headers: { 'content-length': '50000' } },
      'pglite.abc.wasm': {
        bytes: PGLITE_FILE_BYTES['pglite.wasm']!,
        headers: { 'content-encoding': 'br', 'content-length': '123' },
      },
      // Asked for and never read: not counted, or the total would never be reached.
      'initdb.abc.wasm': { bytes: 298_788, headers: {} },
      'pglite.abc.data': { bytes: PGLITE_FILE_BYTES['pglite.data']!, headers: {} },
    }
    const serve = vi.fn(async (input: RequestInfo | URL) => {
      const file = String(input).split('/').at(-1)!
      const { bytes, headers } = served[file]!
      return new Response(body(bytes, 64 * 1024), { headers })
    }) as typeof fetch
    globalThis.fetch = serve
    const stages: LoadStage[] = []
    const read = await countDownloads(
      async () => {
        let total = 0
        for (const file of Object.keys(served)) {
          const response = await fetch(`http://site/_next/static/media/${file}`)
          if (!file.startsWith('initdb.')) total += (await response.arrayBuffer()).byteLength
        }
        return total
      },
      (stage) => stages.push(stage),
    )
    const all = Object.entries(served)
      .filter(([file]) => !file.startsWith('initdb.'))
      .reduce((sum, [, { bytes }]) => sum + bytes, 0)
    expect(read).toBe(all)
    expect(stages[0]).toEqual({ stage: 'download', loaded: 0 })
    const measured = stages.filter((stage) => stage.stage === 'download' && stage.total !== undefined)
    // Every report past the first knows the whole: PGlite's sizes are expected from the start and
    // the data folder's length came with the first response.
    expect(measured.at(-1)).toMatchObject({ total: all })
    const loaded = measured.map((stage) => (stage.stage === 'download' ? stage.loaded : 0))
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b))
    expect(stages.slice(-2)).toEqual([{ stage: 'start' }, { stage: 'run' }])
    // The worker's own fetch is back.
    expect(globalThis.fetch).toBe(serve)
  })

  it('puts fetch back and passes the failure on when the start fails', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch
    globalThis.fetch = failing
    const stages: LoadStage[] = []
    await expect(
      countDownloads(
        () => fetch('http://site/platform.pgdata.tar.abc.gz'),
        (stage) => stages.push(stage),
      ),
    ).rejects.toThrow('Failed to fetch')
    expect(globalThis.fetch).toBe(failing)
    expect(stages).toEqual([{ stage: 'download', loaded: 0 }])
  })
})
