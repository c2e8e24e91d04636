/** One heading of a page's "On this page" list: h2 and h3 only. */
export interface TocEntry {
  id: string
  title: string
  depth: 2 | 3
}
