/**
 * The built site as the server reads it: the Markdown copies of the pages, llms.txt, the
 * Pagefind index with its vocabulary, and the reference data. Nothing else is read, and nothing
 * is read from a path a client wrote: pages are looked up in the list of files found at start.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { loadPagefindFromExport } from '@docs/site-search/node'
import { type PagefindSearcher, spellingIndex, type SpellingIndex } from '@docs/site-search'
import {
  AUTH_ERROR_CODES_FILE,
  AuthErrorCodesSchema,
  REFERENCE_DATA_DIR,
  ReferenceDataSchema,
  referenceDataFile,
  type AuthErrorCodesData,
  type ReferenceData,
} from './reference-data'

/** Folders of the export whose `.md` files are pages. */
const PAGE_FOLDERS = ['guides', 'reference']

export interface DocsSite {
  exportDir: string
  /** The site's own origin, as the build wrote it into llms.txt: `http://localhost:3000`. */
  siteUrl: string
  /** Site paths of every page with a Markdown copy: `/guides/database/row-level-security`. */
  pagePaths: ReadonlySet<string>
  llmsTxt: () => Promise<string>
  /** The page's Markdown copy; only for a path of `pagePaths`. */
  pageMarkdown: (sitePath: string) => Promise<string>
  searcher: () => Promise<{ pagefind: PagefindSearcher; spelling?: SpellingIndex }>
  referenceData: (libraryKey: string) => ReferenceData
  authErrorCodes: () => AuthErrorCodesData
}

function markdownFiles(dir: string, prefix: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const sitePath = `${prefix}/${entry.name}`
    if (entry.isDirectory()) return markdownFiles(path.join(dir, entry.name), sitePath)
    return entry.isFile() && entry.name.endsWith('.md') ? [sitePath.slice(0, -'.md'.length)] : []
  })
}

/** The origin of the first absolute link in llms.txt: the site URL the build was made for. */
export function siteUrlOf(llmsTxt: string): string {
  const match = /\]\((https?:\/\/[^)\s]+)\)/.exec(llmsTxt)
  if (!match?.[1]) throw new Error('llms.txt has no absolute link to tell the site URL from')
  return new URL(match[1]).origin
}

function memo<T>(load: () => T): () => T {
  let value: { v: T } | undefined
  return () => (value ??= { v: load() }).v
}

export function openSite(exportDir: string): DocsSite {
  const root = path.resolve(exportDir)
  const llmsFile = path.join(root, 'llms.txt')
  if (!existsSync(llmsFile)) {
    throw new Error(`No built site in ${root} (llms.txt is missing). Build it first: npm run build.`)
  }
  const siteUrl = siteUrlOf(readFileSync(llmsFile, 'utf8'))
  const pagePaths = new Set(
    PAGE_FOLDERS.flatMap((folder) => markdownFiles(path.join(root, folder), `/${folder}`)),
  )

  const readJson = (name: string): unknown => {
    const file = path.join(root, REFERENCE_DATA_DIR, name)
    if (!existsSync(file))
      throw new Error(`The export has no ${REFERENCE_DATA_DIR}/${name}: rebuild the site.`)
    return JSON.parse(readFileSync(file, 'utf8'))
  }
  const libraries = new Map<string, ReferenceData>()

  const searcher = memo(async () => {
    const pagefind = await loadPagefindFromExport(root)
    const vocabulary = path.join(root, 'pagefind', 'vocabulary.json')
    const spelling = existsSync(vocabulary)
      ? spellingIndex(JSON.parse(readFileSync(vocabulary, 'utf8')))
      : undefined
    return { pagefind, ...(spelling ? { spelling } : {}) }
  })

  return {
    exportDir: root,
    siteUrl,
    pagePaths,
    llmsTxt: () => readFile(llmsFile, 'utf8'),
    pageMarkdown: (sitePath) => {
      if (!pagePaths.has(sitePath)) return Promise.reject(new Error(`Not a page: ${sitePath}`))
      return readFile(path.join(root, `${sitePath}.md`), 'utf8')
    },
    searcher: () =>
      searcher().catch((error: unknown) => {
        throw new Error(`The search index could not be loaded: ${(error as Error).message}`)
      }),
    referenceData: (key) => {
      let data = libraries.get(key)
      if (!data) {
        data = ReferenceDataSchema.parse(readJson(referenceDataFile(key)))
        libraries.set(key, data)
      }
      return data
    },
    authErrorCodes: memo(() => AuthErrorCodesSchema.parse(readJson(AUTH_ERROR_CODES_FILE))),
  }
}
