/**
 * Versions of one library (supabase-js v2 and v1): which section of one version is the same
 * section in another, and where the version switch sends a reader. Pure, so the page script can
 * use it; the server computes the maps (`routes.ts`) and the page script only looks slugs up.
 *
 * A section keeps its slug across versions unless the older version's function names its
 * replacement (`latest_id`, the id of the latest version's function): `auth-sign-in` in v1 is
 * `auth-sign-in-with-password` in v2.
 */
import type { ReferenceSection } from './load-reference'

/** Slug in one version -> slug of the same section in another; a slug missing here has none. */
export type Counterparts = Readonly<Record<string, string>>

/** Another version of the library, as the page script needs it to point the switch at it. */
export interface OtherVersion {
  key: string
  /** `v2` */
  label: string
  basePath: string
  /** From the page's version to this one. */
  counterparts: Counterparts
}

export interface VersionSections {
  key: string
  sections: readonly ReferenceSection[]
}

/** Query parameter a switch to another version's top carries: the version the reader came from. */
export const SWITCHED_FROM_PARAM = 'from'
/** Set on the document, before the layout paints, to the version named by `SWITCHED_FROM_PARAM`. */
export const SWITCHED_FROM_ATTRIBUTE = 'data-ref-switched-from'

/** Every older slug that the latest version has, under its own slug or its replacement's. */
export function olderToLatest(
  older: readonly ReferenceSection[],
  latest: readonly ReferenceSection[],
): Record<string, string> {
  const latestSlugs = new Set(latest.map((section) => section.slug))
  const slugByFunction = new Map(
    latest.flatMap((section) =>
      section.content.kind === 'function' ? [[section.content.fn.id, section.slug] as const] : [],
    ),
  )
  const map: Record<string, string> = {}
  for (const section of older) {
    const latestId = section.content.kind === 'function' ? section.content.fn.latest_id : undefined
    const replacement = latestId === undefined ? undefined : slugByFunction.get(latestId)
    if (replacement !== undefined) map[section.slug] = replacement
    else if (latestSlugs.has(section.slug)) map[section.slug] = section.slug
  }
  return map
}

/**
 * The other way: a latest slug goes to the older section of the same slug, else to the first
 * older section (page order) that it replaced (v2's `auth-get-user` replaced both `auth-user` and
 * `auth-api-get-user` of v1).
 */
export function latestToOlder(
  older: readonly ReferenceSection[],
  latest: readonly ReferenceSection[],
): Record<string, string> {
  const map: Record<string, string> = {}
  for (const [olderSlug, latestSlug] of Object.entries(olderToLatest(older, latest))) {
    if (map[latestSlug] === undefined || olderSlug === latestSlug) map[latestSlug] = olderSlug
  }
  return map
}

/** The counterparts from one version to another, through the latest version when both are older. */
export function counterpartsBetween(
  from: VersionSections,
  to: VersionSections,
  latest: VersionSections,
): Record<string, string> {
  if (to.key === latest.key) return olderToLatest(from.sections, latest.sections)
  if (from.key === latest.key) return latestToOlder(to.sections, latest.sections)
  const up = olderToLatest(from.sections, latest.sections)
  const down = latestToOlder(to.sections, latest.sections)
  const map: Record<string, string> = {}
  for (const [slug, latestSlug] of Object.entries(up)) {
    const target = down[latestSlug]
    if (target !== undefined) map[slug] = target
  }
  return map
}

export interface VersionTarget {
  href: string
  /** `section`: the same section there; `top`: the other version has no such section. */
  lands: 'section' | 'top'
}

/**
 * Where the switch to another version goes from `slug` (null: the page's top): the same section
 * there, else its top, carrying the version the reader came from so that page can say why.
 */
export function versionTarget(
  basePath: string,
  counterparts: Counterparts,
  slug: string | null,
  fromLabel: string,
): VersionTarget {
  if (slug === null) return { href: basePath, lands: 'section' }
  const target = Object.hasOwn(counterparts, slug) ? counterparts[slug] : undefined
  return target !== undefined
    ? { href: `${basePath}/${target}`, lands: 'section' }
    : { href: `${basePath}?${SWITCHED_FROM_PARAM}=${encodeURIComponent(fromLabel)}`, lands: 'top' }
}

/**
 * Inline, before the layout: marks the document with the version a switch came from, so the note
 * saying that the section is not in this version shows from the first paint (no layout shift).
 * Only a short label is taken; CSS matches it against the page's own notes, never shows it.
 */
export const switchedFromScript = `(function(){try{var m=/[?&]${SWITCHED_FROM_PARAM}=([A-Za-z0-9._-]{1,20})(?:&|$)/.exec(location.search);if(m)document.documentElement.setAttribute('${SWITCHED_FROM_ATTRIBUTE}',m[1])}catch(e){}})()`
