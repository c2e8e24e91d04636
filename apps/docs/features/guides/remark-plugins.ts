import GithubSlugger from 'github-slugger'
import { toString } from 'mdast-util-to-string'
import { visit } from 'unist-util-visit'
import type { Code, Heading, Root } from 'mdast'
import { parseCodeMeta } from '@/components/ui/code-meta'

export interface TocEntry {
  id: string
  title: string
  depth: 2 | 3
}

/** Gives every h2-h4 a stable id and records h2/h3 for the "On this page" list. */
export function remarkHeadingIds(toc: TocEntry[]) {
  return () => (tree: Root) => {
    const slugger = new GithubSlugger()
    visit(tree, 'heading', (node: Heading) => {
      if (node.depth < 2 || node.depth > 4) return
      const title = toString(node)
      const id = slugger.slug(title)
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
      if (node.depth <= 3) toc.push({ id, title, depth: node.depth as 2 | 3 })
    })
  }
}

/**
 * Replaces fenced code with the server `CodeBlock` component so that guides and references
 * share one highlighter and one block design.
 */
export function remarkCodeBlocks() {
  return (tree: Root) => {
    visit(tree, 'code', (node: Code, index, parent) => {
      if (!parent || index === undefined) return
      const meta = parseCodeMeta(node.meta)
      const attributes = [
        { type: 'mdxJsxAttribute', name: 'code', value: node.value },
        { type: 'mdxJsxAttribute', name: 'lang', value: node.lang ?? 'text' },
        ...(meta.title ? [{ type: 'mdxJsxAttribute', name: 'title', value: meta.title }] : []),
        ...(meta.lineRanges
          ? [{ type: 'mdxJsxAttribute', name: 'meta', value: meta.lineRanges }]
          : []),
      ]
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'CodeBlock',
        attributes,
        children: [],
      } as unknown as Code
    })
  }
}
