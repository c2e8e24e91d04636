/**
 * `get_page`: a page's Markdown copy by URL or path, whole or one section of it. The address is
 * only ever compared with the list of pages the export has; it never becomes a file path.
 */
import GithubSlugger from 'github-slugger'
import { closest, echo, ToolAnswerError } from './tool-error'
import type { DocsSite } from './site'

export interface PageAddress {
  /** Site path without `.md`: `/guides/database/row-level-security`. */
  path: string
  /** The section's id, without `#`. */
  anchor?: string
}

/** Longest page URL or path a caller may give (the tool's schema and the page resource both). */
export const MAX_ADDRESS_LENGTH = 2048

/**
 * Reads a URL (`https://docs.example.com/guides/x#y`), a path (`/guides/x`, `guides/x.md`) or a
 * path with a section anchor. Refuses dot segments, backslashes and control characters: a
 * client that sends them is trying to leave the site.
 */
export function parsePageAddress(input: string): PageAddress {
  if (input.length > MAX_ADDRESS_LENGTH)
    throw new ToolAnswerError(`A page URL or path has at most ${MAX_ADDRESS_LENGTH} characters.`)
  const text = input.trim()
  if (text === '')
    throw new ToolAnswerError('Give a page URL or path, such as /guides/database/row-level-security.')
  let pathname: string
  let hash: string
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      throw new ToolAnswerError(`"${echo(text)}" is not a URL.`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ToolAnswerError('Only http and https URLs of the docs site name pages.')
    }
    pathname = url.pathname
    hash = url.hash
  } else {
    const [before, ...after] = text.split('#')
    pathname = before ?? ''
    hash = after.length > 0 ? `#${after.join('#')}` : ''
  }
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname.split('?')[0] ?? '')
  } catch {
    throw new ToolAnswerError(`"${echo(pathname)}" is not a valid path.`)
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\\\u0000-\u001f]/.test(decoded))
    throw new ToolAnswerError('Path traversal refused: the path has a backslash or a control character.')
  const segments = decoded.split('/').filter((segment) => segment !== '')
  if (segments.some((segment) => segment === '.' || segment === '..' || segment.startsWith('.'))) {
    throw new ToolAnswerError('Path traversal refused: only pages of the docs site can be read.')
  }
  const sitePath = `/${segments.join('/')}`.replace(/\.(md|html)$/, '')
  let anchor: string | undefined
  if (hash.length > 1) {
    try {
      anchor = decodeURIComponent(hash.slice(1))
    } catch {
      throw new ToolAnswerError(`"${echo(hash)}" is not a valid section anchor.`)
    }
  }
  return { path: sitePath, ...(anchor ? { anchor } : {}) }
}

interface Heading {
  line: number
  level: number
  id: string
  title: string
}

/** The page's headings with the ids the site gives them (GitHub's slugs, in page order). */
export function headingsOf(markdown: string): Heading[] {
  const slugger = new GithubSlugger()
  const headings: Heading[] = []
  let fence: string | undefined
  markdown.split('\n').forEach((line, index) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)
    if (opening?.[1]) {
      if (fence === undefined) fence = opening[1][0]
      else if (opening[1][0] === fence) fence = undefined
      return
    }
    if (fence !== undefined) return
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line)
    if (!heading?.[1] || !heading[2]) return
    const title = heading[2].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '')
    headings.push({ line: index, level: heading[1].length, id: slugger.slug(title), title })
  })
  return headings
}

/** The section under the heading with this id, down to the next heading of its level or above. */
export function sectionOf(markdown: string, anchor: string): { title: string; markdown: string } | undefined {
  const headings = headingsOf(markdown)
  const index = headings.findIndex((heading) => heading.id === anchor.toLowerCase())
  const start = headings[index]
  if (!start) return undefined
  const end = headings.slice(index + 1).find((heading) => heading.level <= start.level)
  const lines = markdown.split('\n')
  return {
    title: start.title,
    markdown: `${lines
      .slice(start.line, end?.line ?? lines.length)
      .join('\n')
      .trimEnd()}\n`,
  }
}

export interface PageAnswer {
  url: string
  path: string
  title: string
  section?: string
  markdown: string
}

export async function getPage(site: DocsSite, input: string): Promise<PageAnswer> {
  const address = parsePageAddress(input)
  if (!site.pagePaths.has(address.path)) {
    const near = closest(address.path, [...site.pagePaths], 5)
    throw new ToolAnswerError(
      `No page at ${echo(address.path)}. Closest pages: ${near.join(', ')}. Use search_docs to find a page, or read llms.txt for the list.`,
    )
  }
  const markdown = await site.pageMarkdown(address.path)
  const title = headingsOf(markdown).find((heading) => heading.level === 1)?.title ?? address.path
  const url = `${site.siteUrl}${address.path}`
  if (!address.anchor) return { url, path: address.path, title, markdown }
  const section = sectionOf(markdown, address.anchor)
  if (!section) {
    const ids = headingsOf(markdown)
      .filter((heading) => heading.level > 1)
      .map((heading) => `#${heading.id}`)
    throw new ToolAnswerError(
      `${address.path} has no section #${echo(address.anchor)}. Its sections: ${ids.join(', ') || 'none'}.`,
    )
  }
  return {
    url: `${url}#${address.anchor}`,
    path: address.path,
    title,
    section: section.title,
    markdown: section.markdown,
  }
}
