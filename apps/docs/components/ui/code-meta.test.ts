import { describe, expect, it } from 'vitest'
import { parseCodeMeta, splitPreamble } from './code-meta'

describe('parseCodeMeta', () => {
  it('reads the title, line ranges and flags', () => {
    expect(parseCodeMeta('title="app/page.tsx" {1,3-4} fragment')).toEqual({
      title: 'app/page.tsx',
      lineRanges: '{1,3-4}',
      fragment: true,
      runnable: false,
    })
    expect(parseCodeMeta("filename='a b.sql' runnable")).toMatchObject({ title: 'a b.sql', runnable: true })
    expect(parseCodeMeta(undefined)).toEqual({
      title: undefined,
      lineRanges: undefined,
      fragment: false,
      runnable: false,
    })
  })
})

describe('splitPreamble', () => {
  it('hides everything above the cut marker', () => {
    const { preamble, visible } = splitPreamble('declare const x: number\n// ---cut---\nconsole.log(x)\n')
    expect(preamble).toBe('declare const x: number\n')
    expect(visible).toBe('console.log(x)\n')
  })
  it('leaves code without a marker alone', () => {
    expect(splitPreamble('a\nb')).toEqual({ preamble: '', visible: 'a\nb' })
  })
})
