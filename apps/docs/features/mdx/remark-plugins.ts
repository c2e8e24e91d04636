import GithubSlugger from 'github-slugger'
import { toString } from 'mdast-util-to-string'
import { visit } from 'unist-util-visit'
import type { Code, Heading, Root } from 'mdast'
import { parseCodeMeta } from '@/components/ui/code-meta'
import type { TocEntry } from '@/features/toc'

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
 * The key of a page's n-th runnable block (1-based), or undefined when the page's blocks do not
 * run. Guides pass one; the reference's written sections do not.
 */
export type RunKeyOf = (index: number) => string

/**
 * Replaces fenced code with the server `CodeBlock` component so that guides and references
 * share one highlighter and one block design. When `runKey` is given, a ```ts runnable``` block
 * gets its example's key and a name for its Run button: its title, or the heading above it.
 */
export function remarkCodeBlocks(runKey?: RunKeyOf) {
  return () => (tree: Root) => {
    let heading = ''
    let runnable = 0
    visit(tree, (node, index, parent) => {
      if (node.type === 'heading') {
        heading = toString(node)
        return
      }
      if (node.type !== 'code' || !parent || index === undefined) return
      const code = node as Code
      const meta = parseCodeMeta(code.meta)
      const runs = meta.runnable && (code.lang === 'ts' || code.lang === 'typescript')
      const name = meta.title ?? heading
      const attributes = [
        { type: 'mdxJsxAttribute', name: 'code', value: code.value },
        { type: 'mdxJsxAttribute', name: 'lang', value: code.lang ?? 'text' },
        ...(meta.title ? [{ type: 'mdxJsxAttribute', name: 'title', value: meta.title }] : []),
        ...(meta.lineRanges ? [{ type: 'mdxJsxAttribute', name: 'meta', value: meta.lineRanges }] : []),
        ...(runs && runKey
          ? [
              { type: 'mdxJsxAttribute', name: 'run', value: runKey(++runnable) },
              {
                type: 'mdxJsxAttribute',
                name: 'runLabel',
                value: name ? `Run example: ${name}` : 'Run example',
              },
            ]
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
