import { findActiveIndex } from '@/lib/active-section'

/** The links of the "On this page" lists (TableOfContents marks its list with `data-toc`). */
export const TOC_LINKS = 'nav[data-toc] a[href^="#"]'

/**
 * Index of the heading "in view": the last one whose top has scrolled above the offset line, the
 * first before any has, and the last at the very bottom of the page, since it may never reach the
 * line. -1 on a page without headings.
 */
export function activeHeadingIndex(
  count: number,
  topOf: (index: number) => number,
  { offset, atBottom }: { offset: number; atBottom: boolean },
): number {
  if (count === 0) return -1
  if (atBottom) return count - 1
  return Math.max(0, findActiveIndex(count, topOf, offset))
}
