// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fillCodeText, filledCopyText } from './fill-code-text'
import { fillPlaceholders } from './project-values'

// The shape Shiki gives a `.env` block: one span per line, the value in one token.
const BLOCK = [
  '<pre><code>',
  '<span class="line"><span style="--shiki-light:#0550AE">URL</span><span style="--shiki-light:#A0111F">=</span><span style="--shiki-light:#0E1116">https://&#x3C;project-ref>.basebox.co</span></span>',
  '\n',
  '<span class="line"><span style="--shiki-light:#0550AE">KEY</span><span style="--shiki-light:#A0111F">=</span><span style="--shiki-light:#0E1116">&#x3C;your-anon-key></span></span>',
  '</code></pre>',
].join('')
const VALUES = { url: 'https://abcdefghijklmnopqrst.basebox.co', anonKey: 'eyJhbGciOi.payload.signature' }

describe('fillCodeText', () => {
  it('fills the values in place, keeping the tokens and their colours, and puts the placeholders back', () => {
    const code = document.createElement('div')
    code.innerHTML = BLOCK
    const written = code.textContent!
    const tokens = code.querySelectorAll('span[style]').length
    const restore = fillCodeText(code, VALUES)
    expect(code.textContent).toBe(fillPlaceholders(written, VALUES))
    expect(code.textContent).toContain('KEY=eyJhbGciOi.payload.signature')
    expect(code.querySelectorAll('span[style]').length).toBe(tokens)
    restore()
    expect(code.textContent).toBe(written)
  })

  it('changes nothing when the reader has no value for a placeholder', () => {
    const code = document.createElement('div')
    code.innerHTML = BLOCK
    const written = code.textContent
    fillCodeText(code, {})
    expect(code.textContent).toBe(written)
  })

  it('drops the comment that asks to fill in the values once both are filled, and puts it back', () => {
    const code = document.createElement('div')
    const comment =
      '<span class="line"><span style="--shiki-light:#6E7781"># Copy this file to .env.local and fill in both values.</span></span>\n'
    code.innerHTML = BLOCK.replace('<pre><code>', `<pre><code>${comment}`)
    const written = code.textContent!
    const restore = fillCodeText(code, VALUES)
    expect(code.textContent).not.toContain('fill in')
    expect(code.textContent!.startsWith('URL=https://abcdefghijklmnopqrst.basebox.co')).toBe(true)
    expect(code.querySelectorAll('.line')).toHaveLength(2)
    expect(filledCopyText(written, VALUES)).toBe(code.textContent)
    restore()
    expect(code.textContent).toBe(written)
  })

  it('keeps the comment while a placeholder is still unfilled', () => {
    const written = '# Fill in both values.\nURL=https://<project-ref>.basebox.co\nKEY=<your-anon-key>'
    expect(filledCopyText(written, { url: VALUES.url })).toContain('# Fill in both values.')
    const code = document.createElement('div')
    code.innerHTML = `<pre><code><span class="line"># Fill in both values.</span>\n${BLOCK.slice('<pre><code>'.length)}`
    fillCodeText(code, { url: VALUES.url })
    expect(code.textContent).toContain('# Fill in both values.')
  })
})
