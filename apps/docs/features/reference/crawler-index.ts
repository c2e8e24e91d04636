import type { ReferenceCategory } from './section-tree'

/** Up to this many sections, every crawler page lists every section of its library. */
export const CRAWLER_FULL_INDEX_LIMIT = 400
/** Up to this many categories, a large library's crawler pages link every category. */
export const CRAWLER_CATEGORY_INDEX_LIMIT = 40

/**
 * The list of sections on a crawler page. Listing everything on every page makes the export grow
 * with the square of the spec, so a large library lists the page's own category in full and the
 * other categories by their first section; with very many categories, only the neighbouring
 * ones, which still chains every page to every other.
 */
export function crawlerIndex(
  categories: ReferenceCategory[],
  currentCategory: string,
  total: number,
): ReferenceCategory[] {
  if (total <= CRAWLER_FULL_INDEX_LIMIT) return categories
  const current = categories.findIndex((category) => category.title === currentCategory)
  const chainOnly = categories.length > CRAWLER_CATEGORY_INDEX_LIMIT
  return categories.flatMap((category, index) => {
    if (index === current) return [category]
    if (chainOnly && Math.abs(index - current) !== 1) return []
    const first = category.sections[0]
    return first ? [{ ...category, sections: [{ ...first, children: [] }] }] : []
  })
}
