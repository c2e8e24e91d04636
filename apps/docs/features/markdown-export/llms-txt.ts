/**
 * llms.txt (https://llmstxt.org): a Markdown index of the site at its root, linking every page's
 * Markdown version, plus one complete file per area under /llms/.
 */

export interface MarkdownPage {
  /** Site path of the HTML page: `/guides/auth`. */
  href: string
  title: string
  /** One line for the index. */
  summary?: string
  markdown: string
}

export interface MarkdownArea {
  /** File name under /llms/, without extension: `guides`, `cli`. */
  key: string
  title: string
  /** What the area covers, one sentence. */
  description: string
  /** Markdown placed at the top of the complete file (the library's introduction). */
  intro?: string
  /** Groups of pages as listed in the index (sidebar sections, reference categories). */
  groups: { title?: string; pages: MarkdownPage[] }[]
  /** Listed under "Optional" in the index: an older version, useful only on request. */
  optional?: boolean
}

export function markdownPath(href: string): string {
  return `${href}.md`
}

export function areaFilePath(area: Pick<MarkdownArea, 'key'>): string {
  return `/llms/${area.key}.txt`
}

function indexLine(page: MarkdownPage, siteUrl: string): string {
  const summary = page.summary ? `: ${page.summary}` : ''
  return `- [${page.title}](${siteUrl}${markdownPath(page.href)})${summary}`
}

export function renderLlmsIndex(
  site: { name: string; tagline: string; siteUrl: string },
  areas: readonly MarkdownArea[],
): string {
  const { siteUrl } = site
  const main = areas.filter((area) => !area.optional)
  const optional = areas.filter((area) => area.optional)
  const lines = [
    `# ${site.name}`,
    '',
    `> ${site.tagline}`,
    '',
    'Every page below is Markdown: the HTML page is at the same URL without `.md`. Each area is also',
    'available as one complete file:',
    '',
    ...main.map((area) => `- [${area.title}](${siteUrl}${areaFilePath(area)}): ${area.description}`),
  ]
  for (const area of main) {
    for (const group of area.groups) {
      if (group.pages.length === 0) continue
      lines.push('', `## ${group.title ? `${area.title}: ${group.title}` : area.title}`, '')
      lines.push(...group.pages.map((page) => indexLine(page, siteUrl)))
    }
  }
  if (optional.length > 0) {
    lines.push('', '## Optional', '')
    lines.push(
      ...optional.map((area) => `- [${area.title}](${siteUrl}${areaFilePath(area)}): ${area.description}`),
    )
  }
  return `${lines.join('\n')}\n`
}

/** Every page of the area in index order, each followed by its source URL. */
export function renderAreaFile(area: MarkdownArea, siteUrl: string): string {
  const pages = area.groups.flatMap((group) => group.pages)
  const blocks = [
    ...(area.intro ? [area.intro.trim()] : [`# ${area.title}\n\n${area.description}`]),
    ...pages.map((page) => `${page.markdown.trim()}\n\nSource: ${siteUrl}${page.href}`),
  ]
  return `${blocks.join('\n\n---\n\n')}\n`
}
