/**
 * Loads the export's own Pagefind browser library in Node: the library fetches its index files
 * relative to its URL, so `fetch` of `file:` URLs is answered from disk.
 */
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import path from 'node:path'
import type { PagefindApi } from '../../apps/docs/features/search/pagefind-client'

export async function loadPagefindFromExport(exportDir: string): Promise<PagefindApi> {
  const networkFetch = globalThis.fetch
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!url.startsWith('file:')) return networkFetch(input, init)
    return new Response(await readFile(new URL(url)))
  }
  const entry = pathToFileURL(path.join(path.resolve(exportDir), 'pagefind', 'pagefind.js')).href
  return (await import(entry)) as PagefindApi
}
