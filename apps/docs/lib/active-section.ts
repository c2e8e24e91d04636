/**
 * Which section of a page the reader is at, for the scroll spies of the guides' table of contents
 * and the reference's menu. No DOM access here: callers pass how to read a section's top.
 */

/**
 * Index of the active section: the last one whose top is at or above `offset` (px from the top of
 * the viewport). Tops are in page order, so this is a binary search: O(log n) reads of layout per
 * frame even on a page with thousands of sections. -1 when the first section is still below.
 */
export function findActiveIndex(count: number, topOf: (index: number) => number, offset: number): number {
  let low = 0
  let high = count - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (topOf(middle) <= offset) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}
