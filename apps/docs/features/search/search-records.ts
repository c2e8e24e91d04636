/**
 * What the search index holds: every guide, and every reference section through its small
 * crawler page, recorded under the section's canonical URL with its title and category from the
 * reference's section model. The long reference pages are not indexed: they hold the same
 * sections again.
 */
import {
  crawlerPath,
  REFERENCE_LIBRARIES,
  sectionPath,
  type ReferenceLibrary,
  type SectionModel,
} from '@/features/reference'
import { ALIAS_SEPARATOR } from '@docs/site-search'
import type { Guide } from '@/features/guides'
import { locateInNav, type NavSection } from '@/features/navigation'

export interface SearchRecord {
  /** The exported HTML file, relative to the export folder: `reference/cli/crawlers/x.html`. */
  file: string
  /** The URL results link to. */
  url: string
  /** Shown as the result's heading. */
  title: string
  /** Where the page sits, shown above the title: `Guides › Auth`, `CLI reference`. */
  area: string
  /** Guides link results to the matching heading; reference sections to the section itself. */
  kind: 'guide' | 'reference'
  /** An older library version: the dialog ranks it below the current one (see rank-hits.ts). */
  olderVersion?: boolean
  /**
   * A guide's place in the sidebar, which names it as much as its title (the "Presence" guide of
   * "Realtime"): its section, and the sections of the guides under its path when it introduces
   * them ("Social login" introduces "Social login providers"). Used for ranking, never shown.
   */
  place?: string
  /** A guide's other names (`searchNames` in its front matter), which rank as its title. */
  aliases?: string
}

export function htmlFileFor(sitePath: string): string {
  return `${sitePath.replace(/^\//, '')}.html`
}

/** The sidebar sections a guide sits in or introduces (sections of the guides under its path). */
export function placeOf(href: string, nav: readonly NavSection[]): string[] {
  const own = locateInNav(href, nav)?.section.title
  const introduced = nav
    .filter((section) => section.title !== own)
    .filter((section) => section.items.some((item) => item.href.startsWith(`${href}/`)))
    .map((section) => section.title)
  return [...(own ? [own] : []), ...introduced]
}

export function guideRecords(guides: readonly Guide[], nav: readonly NavSection[]): SearchRecord[] {
  return guides
    .filter((guide) => guide.slug.length > 0)
    .map((guide) => {
      const section = locateInNav(guide.href, nav)?.section.title
      const place = placeOf(guide.href, nav)
      return {
        file: htmlFileFor(guide.href),
        url: guide.href,
        title: guide.frontMatter.title,
        area: section ? `Guides › ${section}` : 'Guides',
        kind: 'guide' as const,
        ...(place.length > 0 ? { place: place.join(' › ') } : {}),
        ...(guide.frontMatter.searchNames
          ? { aliases: guide.frontMatter.searchNames.join(ALIAS_SEPARATOR) }
          : {}),
      }
    })
}

export function referenceRecords(
  library: ReferenceLibrary,
  sections: readonly Pick<SectionModel, 'slug' | 'title' | 'category'>[],
): SearchRecord[] {
  return sections.map((section) => ({
    file: htmlFileFor(crawlerPath(library, section.slug)),
    url: sectionPath(library, section.slug),
    title: section.title,
    area: `${library.name} › ${section.category}`,
    kind: 'reference' as const,
    ...(library.latestKey ? { olderVersion: true } : {}),
  }))
}

/** Every record of the site, from the guides on disk and the loaded references. */
export async function listSearchRecords(
  guides: readonly Guide[],
  nav: readonly NavSection[],
  loadSections: (library: ReferenceLibrary) => Promise<readonly SectionModel[]>,
  libraries: readonly ReferenceLibrary[] = REFERENCE_LIBRARIES,
): Promise<SearchRecord[]> {
  const records = guideRecords(guides, nav)
  for (const library of libraries) records.push(...referenceRecords(library, await loadSections(library)))
  return records
}
