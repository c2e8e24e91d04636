/**
 * Compressed responses: the encoding a client accepts (`Accept-Encoding`, with q-values), and
 * gzip and brotli bodies made once per file version and kept in memory.
 */
import type { Stats } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export type Encoding = 'br' | 'gzip' | 'identity'

/** Our preference when the client likes several equally: brotli is the smallest. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity']

/** The encoding to send, or 'identity' when the client accepts neither compression. */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity'
  const weights = new Map<string, number>()
  for (const element of header.split(',')) {
    const [coding = '', ...parameters] = element.split(';').map((part) => part.trim().toLowerCase())
    if (!coding) continue
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(coding, Number.isFinite(weight) ? weight : 0)
  }
  const weightOf = (coding: Encoding) =>
    weights.get(coding) ?? weights.get('*') ?? (coding === 'identity' ? 1 : 0)
  let best: Encoding = 'identity'
  let bestWeight = 0
  for (const coding of PREFERENCE) {
    const weight = weightOf(coding)
    if (weight > bestWeight) [best, bestWeight] = [coding, weight]
  }
  return best
}

/**
 * Above this size the first request waits for the compressing: PGlite's 9 MB WebAssembly took
 * 3.7 s at brotli quality 9 and 1 s at quality 5, for a body 2.6% larger.
 */
export const LARGE_BODY = 1024 * 1024

function compressionLevels(size: number): { brotliQuality: number; gzipLevel: number } {
  // Small bodies: quality 9 of 11 is within a few percent of the best size at a twentieth of the time.
  return size > LARGE_BODY ? { brotliQuality: 5, gzipLevel: 6 } : { brotliQuality: 9, gzipLevel: 9 }
}

const compressors = {
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: compressionLevels(body.length).brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: compressionLevels(body.length).gzipLevel }),
}

/** A file's version as the server tags it: its size and modification time. */
export function fileVersion(stats: Stats): string {
  return `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`
}

/** Compressed copies of files, keyed by path and encoding, made again when the file changes. */
export class CompressedBodies {
  private readonly entries = new Map<string, { version: string; body: Promise<Buffer> }>()

  get(file: string, version: string, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
    const key = `${encoding}:${file}`
    const cached = this.entries.get(key)
    if (cached?.version === version) return cached.body
    const body = readFile(file).then((raw) => compressors[encoding](raw))
    this.entries.set(key, { version, body })
    // A failed read is not remembered: the next request tries again.
    body.catch(() => {
      if (this.entries.get(key)?.body === body) this.entries.delete(key)
    })
    return body
  }

  /**
   * Makes the brotli copies of the large files under `root` that `isCompressible` accepts, one
   * after another, so that no reader waits for them: the first Run of an in-browser database
   * would otherwise wait a second while its 9 MB of WebAssembly is compressed. Resolves with the
   * files made; a file that cannot be read is skipped (its request will say why).
   */
  async warm(root: string, isCompressible: (file: string) => boolean): Promise<string[]> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true })
    const warmed: string[] = []
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const file = path.join(entry.parentPath, entry.name)
      if (!isCompressible(file)) continue
      try {
        const stats = await stat(file)
        if (stats.size <= LARGE_BODY) continue
        await this.get(file, fileVersion(stats), 'br')
        warmed.push(file)
      } catch {
        // Left for the request to report.
      }
    }
    return warmed
  }
}
