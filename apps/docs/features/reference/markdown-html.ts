/**
 * Markdown of spec fields (descriptions, notes, parameter docs) to HTML at build time. Spec text is
 * short and plentiful, so it goes through mdast -> hast -> HTML rather than an MDX compile per
 * field. Raw HTML in the Markdown is escaped, fenced code is highlighted into the page's sheet.
 */
import type { Element, ElementContent, Root as HastRoot } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { toHast } from 'mdast-util-to-hast'
import { gfm } from 'micromark-extension-gfm'
import { highlightCompact, type CodeStyleSheet } from './compact-code'

function textContent(node: ElementContent): string {
  if (node.type === 'text') return node.value
  if (node.type === 'element') return node.children.map(textContent).join('')
  return ''
}

function languageOf(code: Element): string | undefined {
  const classes = code.properties.className
  const list = Array.isArray(classes) ? classes : []
  const match = list.map(String).find((name) => name.startsWith('language-'))
  return match?.slice('language-'.length)
}

/** Replaces each `<pre><code>` with highlighted compact HTML (as a raw node). */
async function highlightBlocks(tree: HastRoot, sheet: CodeStyleSheet): Promise<void> {
  const jobs: Promise<void>[] = []
  const visit = (parent: HastRoot | Element) => {
    parent.children.forEach((child, index) => {
      if (child.type !== 'element') return
      const code = child.tagName === 'pre' ? child.children[0] : undefined
      if (code?.type === 'element' && code.tagName === 'code') {
        const source = textContent(code).replace(/\n$/, '')
        jobs.push(
          highlightCompact(source, languageOf(code), sheet).then((html) => {
            parent.children[index] = {
              type: 'element',
              tagName: 'figure',
              properties: { className: ['ref-code', 'code-body'] },
              children: [{ type: 'raw', value: html } as unknown as ElementContent],
            }
          }),
        )
        return
      }
      visit(child)
    })
  }
  visit(tree)
  await Promise.all(jobs)
}

export async function markdownToHtml(markdown: string, sheet: CodeStyleSheet): Promise<string> {
  const source = markdown.trim()
  if (source === '') return ''
  const mdast = fromMarkdown(source, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  })
  // allowDangerousHtml stays off here: raw HTML written in a spec is dropped, never injected.
  // It is on in toHtml only for the highlighted code this module inserts itself.
  const hast = toHast(mdast) as HastRoot
  await highlightBlocks(hast, sheet)
  return toHtml(hast, { allowDangerousHtml: true })
}

/** Markdown that is a single paragraph, without the `<p>` around it (for table cells, lists). */
export async function inlineMarkdownToHtml(markdown: string, sheet: CodeStyleSheet): Promise<string> {
  const html = await markdownToHtml(markdown, sheet)
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html)
  return single && !single[1]?.includes('<p>') ? (single[1] ?? '') : html
}
