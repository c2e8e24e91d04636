import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import type { Code, Root } from 'mdast'
import { parseCodeMeta } from '@/components/ui/code-meta'
import type { CodeSample } from './samples'

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm)

/** Every fenced code block of an MDX file, in page order, with its line in the file. */
export function extractFromMdx(file: string, source: string): CodeSample[] {
  // Front matter is not Markdown: blank it out but keep its lines, so positions stay true.
  const body = source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, (block) => block.replace(/[^\n]/g, ''))
  const tree = parser.parse(body) as Root
  const samples: CodeSample[] = []
  visit(tree, 'code', (node: Code) => {
    const meta = parseCodeMeta(node.meta)
    samples.push({
      file,
      // The fence is on the start line; the code begins on the next one.
      line: (node.position?.start.line ?? 0) + 1,
      lang: node.lang ?? 'text',
      code: node.value,
      title: meta.title,
      fragment: meta.fragment,
      runnable: meta.runnable,
      group: file,
    })
  })
  return samples
}
