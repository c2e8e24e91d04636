import { describe, expect, it } from 'vitest'
import { highlightCode } from '@/lib/highlight'
import { CodeStyleSheet, compactShikiHtml } from './compact-code'

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x3C;/g, '<')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&#x26;/g, '&')
}

describe('compactShikiHtml', () => {
  it('keeps the text and colours while shrinking the markup', async () => {
    const code = `const { data, error } = await supabase\n  .from('countries')\n  .select('id, name')\n  .lt('id', 10) // a < b && c`
    const full = await highlightCode(code, 'ts')
    const sheet = new CodeStyleSheet()
    const compact = compactShikiHtml(full, sheet)
    expect(textOf(compact)).toBe(textOf(full))
    expect(compact.length).toBeLessThan(full.length / 2)
    expect(compact).not.toContain('style=')
    // Every colour pair of the original is a class in the sheet.
    const pairs = new Set([...full.matchAll(/style="([^"]*)"/g)].map((m) => (m[1] ?? '').toLowerCase()))
    const css = sheet.css()
    for (const pair of pairs) {
      for (const declaration of pair.split(';')) expect(css).toContain(declaration)
    }
  })

  it('shares classes between blocks of one page', async () => {
    const sheet = new CodeStyleSheet()
    const first = compactShikiHtml(await highlightCode('const a = 1', 'ts'), sheet)
    const size = sheet.size
    const second = compactShikiHtml(await highlightCode('const b = 2', 'ts'), sheet)
    expect(sheet.size).toBe(size)
    expect(second).toBe(first.replace('> a<', '> b<').replace('> 1<', '> 2<'))
  })

  it('merges neighbouring tokens of one colour and unwraps default-colour text', () => {
    const sheet = new CodeStyleSheet()
    const html =
      '<pre class="shiki shiki-themes a b" style="--shiki-light:#111;--shiki-dark:#eee" tabindex="0"><code>' +
      '<span class="line"><span style="--shiki-light:#A00;--shiki-dark:#F00">const</span><span style="--shiki-light:#a00;--shiki-dark:#f00"> await</span><span style="--shiki-light:#111;--shiki-dark:#EEE"> x</span></span>\n' +
      '<span class="line"></span></code></pre>'
    expect(compactShikiHtml(html, sheet)).toBe(
      '<pre class="shiki h1" tabindex="0"><code><span class=h0>const await</span> x\n</code></pre>',
    )
    expect(sheet.css()).toBe(
      '.h0{--shiki-light:#a00;--shiki-dark:#f00}.h1{--shiki-light:#111;--shiki-dark:#eee}',
    )
  })

  it('returns markup it does not recognise unchanged', () => {
    const sheet = new CodeStyleSheet()
    const odd = '<pre class="shiki" style="--shiki-light:#111"><code><b>x</b></code></pre>'
    expect(compactShikiHtml(odd, sheet)).toBe(odd)
    expect(compactShikiHtml('<div>no code</div>', sheet)).toBe('<div>no code</div>')
  })
})

describe('compactShikiHtml on plain text', () => {
  it('unwraps the unstyled spans of the text grammar and keeps every line', async () => {
    const output = 'Connecting to remote database...\n  Applying migration 1.sql\nFinished.'
    const sheet = new CodeStyleSheet()
    const compact = compactShikiHtml(await highlightCode(output, 'text'), sheet)
    expect(compact).not.toContain('<span')
    expect(textOf(compact)).toBe(output)
  })
})
