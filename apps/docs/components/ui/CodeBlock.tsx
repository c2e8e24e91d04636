import { highlightCode } from '@/lib/highlight'
import { CopyButton } from './CopyButton.client'
import { isShortCode, splitPreamble } from './code-meta'

export interface CodeBlockProps {
  code: string
  lang?: string
  title?: string
  /** Shiki meta, e.g. `{1,3-4}` to highlight lines. */
  meta?: string
}

/** A highlighted code block, rendered on the server; only the copy button is client code. */
export async function CodeBlock({ code, lang, title, meta }: CodeBlockProps) {
  const { visible } = splitPreamble(code)
  const text = visible.replace(/\n+$/, '')
  const short = isShortCode(text)
  const html = await highlightCode(text, lang, { meta, lineIndents: !short })
  return (
    <figure
      className="code-block not-prose group relative my-5 overflow-hidden rounded-lg border border-[var(--border)] bg-[var(--code-bg)]"
      data-short={short ? 'true' : 'false'}
      data-lang={lang ?? 'text'}
    >
      {title ? (
        <figcaption className="border-b border-[var(--border)] px-4 py-2 font-mono text-xs text-[var(--muted)]">
          {title}
        </figcaption>
      ) : null}
      <div className="absolute top-2 right-2 z-10">
        <CopyButton text={text} label={title ? `Copy ${title}` : 'Copy code'} />
      </div>
      <div
        className={`code-body overflow-x-auto text-[13px] leading-6 ${short ? 'whitespace-pre' : 'code-wrap'}`}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </figure>
  )
}
