import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import type { Code, Root } from 'mdast'
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx'
import { parseCodeMeta } from '@/components/ui/code-meta'
import type { CodeSample } from './samples'

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm)

/** Reads a repository file that an `<ExampleFile path="...">` shows. */
export type ReadExampleFile = (repoPath: string) => string

function stringAttribute(node: MdxJsxFlowElement, name: string): string | undefined {
  const attribute = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name)
  return typeof attribute?.value === 'string' ? attribute.value : undefined
}

/**
 * Every code sample of an MDX file, in page order: fenced code blocks with their line in the
 * file, and the repository files `<ExampleFile>` shows (named by their own path, line 1), which
 * the page's other samples may import under the title the page gives them.
 */
export function extractFromMdx(
  file: string,
  source: string,
  readExampleFile?: ReadExampleFile,
): CodeSample[] {
  // Front matter is not Markdown: blank it out but keep its lines, so positions stay true.
  const body = source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, (block) => block.replace(/[^\n]/g, ''))
  const tree = parser.parse(body) as Root
  const samples: CodeSample[] = []
  visit(tree, (node) => {
    if (node.type === 'code') {
      const code = node as Code
      const meta = parseCodeMeta(code.meta)
      samples.push({
        file,
        // The fence is on the start line; the code begins on the next one.
        line: (code.position?.start.line ?? 0) + 1,
        lang: code.lang ?? 'text',
        code: code.value,
        title: meta.title,
        fragment: meta.fragment,
        runnable: meta.runnable,
        group: file,
      })
      return
    }
    if (
      node.type !== 'mdxJsxFlowElement' ||
      (node as MdxJsxFlowElement).name !== 'ExampleFile' ||
      !readExampleFile
    )
      return
    const element = node as MdxJsxFlowElement
    const examplePath = stringAttribute(element, 'path')
    if (!examplePath) return
    samples.push({
      file: examplePath,
      line: 1,
      // The same defaults as the component: the extension, the last three path segments.
      lang: stringAttribute(element, 'lang') ?? examplePath.split('.').pop() ?? 'text',
      code: readExampleFile(examplePath),
      title: stringAttribute(element, 'title') ?? examplePath.split('/').slice(-3).join('/'),
      fragment: false,
      runnable: false,
      group: file,
    })
  })
  return samples
}
