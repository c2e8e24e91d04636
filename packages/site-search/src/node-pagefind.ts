/**
 * Loads the export's own Pagefind browser library in Node, for everything that searches the
 * built site outside a browser (the relevance benchmark, the docs MCP server): the library
 * fetches its index files relative to its own `file:` URL, and Node's `fetch` has no `file:`
 * scheme, so those requests are answered from disk. Any other URL goes to the real `fetch`.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { PAGEFIND_OPTIONS, type PagefindApi } from './pagefind-client'

let fileFetchInstalled = false

function installFileFetch(): void {
  if (fileFetchInstalled) return
  fileFetchInstalled = true
  const networkFetch = globalThis.fetch
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!url.startsWith('file:')) return networkFetch(input, init)
    return new Response(await readFile(new URL(url)))
  }
}

/** The export's Pagefind, initialised with the options the search dialog sets. */
export async function loadPagefindFromExport(exportDir: string): Promise<PagefindApi> {
  installFileFetch()
  const entry = pathToFileURL(path.join(path.resolve(exportDir), 'pagefind', 'pagefind.js')).href
  const pagefind = (await import(entry)) as PagefindApi
  await pagefind.options({ ...PAGEFIND_OPTIONS, baseUrl: '/' })
  await pagefind.init()
  return pagefind
}
