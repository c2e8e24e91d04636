/**
 * Reference pages hold hundreds of code samples, so their highlighted HTML is made compact: each
 * token's inline colour style (`--shiki-light:...;--shiki-dark:...`) becomes a short class shared
 * through one style sheet per page, tokens in the default colour lose their span, and neighbouring
 * tokens of the same colour merge. The colours and the light/dark switch stay exactly as Shiki
 * made them. Anything not shaped like Shiki's output is returned unchanged.
 */
import { highlightCode } from '@/lib/highlight'

/** Collects the colour classes one page uses; `css()` is the page's style sheet for them. */
export class CodeStyleSheet {
  private readonly classes = new Map<string, string>()

  constructor(private readonly prefix = 'h') {}

  classFor(style: string): string {
    const key = normalizeStyle(style)
    let name = this.classes.get(key)
    if (!name) {
      name = `${this.prefix}${this.classes.size.toString(36)}`
      this.classes.set(key, name)
    }
    return name
  }

  get size(): number {
    return this.classes.size
  }

  css(): string {
    return [...this.classes].map(([style, name]) => `.${name}{${style}}`).join('')
  }
}

function normalizeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim().toLowerCase())
    .filter(Boolean)
    .join(';')
}

const PRE = /^<pre class="([^"]*)" style="([^"]*)"( tabindex="0")?><code>([\s\S]*)<\/code><\/pre>$/
const LINE = /^<span class="line">([\s\S]*)<\/span>$/
// A token is a styled span, an unstyled span (plain-text grammars), or bare text.
const TOKEN = /<span(?: style="([^"]*)")?>([^<]*)<\/span>|([^<]+)/y

/** The foreground pair of the `<pre>`: tokens in this colour need no span of their own. */
function foreground(preStyle: string): string {
  return normalizeStyle(
    preStyle
      .split(';')
      .filter((declaration) => /^\s*--shiki-(light|dark)\s*:/i.test(declaration))
      .join(';'),
  )
}

export function compactShikiHtml(html: string, sheet: CodeStyleSheet): string {
  const pre = PRE.exec(html.trim())
  if (!pre) return html
  const [, preClass = '', preStyle = '', tabindex = '', body = ''] = pre
  const defaultColour = foreground(preStyle)
  const lines: string[] = []
  for (const line of body.split('\n')) {
    const inner = LINE.exec(line)
    if (!inner) return html
    const content = inner[1] ?? ''
    let out = ''
    let openClass: string | null = null
    TOKEN.lastIndex = 0
    while (TOKEN.lastIndex < content.length) {
      const token = TOKEN.exec(content)
      if (!token) return html
      const [, style, styledText, plainText] = token
      const text = styledText ?? plainText ?? ''
      const colour = style === undefined ? defaultColour : normalizeStyle(style)
      const className = colour === defaultColour ? null : sheet.classFor(colour)
      if (className !== openClass) {
        if (openClass) out += '</span>'
        // Class names are [a-z0-9]: no quotes needed, and quotes are costly in the page payload.
        if (className) out += `<span class=${className}>`
        openClass = className
      }
      out += text
    }
    if (openClass) out += '</span>'
    lines.push(out)
  }
  const themeClass = preClass.split(/\s+/).includes('shiki') ? 'shiki' : preClass
  return `<pre class="${themeClass} ${sheet.classFor(preStyle)}"${tabindex}><code>${lines.join('\n')}</code></pre>`
}

/** Highlights with the site's highlighter, then compacts the HTML into the page's style sheet. */
export async function highlightCompact(
  code: string,
  lang: string | undefined,
  sheet: CodeStyleSheet,
): Promise<string> {
  return compactShikiHtml(await highlightCode(code, lang), sheet)
}
