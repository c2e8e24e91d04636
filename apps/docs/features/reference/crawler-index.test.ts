import { describe, expect, it } from 'vitest'
import { CRAWLER_CATEGORY_INDEX_LIMIT, CRAWLER_FULL_INDEX_LIMIT, crawlerIndex } from './crawler-index'
import type { ReferenceCategory, ReferenceSectionNode } from './section-tree'

function categories(count: number, perCategory: number): ReferenceCategory[] {
  return Array.from({ length: count }, (_, c) => ({
    title: `Category ${c}`,
    sections: Array.from({ length: perCategory }, (_, s): ReferenceSectionNode => {
      const id = `c${c}-s${s}`
      return {
        id,
        slug: id,
        title: id,
        kind: 'function',
        target: id,
        category: `Category ${c}`,
        depth: 0,
        children: [],
      }
    }),
  }))
}

const count = (list: ReferenceCategory[]) => list.reduce((n, c) => n + c.sections.length, 0)

describe('crawlerIndex', () => {
  it('lists every section of a library of ordinary size', () => {
    const all = categories(5, 20)
    expect(crawlerIndex(all, 'Category 2', 100)).toBe(all)
  })

  it("lists a large library by its own category and the other categories' first sections", () => {
    const all = categories(20, 50)
    expect(20 * 50).toBeGreaterThan(CRAWLER_FULL_INDEX_LIMIT)
    const index = crawlerIndex(all, 'Category 7', 1000)
    expect(count(index)).toBe(50 + 19)
    expect(index[7]?.sections).toHaveLength(50)
    expect(index[8]?.sections.map((s) => s.slug)).toEqual(['c8-s0'])
  })

  it('keeps pages of a huge library constant in size: only the neighbouring categories', () => {
    const all = categories(100, 50)
    expect(all.length).toBeGreaterThan(CRAWLER_CATEGORY_INDEX_LIMIT)
    const middle = crawlerIndex(all, 'Category 7', 5000)
    expect(middle.map((c) => c.title)).toEqual(['Category 6', 'Category 7', 'Category 8'])
    expect(count(middle)).toBe(52)
    const first = crawlerIndex(all, 'Category 0', 5000)
    expect(first.map((c) => c.title)).toEqual(['Category 0', 'Category 1'])
  })
})
