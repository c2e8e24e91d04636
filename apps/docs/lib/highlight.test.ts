import { describe, expect, it } from 'vitest'
import { highlightCode, indentColumns } from './highlight'

describe('indentColumns', () => {
  it('counts leading spaces, and tabs to the next stop of four', () => {
    expect(indentColumns('const a = 1')).toBe(0)
    expect(indentColumns('    return a')).toBe(4)
    expect(indentColumns('\treturn a')).toBe(4)
    expect(indentColumns('  \treturn a')).toBe(4)
    expect(indentColumns('')).toBe(0)
  })
})

describe('highlightCode with line indents', () => {
  const code = 'if (a) {\n  if (b) {\n    go()\n  }\n}'

  it('writes each indented line’s indent for the hanging wrap', async () => {
    const html = await highlightCode(code, 'ts', { lineIndents: true })
    const lines = html.match(/<span class="line"[^>]*>/g) ?? []
    expect(lines).toEqual([
      '<span class="line">',
      '<span class="line" style="--indent:2">',
      '<span class="line" style="--indent:4">',
      '<span class="line" style="--indent:2">',
      '<span class="line">',
    ])
  })

  it('keeps a highlighted line’s class and adds the indent', async () => {
    const html = await highlightCode(code, 'ts', { lineIndents: true, meta: '{3}' })
    expect(html).toContain('<span class="line highlighted" style="--indent:4">')
  })

  it('writes nothing without the option', async () => {
    expect(await highlightCode(code, 'ts')).not.toContain('--indent')
  })
})
