import { highlightCode, languageLabel } from '@/lib/highlight'
import type { ReactNode } from 'react'
import { Island } from './Island'
import { CopyButton } from './CopyButton.client'
import { splitPreamble } from './code-meta'

export interface CodeBlockProps {
  code: string
  lang?: string
  title?: string
  /** Shiki meta, e.g. `{1,3-4}` to highlight lines. */
  meta?: string
  /**
   * A control placed in the bar after Copy (a guide example's Run button, at the bar's end as in
   * the reference).
   */
  action?: ReactNode
}

/**
 * A highlighted code block, rendered on the server; only the copy button is client code.
 *
 * Lines never wrap: a long one scrolls sideways inside the block, with a shadow at the edge that
 * has more. The Copy button never lies over code: it sits in the block's bar (the title, or the
 * language when there is none), and beside the line in a one-line block without a title.
 */
export async function CodeBlock({ code, lang, title, meta, action }: CodeBlockProps) {
  const { visible } = splitPreamble(code)
  const text = visible.replace(/\n+$/, '')
  const language = languageLabel(lang)
  const html = await highlightCode(text, lang, { meta })
  const bar = title ? 'title' : text.includes('\n') || action ? 'language' : 'none'
  return (
    <figure className="code-block not-prose" data-lang={lang ?? 'text'} data-bar={bar}>
      {title ? <figcaption className="code-label">{title}</figcaption> : null}
      {bar === 'language' && language ? <div className="code-label">{language}</div> : null}
      <div className="code-copy">
        <Island
          name="CopyButton"
          component={CopyButton}
          props={{ text, label: title ? `Copy ${title}` : 'Copy code' }}
        />
        {action}
      </div>
      <div className="code-body" dangerouslySetInnerHTML={{ __html: html }} />
    </figure>
  )
}
