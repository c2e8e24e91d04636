function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * A highlighted sample (HTML made at build time), as one string: a long page holds hundreds, and
 * every element costs twice (HTML and page payload). The copy button is added by the page script
 * (it copies the `<pre>` text), so the code is not shipped a second time either.
 */
export function CodeFigure({ html, caption }: { html: string; caption?: string }) {
  const captionHtml = caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''
  return (
    <figure
      className="ref-code code-body"
      data-copy-label={caption ? `Copy ${caption}` : undefined}
      dangerouslySetInnerHTML={{ __html: captionHtml + html }}
    />
  )
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
