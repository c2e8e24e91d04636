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

/** The first client call a block makes (`auth.getSession` for `supabase.auth.getSession()`). */
function firstCall(code: string): string | undefined {
  return /\bsupabase((?:\.\w+)+)\s*\(/.exec(code.split('// ---cut---').at(-1) ?? code)?.[1]?.slice(1)
}

/**
 * Replaces fenced code with the server `CodeBlock` component so that guides and references
 * share one highlighter and one block design. When `runKey` is given, a ```ts runnable``` block
 * gets its example's key and a name for its Run button: its title, or the heading above it.
 * Run buttons of one page never share a name (`uniqueRunLabels`).
 */
export function remarkCodeBlocks(runKey?: RunKeyOf) {
  return () => (tree: Root) => {
    let heading = ''
    const blocks: { code: Code; index: number; parent: { children: unknown[] }; name: string }[] = []
    visit(tree, (node, index, parent) => {
      if (node.type === 'heading') {
        heading = toString(node)
        return
      }
      if (node.type !== 'code' || !parent || index === undefined) return
      const code = node as Code
      blocks.push({ code, index, parent, name: parseCodeMeta(code.meta).title ?? heading })
    })
    const runLabels = uniqueRunLabels(blocks.filter(({ code }) => runKey && isRunnable(code)))
    let runnable = 0
    for (const { code, index, parent } of blocks) {
      const meta = parseCodeMeta(code.meta)
      const label = runLabels.get(code)
      const attributes = [
        { type: 'mdxJsxAttribute', name: 'code', value: code.value },
        { type: 'mdxJsxAttribute', name: 'lang', value: code.lang ?? 'text' },
        ...(meta.title ? [{ type: 'mdxJsxAttribute', name: 'title', value: meta.title }] : []),
        ...(meta.lineRanges ? [{ type: 'mdxJsxAttribute', name: 'meta', value: meta.lineRanges }] : []),
        ...(isRunnable(code) && runKey
          ? [
              { type: 'mdxJsxAttribute', name: 'run', value: runKey(++runnable) },
              {
                type: 'mdxJsxAttribute',
                name: 'runLabel',
                value: label ? `Run example: ${label}` : 'Run example',
              },
            ]
          : []),
      ]
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'CodeBlock',
        attributes,
        children: [],
      }
    }
  }
}

/**
 * Run button names that tell a page's blocks apart: where several share a title or heading, each
 * adds its first client call (`v2, auth.signUp`) when those differ, else its place (`2 of 3`).
 */
function uniqueRunLabels(runnable: { code: Code; name: string }[]): Map<Code, string> {
  const labels = new Map<Code, string>()
  const byName = new Map<string, Code[]>()
  for (const { code, name } of runnable) byName.set(name, [...(byName.get(name) ?? []), code])
  for (const [name, codes] of byName) {
    const calls = codes.map((code) => firstCall(code.value))
    const callsTellApart = calls.every(Boolean) && new Set(calls).size === calls.length
    codes.forEach((code, at) => {
      const place = `${at + 1} of ${codes.length}`
      let label = name
      if (codes.length > 1 && callsTellApart) label = name ? `${name}, ${calls[at]}` : calls[at]!
      else if (codes.length > 1) label = name ? `${name} (${place})` : place
      labels.set(code, label)
    })
  }
  return labels
}

function isRunnable(code: Code): boolean {
  return parseCodeMeta(code.meta).runnable === true && (code.lang === 'ts' || code.lang === 'typescript')
}
