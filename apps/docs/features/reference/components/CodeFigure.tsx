import { REF_ATTR, dataAttr } from '../dom-contract'
import type { PreparedCode } from '../prepare-sections'

/**
 * A highlighted sample (HTML made at build time), as one string: a long page holds hundreds, and
 * every element costs twice (HTML and page payload). Its name (caption or language) is its
 * accessible label, which the style sheet also shows as the figure's bar; the page script puts the
 * Copy button in that bar, so code never runs under it, and the code is not shipped a second time
 * for copying (the button copies the first `<pre>`'s text).
 */
export function CodeFigure({
  code,
  output,
  run,
}: {
  code: PreparedCode
  output?: PreparedCode
  /** The key of a runnable example: the page script puts a Run button beside Copy. */
  run?: string
}) {
  const html = output ? code.html + preWithClass(output.html, 'ref-output') : code.html
  return (
    <figure
      className="ref-code code-body"
      aria-label={code.label}
      {...(run === undefined ? {} : dataAttr(REF_ATTR.run, run))}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

/** Marks a command's output, shown under it in the same figure (and never copied with it). */
function preWithClass(html: string, className: string): string {
  return html.replace(/^<pre class="/, `<pre class="${className} `)
}

const PLAIN_PARAGRAPH = /^<p>([^<>&]*)<\/p>$/

/**
 * Build-time HTML from spec Markdown. Most spec text is one plain paragraph: that is rendered as
 * text, which costs far less in the page's payload than an HTML string.
 */
export function MarkdownHtml({
  html,
  className = 'ref-md',
  inline = false,
}: {
  html: string
  className?: string
  /** Inside a table cell or a summary: a span, and never a block. */
  inline?: boolean
}) {
  if (html === '') return null
  const Tag = inline ? 'span' : 'div'
  const plain = PLAIN_PARAGRAPH.exec(html)?.[1]
  if (plain !== undefined) return <Tag className={className}>{inline ? plain : <p>{plain}</p>}</Tag>
  if (!/[<&]/.test(html)) return <Tag className={className}>{html}</Tag>
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />
}

/** A short mark (Optional, Required, Inherited); `<small>` keeps the markup light. */
export function Badge({
  children,
  tone = 'muted',
}: {
  children: string
  tone?: 'muted' | 'warn' | 'accent'
}) {
  // No className prop at all when muted: even an undefined prop costs bytes in the page payload.
  return tone === 'muted' ? <small>{children}</small> : <small className={`ref-${tone}`}>{children}</small>
}
