/**
 * Which sections a mistyped slug most likely meant: the ones whose slug or title is the fewest
 * edits away, where a slug that contains the typed word (or is contained in it) counts as close.
 * Pure, so it is unit tested.
 */

export interface SectionName {
  slug: string
  title: string
}

/** Levenshtein distance, two rows of memory. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** A distance where 0 is the same; relative to length, so long names are not unfairly far. */
function score(typed: string, section: SectionName): number {
  const candidates = [normalise(section.slug), normalise(section.title)]
  let best = Number.POSITIVE_INFINITY
  for (const candidate of candidates) {
    if (!candidate) continue
    let distance = editDistance(typed, candidate) / Math.max(typed.length, candidate.length)
    if (candidate.includes(typed) || typed.includes(candidate)) distance = Math.min(distance, 0.2)
    best = Math.min(best, distance)
  }
  return best
}

/** Up to `limit` sections close enough to `typed` to suggest, best first. */
export function closestSections(typed: string, sections: readonly SectionName[], limit = 3): SectionName[] {
  const word = normalise(typed)
  if (!word) return []
  return sections
    .map((section) => ({ section, distance: score(word, section) }))
    .filter(({ distance }) => distance <= 0.5)
    .sort((a, b) => a.distance - b.distance || a.section.slug.length - b.section.slug.length)
    .slice(0, limit)
    .map(({ section }) => section)
}
