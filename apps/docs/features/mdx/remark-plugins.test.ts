import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { describe, expect, it } from 'vitest'
import { remarkCodeBlocks } from './remark-plugins'

async function runLabels(markdown: string): Promise<unknown[]> {
  const tree = unified().use(remarkParse).use(remarkMdx).parse(markdown)
  await unified()
    .use(remarkCodeBlocks((index) => `page/${index}`))
    .run(tree)
  const labels: unknown[] = []
  visit(tree, 'mdxJsxFlowElement', (node: MdxJsxFlowElement) => {
    labels.push(...node.attributes.filter((a) => 'name' in a && a.name === 'runLabel').map((a) => a.value))
  })
  return labels
}

const block = (meta: string, code: string) => `\`\`\`ts ${meta}\n${code}\n\`\`\``

describe('remarkCodeBlocks', () => {
  it('names a Run button by the block title, else by the heading above it', async () => {
    const labels = await runLabels(
      [
        '## One filter',
        block('runnable', "await supabase.from('t').select()"),
        block('title="list.ts" runnable', "await supabase.from('t').select()"),
      ].join('\n\n'),
    )
    expect(labels).toEqual(['Run example: One filter', 'Run example: list.ts'])
  })

  it('adds the first client call where titles repeat, so no two buttons share a name', async () => {
    const labels = await runLabels(
      [
        '## Auth',
        block(
          'title="v2" runnable',
          "declare const supabase: import('@supabase/supabase-js').SupabaseClient\n// ---cut---\nconst { data } = await supabase.auth.getSession()",
        ),
        block(
          'title="v2" runnable',
          "await supabase.auth.signUp({ email: 'a@example.com', password: 'pw' })",
        ),
        block('title="v3" runnable', 'await supabase.auth.admin.listUsers()'),
      ].join('\n\n'),
    )
    expect(labels).toEqual([
      'Run example: v2, auth.getSession',
      'Run example: v2, auth.signUp',
      'Run example: v3',
    ])
  })

  it('numbers blocks whose calls do not tell them apart', async () => {
    const select = "await supabase.from('t').select()"
    const labels = await runLabels(
      [
        block('runnable', select),
        block('runnable', select),
        '## Filter',
        block('runnable', select),
        block('runnable', select),
      ].join('\n\n'),
    )
    expect(labels).toEqual([
      'Run example: 1 of 2',
      'Run example: 2 of 2',
      'Run example: Filter (1 of 2)',
      'Run example: Filter (2 of 2)',
    ])
  })
})
