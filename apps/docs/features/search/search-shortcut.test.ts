// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { isSearchShortcut } from './SearchButton.client'

const key = (init: Partial<KeyboardEvent> & { key: string }, target: EventTarget | null = document.body) => ({
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  target,
  ...init,
})

describe('isSearchShortcut', () => {
  it('opens on Cmd+K, Ctrl+K and a bare slash', () => {
    expect(isSearchShortcut(key({ key: 'k', metaKey: true }))).toBe(true)
    expect(isSearchShortcut(key({ key: 'K', ctrlKey: true }))).toBe(true)
    expect(isSearchShortcut(key({ key: '/' }))).toBe(true)
  })

  it('leaves other keys and typing alone', () => {
    expect(isSearchShortcut(key({ key: 'k' }))).toBe(false)
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true, altKey: true }))).toBe(false)
    expect(isSearchShortcut(key({ key: '/', ctrlKey: true }))).toBe(false)
    const input = document.createElement('input')
    expect(isSearchShortcut(key({ key: '/' }, input))).toBe(false)
    const editor = document.createElement('div')
    editor.setAttribute('contenteditable', 'true')
    document.body.append(editor)
    expect(isSearchShortcut(key({ key: '/' }, editor))).toBe(false)
    // Cmd+K still opens search from a field.
    expect(isSearchShortcut(key({ key: 'k', metaKey: true }, input))).toBe(true)
  })
})
