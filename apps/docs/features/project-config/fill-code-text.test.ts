// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fillCodeText } from './fill-code-text'
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
})
