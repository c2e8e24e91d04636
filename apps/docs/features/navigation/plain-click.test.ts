import { describe, expect, it } from 'vitest'
import { isPlainClick } from './plain-click'

describe('isPlainClick', () => {
  const plain = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: null,
    hasDownload: false,
  }

  it('takes plain left clicks on same-tab links only', () => {
    expect(isPlainClick(plain)).toBe(true)
    expect(isPlainClick({ ...plain, target: '_self' })).toBe(true)
    expect(isPlainClick({ ...plain, metaKey: true })).toBe(false)
    expect(isPlainClick({ ...plain, ctrlKey: true })).toBe(false)
    expect(isPlainClick({ ...plain, shiftKey: true })).toBe(false)
    expect(isPlainClick({ ...plain, button: 1 })).toBe(false)
    expect(isPlainClick({ ...plain, target: '_blank' })).toBe(false)
    expect(isPlainClick({ ...plain, hasDownload: true })).toBe(false)
    expect(isPlainClick({ ...plain, defaultPrevented: true })).toBe(false)
  })
})
