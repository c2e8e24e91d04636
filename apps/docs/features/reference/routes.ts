/**
 * The static routes under /reference: one long page per library version and one crawler page per
 * section. `app/reference/[...path]` hands its segments here.
 */
import type { Metadata } from 'next'
import {
  CRAWLER_SEGMENT,
  REFERENCE_LIBRARIES,
  getLibrary,
  libraryBasePath,
  sectionPath,
  versionLabel,
  versionsOf,
  type ReferenceLibrary,
} from './libraries'
import { loadReference } from './load-reference'
import { counterpartsBetween, type OtherVersion } from './versions'

export type ReferenceRoute =
  { type: 'page'; library: ReferenceLibrary } | { type: 'crawler'; library: ReferenceLibrary; slug: string }

/** Matches route segments to a library page or a crawler page (deepest library first). */
export function matchReferenceRoute(
  segments: readonly string[],
  libraries: readonly ReferenceLibrary[] = REFERENCE_LIBRARIES,
): ReferenceRoute | null {
  const candidates = [...libraries].sort((a, b) => b.segments.length - a.segments.length)
  for (const library of candidates) {
    const depth = library.segments.length
    if (!library.segments.every((segment, index) => segments[index] === segment)) continue
    const rest = segments.slice(depth)
    if (rest.length === 0) return { type: 'page', library }
    if (rest.length === 2 && rest[0] === CRAWLER_SEGMENT && rest[1]) {
      return { type: 'crawler', library, slug: rest[1] }
    }
  }
  return null
}

export async function listReferenceRouteParams(): Promise<{ path: string[] }[]> {
  const crawlerPages: { path: string[] }[] = []
  for (const library of REFERENCE_LIBRARIES) {
    const reference = await loadReference(library.key)
    for (const section of reference.sections) {
      crawlerPages.push({ path: [...library.segments, CRAWLER_SEGMENT, section.slug] })
    }
  }
  // The long pages last. Next gives each build worker one run of this list, in order, after the
  // guides; the long pages, the heaviest of the reference, then share the last worker with the
  // crawler pages instead of joining the guides in the first.
  return [...crawlerPages, ...REFERENCE_LIBRARIES.map((library) => ({ path: [...library.segments] }))]
}

export async function referenceRouteMetadata(route: ReferenceRoute): Promise<Metadata> {
  const reference = await loadReference(route.library.key)
  const { library } = route
  if (route.type === 'page') {
    const description =
      reference.description?.split('\n')[0]?.trim() || `${library.name}: every section on one page.`
    return {
      title: library.name,
      description,
      alternates: { canonical: libraryBasePath(library) },
    }
  }
  const section = reference.tree.bySlug.get(route.slug)
  if (!section) return {}
  return {
    title: `${section.title} | ${library.name}`,
    description: `${section.title} in the ${library.name}.`,
    alternates: { canonical: sectionPath(library, section.slug) },
  }
}

export function latestOf(library: ReferenceLibrary): ReferenceLibrary | undefined {
  return library.latestKey ? getLibrary(library.latestKey) : undefined
}

/** The library's other versions, each with the sections it shares with this one. */
export async function otherVersions(library: ReferenceLibrary): Promise<OtherVersion[]> {
  const versions = versionsOf(library)
  const [latest] = versions
  if (!latest) return []
  const sectionsOf = async (version: ReferenceLibrary) => ({
    key: version.key,
    sections: (await loadReference(version.key)).sections,
  })
  const [from, latestSections] = await Promise.all([sectionsOf(library), sectionsOf(latest)])
  return Promise.all(
    versions
      .filter((version) => version.key !== library.key)
      .map(async (version) => ({
        key: version.key,
        label: versionLabel(version),
        basePath: libraryBasePath(version),
        counterparts: counterpartsBetween(from, await sectionsOf(version), latestSections),
      })),
  )
}
