/**
 * Writes the Markdown side of the site into the export: `<page>.md` next to every guide and every
 * reference section, `/llms.txt`, and one complete file per area under `/llms/`. Runs after
 * `next build` (scripts/postbuild.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { listGuides, type Guide } from '@/features/guides'
import { guidesNav, type NavSection } from '@/features/navigation'
import {
  PART_LABELS,
  REFERENCE_LIBRARIES,
  loadReferenceModel,
  sectionPath,
  type ReferenceLibrary,
} from '@/features/reference'
import { guideToMarkdown } from './guide-markdown'
import {
  areaFilePath,
  markdownPath,
  renderAreaFile,
  renderLlmsIndex,
  type MarkdownArea,
  type MarkdownPage,
} from './llms-txt'
import {
  referenceIntroMarkdown,
  referenceSectionToMarkdown,
  sharedResponsesMarkdown,
  sharedResponsesPath,
} from './reference-markdown'

export interface SiteIdentity {
  name: string
  tagline: string
  siteUrl: string
}

/** Guides in sidebar order, grouped by sidebar section; guides missing from the sidebar come last. */
export function guideGroups(
  guides: readonly Guide[],
  nav: readonly NavSection[],
  toPage: (guide: Guide) => MarkdownPage,
): MarkdownArea['groups'] {
  const byHref = new Map(guides.map((guide) => [guide.href, guide]))
  const listed = new Set<string>()
  const groups = nav.map((section) => ({
    title: section.title,
    pages: section.items.flatMap((item) => {
      const guide = byHref.get(item.href)
      if (!guide || listed.has(guide.href)) return []
      listed.add(guide.href)
      return [toPage(guide)]
    }),
  }))
  const rest = guides.filter((guide) => !listed.has(guide.href))
  if (rest.length > 0) groups.push({ title: 'More guides', pages: rest.map(toPage) })
  return groups
}

/** `cli`, `javascript`, `javascript-v1`, `api`: the area file's name. */
export function referenceAreaKey(library: ReferenceLibrary): string {
  return library.segments.join('-')
}

export async function referenceArea(library: ReferenceLibrary, siteUrl: string): Promise<MarkdownArea> {
  const model = await loadReferenceModel(library.key)
  const groups = new Map<string, MarkdownPage[]>()
  for (const section of model.sections) {
    const pages = groups.get(section.category) ?? []
    pages.push({
      href: sectionPath(library, section.slug),
      title: section.title,
      summary: section.summary,
      markdown: referenceSectionToMarkdown(section, library, { siteUrl }),
    })
    groups.set(section.category, pages)
  }
  // Described once, after every operation that refers to them.
  if (model.sharedResponses.length > 0) {
    groups.set(PART_LABELS.sharedResponses, [
      {
        href: sharedResponsesPath(library),
        title: PART_LABELS.sharedResponses,
        summary: `${model.sharedResponses.map((response) => response.label).join(', ')}.`,
        markdown: sharedResponsesMarkdown(model.sharedResponses, { siteUrl }),
      },
    ])
  }
  const descriptions: Record<ReferenceLibrary['specKind'], string> = {
    cli: 'every command of the command-line tool with its flags and examples',
    'client-library': `every function of the client library${library.versionLabel ? ` ${library.versionLabel}` : ''} with its parameters and examples`,
    openapi: 'every endpoint of the Management API with its parameters, request body and responses',
  }
  return {
    key: referenceAreaKey(library),
    title: library.name,
    description: descriptions[library.specKind],
    intro: referenceIntroMarkdown(model, { siteUrl }),
    groups: [...groups].map(([title, pages]) => ({ title, pages })),
    optional: library.latestKey !== undefined,
  }
}

export async function collectMarkdownAreas(siteUrl: string): Promise<MarkdownArea[]> {
  const guides = guideGroups(listGuides(), guidesNav, (guide) => ({
    href: guide.href,
    title: guide.frontMatter.title,
    summary: guide.frontMatter.description,
    markdown: guideToMarkdown(guide, siteUrl),
  }))
  const areas: MarkdownArea[] = [
    {
      key: 'guides',
      title: 'Guides',
      description: 'every guide, from the first project to production',
      groups: guides,
    },
  ]
  for (const library of REFERENCE_LIBRARIES) areas.push(await referenceArea(library, siteUrl))
  return areas
}

function write(outDir: string, sitePath: string, content: string): void {
  const file = path.join(outDir, ...sitePath.split('/').filter(Boolean))
  if (!file.startsWith(outDir + path.sep))
    throw new Error(`Refusing to write outside the export: ${sitePath}`)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, content)
}

export interface MarkdownExportSummary {
  pages: number
  areaFiles: string[]
}

export async function writeMarkdownExport(
  outDir: string,
  site: SiteIdentity,
): Promise<MarkdownExportSummary> {
  const areas = await collectMarkdownAreas(site.siteUrl)
  let pages = 0
  for (const area of areas) {
    for (const page of area.groups.flatMap((group) => group.pages)) {
      write(outDir, markdownPath(page.href), page.markdown)
      pages += 1
    }
    write(outDir, areaFilePath(area), renderAreaFile(area, site.siteUrl))
  }
  write(outDir, '/llms.txt', renderLlmsIndex(site, areas))
  return { pages, areaFiles: areas.map(areaFilePath) }
}
