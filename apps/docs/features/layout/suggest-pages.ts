export interface PageLink {
  title: string
  href: string
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1)
}

/** The path as the reader typed it; a malformed escape (`%E0%A4%A`) is kept as written. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/** Ranks pages by how many words of the missing path appear in their URL or title. */
export function suggestPages(missingPath: string, pages: readonly PageLink[], limit = 5): PageLink[] {
  const wanted = new Set(words(decodePath(missingPath).replace(/^\/(guides|reference)\//, '')))
  if (wanted.size === 0) return []
  return pages
    .map((page) => {
      const have = new Set([...words(page.href), ...words(page.title)])
      let score = 0
      for (const word of wanted) if (have.has(word)) score += 1
      return { page, score }
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.page.title.localeCompare(b.page.title))
    .slice(0, limit)
    .map(({ page }) => page)
}
