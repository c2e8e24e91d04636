import { describe, expect, it } from 'vitest'
import {
  EDITOR_LINE_HEIGHT,
  EDITOR_FONT_SIZE_PX,
  EDITOR_MAX_HEIGHT_PX,
  EDITOR_MIN_HEIGHT_PX,
  MAX_EDITOR_LINES,
  MIN_EDITOR_LINES,
  sizerText,
} from './editor-size'

describe('editor bounds', () => {
  it('hold a few lines at least and stop well short of a laptop screen', () => {
    const line = EDITOR_FONT_SIZE_PX * EDITOR_LINE_HEIGHT
    expect(MIN_EDITOR_LINES).toBeGreaterThanOrEqual(3)
    expect(EDITOR_MIN_HEIGHT_PX).toBeGreaterThanOrEqual(MIN_EDITOR_LINES * line)
    expect(EDITOR_MAX_HEIGHT_PX).toBeGreaterThanOrEqual(MAX_EDITOR_LINES * line)
    // At most the old fixed box (384px): the output must stay in view on a 900px-high screen.
    expect(EDITOR_MAX_HEIGHT_PX).toBeLessThanOrEqual(384)
  })
})

describe('sizerText', () => {
  it('keeps a final empty line, which a layout would otherwise collapse', () => {
    expect(sizerText('select 1\n')).toBe('select 1\n\u200b')
    expect(sizerText('')).toBe('\u200b')
  })
  it('leaves other text as it is', () => {
    expect(sizerText('select 1\nfrom t')).toBe('select 1\nfrom t')
  })
})
