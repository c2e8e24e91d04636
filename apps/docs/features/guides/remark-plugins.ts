import GithubSlugger from 'github-slugger'
import { toString } from 'mdast-util-to-string'
import { visit } from 'unist-util-visit'
import type { Code, Heading, Root } from 'mdast'
import { parseCodeMeta } from '@/components/ui/code-meta'
import { guideExampleKey } from './run/guide-example'

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
 * share one highlighter and one block design. In a guide (`file` under `content/guides/`), a
 * ```ts runnable``` block gets its example's key (`run/guide-example.ts`) and a name for its Run
 * button: its title, or the heading above it.
 */
export function remarkCodeBlocks(file?: string) {
  const guide = file?.startsWith('content/guides/') ? file : undefined
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
      const runs = guide !== undefined && meta.runnable && (code.lang === 'ts' || code.lang === 'typescript')
      const name = meta.title ?? heading
      const attributes = [
        { type: 'mdxJsxAttribute', name: 'code', value: code.value },
        { type: 'mdxJsxAttribute', name: 'lang', value: code.lang ?? 'text' },
        ...(meta.title ? [{ type: 'mdxJsxAttribute', name: 'title', value: meta.title }] : []),
        ...(meta.lineRanges
          ? [{ type: 'mdxJsxAttribute', name: 'meta', value: meta.lineRanges }]
          : []),
        ...(runs
          ? [
              { type: 'mdxJsxAttribute', name: 'run', value: guideExampleKey(guide, ++runnable) },
              { type: 'mdxJsxAttribute', name: 'runLabel', value: name ? `Run example: ${name}` : 'Run example' },
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
