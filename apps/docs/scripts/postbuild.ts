/**
 * Runs after `next build`: writes the static islands into the pages; checks every internal link of
 * the export and fails the build, naming the source file and the link, when a page or heading does
 * not exist; writes the host rules (`_redirects`, `_headers`), the Markdown copies and the search
 * index (in a process of its own, scripts/build-search-index.ts), and marks the startup scripts for
 * eager compiling.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { addCompileHints } from '@/features/compile-hints'
import { listGuides } from '@/features/guides'
import {
  extractIds,
  extractLinks,
  findBrokenLinks,
  formatBrokenLinks,
  type PageIndex,
} from '@/features/link-check'
import { writeMarkdownExport } from '@/features/markdown-export/write-markdown-export'
import { writeReferenceData } from '@/features/assistants/write-reference-data'
import { writeHostHeaders } from '@/features/hosting'
import { buildIslands, loadsFramework, removeFrameworkFiles, withoutFramework } from '@/features/hydration-islands'
import { REFERENCE_REWRITE_RULES, writeReferenceHostRules } from '@/features/reference'
import { fillExportIslands } from '@/features/static-islands'
import { FRAMEABLE_PAGES } from '@/features/try-app'
import { exportHtmlFiles } from '@/lib/export-files'
import { siteConfig } from '@/lib/site-config'
import { contentTypeOf } from '../server/content-types'
import { defaultRoot, loadRewrite } from '../server/serve'

const outDir = defaultRoot

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? allFiles(full) : [full]
  })
}

function sitePathFor(file: string): string {
  const relative = path
    .relative(outDir, file)
    .split(path.sep)
    .join('/')
    .replace(/\.html$/, '')
  if (relative === 'index') return '/'
  return `/${relative.replace(/\/index$/, '')}`
}

/** Runs scripts/build-search-index.ts (with this process's tsx loader); resolves to its exit code. */
function startSearchIndex(): Promise<number> {
  const script = path.join(import.meta.dirname, 'build-search-index.ts')
  const child = spawn(process.execPath, [...process.execArgv, script], { stdio: 'inherit', env: process.env })
  // A build that fails here (a broken link) leaves no indexer writing into the export.
  const stop = () => child.kill()
  process.on('exit', stop)
  return new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('exit', (code, signal) => {
      process.off('exit', stop)
      resolve(signal ? 1 : (code ?? 1))
    })
  })
}

