/**
 * Runs after `next build`: writes the static islands into the pages; checks every internal link of
 * the export and fails the build, naming the source file and the link, when a page or heading does
 * not exist; writes the host rules (`_redirects`, `_headers`), the Markdown copies and the search
 * index, and marks the startup scripts for eager compiling.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { addCompileHints } from '@/features/compile-hints/compile-hints'
import { listGuides } from '@/features/guides/guides'
import {
  extractIds,
  extractLinks,
  findBrokenLinks,
  formatBrokenLinks,
  type PageIndex,
} from '@/features/link-check/check-links'
import { writeMarkdownExport } from '@/features/markdown-export/write-markdown-export'
import { writeReferenceData } from '@/features/assistants/write-reference-data'
import { indexSite } from '@/features/search/index-site'
import { writeHostHeaders } from '@/features/hosting/host-headers'
import { REFERENCE_REWRITE_RULES, writeReferenceHostRules } from '@/features/reference'
import { fillExportIslands } from '@/features/static-islands/static-islands'
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

async function main() {
  if (!existsSync(outDir)) throw new Error(`No export in ${outDir}`)
  // First: every later step reads the pages as they ship.
  const islands = fillExportIslands(
    exportHtmlFiles(outDir).map((file) => ({ file, name: path.relative(process.cwd(), file) })),
  )
  console.log(`Static islands: ${islands.islands} filled in on ${islands.pages} pages.`)
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
  const search = await indexSite(outDir)
  console.log(
    `Search: ${search.pages} pages indexed (${search.words} words) into ${path.relative(process.cwd(), search.outputPath)}.`,
  )

  // Last, so the policies hash the inline scripts of the pages exactly as they ship.
  const headers = writeHostHeaders(outDir, {
    connectOrigins: [siteConfig.platformApiUrl, siteConfig.feedbackUrl].map((url) => new URL(url).origin),
    rewrites: REFERENCE_REWRITE_RULES,
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
