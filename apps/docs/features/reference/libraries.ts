/**
 * The references the site publishes: one long page per library version. Pure data and URL helpers
 * (no file system), so the static server and the host rules can use them too.
 */

export type ReferenceSpecKind = 'cli' | 'client-library' | 'openapi'

export interface ReferenceLibrary {
  /** Stable key used in code and tests. */
  key: string
  /** Route segments after `/reference`: `['javascript']`, `['javascript', 'v1']`. */
  segments: readonly string[]
  /** Name shown as the page title and in the menu header. */
  name: string
  specKind: ReferenceSpecKind
  /** Folder under the reference content root holding the spec and `sections.yaml`. */
  contentDir: string
  /** Spec file name inside `contentDir`. */
  specFile: string
  /** Version label when the library has several (`v2`); shown in the version banner. */
  versionLabel?: string
  /** Set on older versions: the key of the latest version of the same library. */
  latestKey?: string
  /**
   * Its examples with a data source run with the real client and get a Run button
   * (`features/reference/run`, compiled from this library's spec).
   */
  runsExamples?: true
}

export const REFERENCE_LIBRARIES: readonly ReferenceLibrary[] = [
  {
    key: 'cli',
    segments: ['cli'],
    name: 'CLI reference',
    specKind: 'cli',
    contentDir: 'cli',
    specFile: 'spec.yaml',
  },
  {
    key: 'javascript-v2',
    segments: ['javascript'],
    name: 'JavaScript client library',
    specKind: 'client-library',
    contentDir: 'javascript/v2',
    specFile: 'spec.yaml',
    versionLabel: 'v2',
    runsExamples: true,
  },
  {
    key: 'javascript-v1',
    segments: ['javascript', 'v1'],
    name: 'JavaScript client library v1',
    specKind: 'client-library',
    contentDir: 'javascript/v1',
    specFile: 'spec.yaml',
    versionLabel: 'v1',
    latestKey: 'javascript-v2',
  },
  {
    key: 'api',
    segments: ['api'],
    name: 'Management API reference',
    specKind: 'openapi',
    contentDir: 'api',
    specFile: 'openapi.json',
  },
]

/** Path segment that holds the per-section crawler pages under a library's base path. */
export const CRAWLER_SEGMENT = 'crawlers'

export function getLibrary(key: string, libraries = REFERENCE_LIBRARIES): ReferenceLibrary {
  const library = libraries.find((candidate) => candidate.key === key)
  if (!library) throw new Error(`Unknown reference library "${key}"`)
  return library
}

/**
 * Every version of a library, newest first: the latest and the older ones that name it
 * (`latestKey`). Empty for a library published in one version only.
 */
export function versionsOf(library: ReferenceLibrary, libraries = REFERENCE_LIBRARIES): ReferenceLibrary[] {
  const latest = library.latestKey ? getLibrary(library.latestKey, libraries) : library
  const older = libraries.filter((candidate) => candidate.latestKey === latest.key)
  return older.length === 0 ? [] : [latest, ...older]
}

/** The short name of a library's version (`v1`), or its name when it has none. */
export function versionLabel(library: ReferenceLibrary): string {
  return library.versionLabel ?? library.name
}

export function libraryBasePath(library: ReferenceLibrary): string {
  return `/reference/${library.segments.join('/')}`
}

/**
 * Segments that cannot be section slugs of a library: the crawler folder and the first segment of
 * any library nested under it (`v1` under `/reference/javascript`).
 */
export function reservedSegments(library: ReferenceLibrary, libraries = REFERENCE_LIBRARIES): string[] {
  const depth = library.segments.length
  const nested = libraries
    .filter(
      (other) =>
        other.segments.length > depth &&
        library.segments.every((segment, index) => other.segments[index] === segment),
    )
    .map((other) => other.segments[depth])
    .filter((segment): segment is string => segment !== undefined)
  return [CRAWLER_SEGMENT, ...new Set(nested)]
}

/** Canonical URL of a section: the long page's path plus the slug. */
export function sectionPath(library: ReferenceLibrary, slug: string): string {
  return `${libraryBasePath(library)}/${slug}`
}

export function crawlerPath(library: ReferenceLibrary, slug: string): string {
  return `${libraryBasePath(library)}/${CRAWLER_SEGMENT}/${slug}`
}

function trimPathname(pathname: string): string {
  const withoutQuery = pathname.split(/[?#]/)[0] ?? ''
  return withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery
}

/**
 * The slug a pathname asks for on a library's long page, or null when the pathname is the page
 * itself or not one of its section URLs. The slug is the last segment.
 */
export function slugFromPathname(
  library: ReferenceLibrary,
  pathname: string,
  libraries = REFERENCE_LIBRARIES,
): string | null {
  const base = libraryBasePath(library)
  const trimmed = trimPathname(pathname)
  if (!trimmed.startsWith(`${base}/`)) return null
  const rest = trimmed.slice(base.length + 1)
  if (rest === '' || rest.includes('/') || rest.includes('.')) return null
  let slug: string
  try {
    slug = decodeURIComponent(rest)
  } catch {
    return null
  }
  return reservedSegments(library, libraries).includes(slug) ? null : slug
}