async function main() {
  if (!existsSync(outDir)) throw new Error(`No export in ${outDir}`)
  // First: every later step reads the pages as they ship.
  const islands = fillExportIslands(
    exportHtmlFiles(outDir).map((file) => ({ file, name: path.relative(process.cwd(), file) })),
  )
  console.log(`Static islands: ${islands.islands} filled in on ${islands.pages} pages.`)
  // No page runs the framework's client runtime: each page's client components hydrate one by one.
  const islandsScript = await buildIslands(path.resolve(import.meta.dirname, '..'), outDir)
  let islandPages = 0
  for (const file of exportHtmlFiles(outDir)) {
    const html = withoutFramework(readFileSync(file, 'utf8'), islandsScript)
    if (loadsFramework(html)) throw new Error(`${path.relative(process.cwd(), file)} still loads the framework`)
    writeFileSync(file, html)
    islandPages++
  }
  console.log(`Hydration islands: ${islandPages} pages load ${islandsScript} instead of the framework.`)
  const removed = removeFrameworkFiles(outDir)
  console.log(
    `Framework files removed: ${removed.routeData} route data files, ${removed.runtime} scripts and media files.`,
  )
  // The pages are final from here: the search index is written by a process of its own, on the
  // other core, while this one writes the Markdown copies and checks the links.
  const searchIndex = startSearchIndex()
  const hostRules = await writeReferenceHostRules(outDir)
  console.log(
    `Host rules: ${hostRules.rules} reference rewrites in ${path.relative(process.cwd(), hostRules.file)}.`,
  )
  // Markdown first, so the link check also covers the pages' "View as Markdown" links.
  const markdown = await writeMarkdownExport(outDir, {
    name: `${siteConfig.productName} Docs`,
    tagline: siteConfig.tagline,
    siteUrl: siteConfig.siteUrl,
  })
  console.log(`Markdown: ${markdown.pages} pages, llms.txt and ${markdown.areaFiles.join(', ')}.`)
  const referenceData = await writeReferenceData(outDir)
  console.log(`Reference data for assistants: ${referenceData.files.join(', ')}.`)
  const guideSources = new Map(listGuides().map((guide) => [guide.href, `apps/docs/${guide.file}`]))
  const pages = new Map<string, PageIndex>()
  for (const file of exportHtmlFiles(outDir)) {
    const sitePath = sitePathFor(file)
    if (sitePath === '/404' || sitePath === '/_not-found') continue
    const html = readFileSync(file, 'utf8')
    pages.set(sitePath, {
      path: sitePath,
      source:
        guideSources.get(sitePath) ??
        `apps/docs/${path.basename(outDir)}${sitePath === '/' ? '/index' : sitePath}.html`,
      ids: extractIds(html),
      links: extractLinks(html),
    })
  }
  const rewrite = await loadRewrite()
  const resolvePage = (pathname: string): PageIndex | undefined => {
    const direct = pages.get(pathname)
    if (direct) return direct
    const rewritten = rewrite(pathname)
    return rewritten ? pages.get(rewritten.replace(/\.html$/, '').replace(/\/index$/, '') || '/') : undefined
  }
  const isFile = (pathname: string) => {
    const candidate = path.join(outDir, pathname)
    return candidate.startsWith(outDir) && existsSync(candidate) && statSync(candidate).isFile()
  }
  const broken = findBrokenLinks([...pages.values()], { resolvePage, isFile })
  if (broken.length > 0) {
    console.error(`Broken links (${broken.length}):\n${formatBrokenLinks(broken)}`)
    process.exit(1)
  }
  console.log(
    `Links: ${[...pages.values()].reduce((n, p) => n + p.links.length, 0)} links on ${pages.size} pages, none broken.`,
  )

  // Last, so the policies hash the inline scripts of the pages exactly as they ship.
  const headers = writeHostHeaders(outDir, {
    siteUrl: siteConfig.siteUrl,
    connectOrigins: [siteConfig.platformApiUrl, siteConfig.feedbackUrl].map((url) => new URL(url).origin),
    rewrites: REFERENCE_REWRITE_RULES,
    framedPages: FRAMEABLE_PAGES,
  })
  console.log(
    `Host headers: ${headers.rules} rules in ${path.relative(process.cwd(), headers.file)} ` +
      `(largest policy ${headers.largestPolicy.length} characters, ${headers.largestPolicy.path}).`,
  )
  // Beside a bundled worker (the SQL to REST translator's), Turbopack also copies the worker's
  // TypeScript source and writes an empty source map; the page loads neither, so neither ships.
  for (const file of allFiles(path.join(outDir, '_next', 'static'))) {
    if (/\.worker\.[\w-]+\.ts$/.test(file) || file.endsWith('.js.map')) rmSync(file)
  }
  const hinted = addCompileHints(outDir)
  console.log(`Compile hints: ${hinted.chunks} startup scripts compiled as they stream in.`)
  // Before the content-type check below, which must see the index's files too.
  const indexed = await searchIndex
  if (indexed !== 0) {
    console.error(`The search index was not written (scripts/build-search-index.ts exited with ${indexed}).`)
    process.exit(1)
  }
  const untyped = allFiles(outDir).filter((file) => !contentTypeOf(file))
  if (untyped.length > 0) {
    console.error(
      `Files with no content type (add their extension to server/content-types.ts):\n` +
        untyped.map((file) => `  ${path.relative(outDir, file)}`).join('\n'),
    )
    process.exit(1)
  }
}

await main()
