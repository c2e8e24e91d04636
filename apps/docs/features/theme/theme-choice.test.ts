// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chooseTheme, parseThemeChoice, readThemeChoice, subscribeThemeChoice } from './theme-choice'
import { THEME_STORAGE_KEY } from './theme-script'

beforeEach(() => {
  window.matchMedia = vi.fn().mockReturnValue({
    matches: false,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }) as unknown as typeof window.matchMedia
  document.documentElement.dataset.themeChoice = 'system'
})
afterEach(() => localStorage.clear())

/** MutationObserver callbacks run as microtasks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('theme choice', () => {
  it('reads anything but light or dark as the system setting', () => {
    expect(parseThemeChoice('dark')).toBe('dark')
    expect(parseThemeChoice('light')).toBe('light')
    expect(parseThemeChoice('blue')).toBe('system')
    expect(parseThemeChoice(null)).toBe('system')
  })

  it('tells every subscriber of a choice made anywhere, and remembers it', async () => {
    const seen: string[][] = [[], []]
    const stops = seen.map((list) => subscribeThemeChoice(() => list.push(readThemeChoice())))
    chooseTheme('dark')
    await settle()
    expect(seen).toEqual([['dark'], ['dark']])
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
    stops.forEach((stop) => stop())
  })

  it("follows another tab's choice through the storage event", async () => {
    const seen: string[] = []
    const stop = subscribeThemeChoice(() => seen.push(readThemeChoice()))
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'light' }))
    await settle()
    expect(seen).toEqual(['light'])
    expect(document.documentElement.style.colorScheme).toBe('light')
    window.dispatchEvent(new StorageEvent('storage', { key: 'another.key', newValue: 'dark' }))
    await settle()
    expect(seen).toEqual(['light'])
    stop()
  })
})
