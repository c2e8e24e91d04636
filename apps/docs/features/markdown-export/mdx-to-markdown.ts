/**
 * Turns a guide's MDX into plain Markdown for people and tools: components become Markdown that
 * says the same thing (see component-markdown.ts), code fences keep their language and file name
 * but lose the hidden preamble and checker flags, and site links become absolute URLs.
 */
import type { Code, Link, Image, Definition, Nodes, Parents, Root, RootContent } from 'mdast'
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import { unified } from 'unified'
import { parseCodeMeta, splitPreamble } from '@/components/ui/code-meta'
import { markdownFor, type ComponentContext } from './component-markdown'

export class MarkdownExportError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly line?: number,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${message}`)
    this.name = 'MarkdownExportError'
  }
}

export interface MdxToMarkdownOptions {
  /** Source file, relative to apps/docs, named in errors. */
  file: string
  /** Site path of the page (`/guides/auth`), to resolve relative links and `#anchors`. */
  pageHref: string
  /** Origin the absolute links point to. */
  siteUrl: string
}

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm)
// Tables are not padded to align their pipes: wide tables would double in size.
const printer = unified().use(remarkGfm, { tablePipeAlign: false }).use(remarkStringify, {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
})

/** Parses MDX (no front matter) into an mdast tree with the MDX nodes in it. */
export function parseMdx(source: string, file: string): Root {
  try {
    return parser.runSync(parser.parse(source)) as Root
  } catch (error) {
    const err = error as Error & { line?: number }
    throw new MarkdownExportError(file, `MDX does not parse: ${err.message}`, err.line)
  }
}

export function stringifyMarkdown(tree: Root): string {
  return printer.stringify(tree)
}

/** A JSX attribute as a string; expressions are refused with a clear message. */
export function jsxAttribute(node: JsxElement, name: string, file: string): string | undefined {
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || attribute.name !== name) continue
    if (attribute.value === null || attribute.value === undefined) return 'true'
    if (typeof attribute.value === 'string') return attribute.value
    const literal = stringLiteral(attribute.value.value)
    if (literal !== undefined) return literal
    throw new MarkdownExportError(
      file,
      `<${node.name}> attribute ${name}={${attribute.value.value}}: only string values can be exported to Markdown`,
      node.position?.start.line,
    )
  }
  return undefined
}

/** `'text'`, `"text"` or a template without placeholders, else undefined. */
function stringLiteral(expression: string): string | undefined {
  const trimmed = expression.trim()
  const match = /^(['"`])([\s\S]*)\1$/.exec(trimmed)
  if (!match || match[2] === undefined) return undefined
  if (match[1] === '`' && match[2].includes('${')) return undefined
  return match[2].replace(/\\(['"`\\])/g, '$1')
}

const COMMENT_ONLY = /^\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n?\s*)*$/

function resolveUrl(url: string, options: MdxToMarkdownOptions): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url
  try {
    return new URL(url, `${options.siteUrl}${options.pageHref}`).href
  } catch {
    return url
  }
}

/** Code fences keep language and file name; the preamble and checker flags are for the build. */
function cleanCode(node: Code): Code {
  const meta = parseCodeMeta(node.meta)
  const { visible } = splitPreamble(node.value)
  return {
    type: 'code',
    lang: node.lang ?? null,
    meta: meta.title ? `title="${meta.title}"` : null,
    value: visible.replace(/\s+$/, ''),
  }
}

function isJsx(node: Nodes): node is JsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement'
}

/** Transforms a list of nodes; each may become zero, one or several Markdown nodes. */
function transformChildren(children: readonly Nodes[], options: MdxToMarkdownOptions): RootContent[] {
  return children.flatMap((child) => transformNode(child, options))
}

function transformNode(node: Nodes, options: MdxToMarkdownOptions): RootContent[] {
  const { file } = options
  switch (node.type) {
    case 'mdxjsEsm':
      return []
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      if (COMMENT_ONLY.test(node.value)) return []
      const literal = stringLiteral(node.value)
      if (literal !== undefined) return [{ type: 'text', value: literal }]
      throw new MarkdownExportError(
        file,
        `the expression {${node.value.trim()}} cannot be exported to Markdown; write it as text`,
        node.position?.start.line,
      )
    }
    case 'code':
      return [cleanCode(node)]
    case 'link':
    case 'image':
    case 'definition': {
      const copy = { ...node, url: resolveUrl(node.url, options) } as Link | Image | Definition
      if ('children' in copy) {
        ;(copy as Link).children = transformChildren(copy.children, options) as Link['children']
      }
      return [copy]
    }
    default:
      break
  }
  if (isJsx(node)) return transformJsx(node, options)
  if ('children' in node) {
    const parent = { ...node } as Parents
    parent.children = transformChildren(parent.children, options) as typeof parent.children
    return [parent as RootContent]
  }
  return [node as RootContent]
}

function transformJsx(node: JsxElement, options: MdxToMarkdownOptions): RootContent[] {
  const { file } = options
  const name = node.name
  // Fragments and plain HTML elements (<kbd>, <span>) keep only their content.
  if (name === null || /^[a-z]/.test(name)) {
    if (name === 'br') return [{ type: 'break' }]
    return transformChildren(node.children, options)
  }
  const render = markdownFor(name)
  if (!render) {
    throw new MarkdownExportError(
      file,
      `<${name}> has no Markdown rendering: add one to features/markdown-export/component-markdown.ts`,
      node.position?.start.line,
    )
  }
  const context: ComponentContext = {
    file,
    pageUrl: `${options.siteUrl}${options.pageHref}`,
    attribute: (element, attributeName) => jsxAttribute(element, attributeName, file),
    children: (element) => transformChildren(element.children, options),
    fail: (element, message) =>
      new MarkdownExportError(file, `<${element.name}>: ${message}`, element.position?.start.line),
    resolveUrl: (url) => resolveUrl(url, options),
  }
  return render(node, context)
}

/** The Markdown of an MDX body (no front matter). Throws `MarkdownExportError` naming the file. */
export function mdxToMarkdown(source: string, options: MdxToMarkdownOptions): string {
  const tree = parseMdx(source, options.file)
  const root: Root = { type: 'root', children: transformChildren(tree.children, options) }
  try {
    return stringifyMarkdown(root).trim()
  } catch (error) {
    throw new MarkdownExportError(options.file, `cannot print Markdown: ${(error as Error).message}`)
  }
}
