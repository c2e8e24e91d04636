// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RETURN_POSITION_KEY } from './return-position-key'
import {
  captureReturnPosition,
  headingAbove,
  saveReturnPosition,
  type ReturnPosition,
} from './return-position'
import {
  parseReturnPosition,
  restoreReturnPosition,
  scrollTargetFor,
  takeReturnPosition,
} from './return-position-restore'

const PATH = '/guides/getting-started/quickstarts/user-management'
const NOW = 1_800_000_000_000

const saved = (over: Partial<ReturnPosition> = {}): ReturnPosition => ({
  path: PATH,
  hash: '',
  headingId: 'get-the-api-url-and-anon-key',
  headingTop: 120,
  scrollY: 2400,
  widgetIndex: 0,
  savedAt: NOW - 5000,
  ...over,
})

function page() {
  document.body.innerHTML = `
    <article>
      <h2 id="what-you-need">What you need</h2>
      <h2 id="get-the-api-url-and-anon-key">Get the API URL and anon key</h2>
      <h3>no id</h3>
      <div data-project-config="url" tabindex="-1"></div>
      <div data-project-config="anonKey" tabindex="-1"></div>
      <h2 id="create-the-react-app">Create the React app</h2>
    </article>`
  const [url, key] = document.querySelectorAll<HTMLElement>('[data-project-config]')
  return { url: url!, key: key! }
}

beforeEach(() => {
  sessionStorage.clear()
  history.replaceState(null, '', PATH)
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('headingAbove', () => {
  it('is the last heading with an id before the widget', () => {
    const { key } = page()
    expect(headingAbove(document, key)?.id).toBe('get-the-api-url-and-anon-key')
  })

  it('is null when no heading comes before the widget', () => {
    document.body.innerHTML = '<div data-project-config="url"></div><h2 id="later">Later</h2>'
    expect(headingAbove(document, document.body.firstElementChild!)).toBeNull()
  })
})

describe('captureReturnPosition', () => {
  it('records the path, fragment, heading, its offset in the viewport, scrollY and widget', () => {
    const { key } = page()
    history.replaceState(null, '', `${PATH}#get-the-api-url-and-anon-key`)
    const heading = document.getElementById('get-the-api-url-and-anon-key')!
    vi.spyOn(heading, 'getBoundingClientRect').mockReturnValue({ top: -40 } as DOMRect)
    Object.defineProperty(window, 'scrollY', { value: 1800, configurable: true })
    expect(captureReturnPosition(window, key, NOW)).toEqual({
      path: PATH,
      hash: '#get-the-api-url-and-anon-key',
      headingId: 'get-the-api-url-and-anon-key',
      headingTop: -40,
      scrollY: 1800,
      widgetIndex: 1,
      savedAt: NOW,
    })
  })
})

describe('parseReturnPosition', () => {
  it('accepts a recent position saved on the same page', () => {
    expect(parseReturnPosition(JSON.stringify(saved()), PATH, NOW)).toEqual(saved())
  })

  it('accepts a position without a heading (falls back to scrollY)', () => {
    const value = saved({ headingId: null, headingTop: 0 })
    expect(parseReturnPosition(JSON.stringify(value), PATH, NOW)).toEqual(value)
  })

  it('ignores a position saved on another page', () => {
    expect(parseReturnPosition(JSON.stringify(saved()), '/guides/other', NOW)).toBeNull()
  })

  it('ignores a stale position', () => {
    expect(
      parseReturnPosition(JSON.stringify(saved({ savedAt: NOW - 60 * 60 * 1000 })), PATH, NOW),
    ).toBeNull()
  })

  it.each([
    ['not JSON', '{"path":'],
    ['null', 'null'],
    ['a list', '[1,2]'],
    ['a string scrollY', JSON.stringify({ ...saved(), scrollY: '2400' })],
    ['a negative scrollY', JSON.stringify({ ...saved(), scrollY: -1 })],
    ['an empty heading id', JSON.stringify({ ...saved(), headingId: '' })],
    ['a numeric heading id', JSON.stringify({ ...saved(), headingId: 7 })],
    ['a fractional widget index', JSON.stringify({ ...saved(), widgetIndex: 0.5 })],
    ['no savedAt', JSON.stringify({ ...saved(), savedAt: undefined })],
    ['a missing hash', JSON.stringify({ ...saved(), hash: undefined })],
  ])('ignores malformed data: %s', (_, raw) => {
    expect(parseReturnPosition(raw, PATH, NOW)).toBeNull()
  })

  it('never gives back a fragment that carries a sign-in answer', () => {
    const value = saved({ hash: '#access_token=a.b.c&state=x' })
    expect(parseReturnPosition(JSON.stringify(value), PATH, NOW)?.hash).toBe('')
  })
})

describe('scrollTargetFor', () => {
  it('puts the heading back at its saved offset, even when content above it grew', () => {
    // Saved at 120 px from the top; now it is 300 px lower in the viewport after scrolling to 0.
    expect(scrollTargetFor(saved(), 2700, 0, 10_000)).toBe(2580)
  })

  it('falls back to the saved scrollY when the heading is gone', () => {
    expect(scrollTargetFor(saved(), null, 0, 10_000)).toBe(2400)
  })

  it('stays inside the page', () => {
    expect(scrollTargetFor(saved(), null, 0, 1000)).toBe(1000)
    expect(scrollTargetFor(saved({ headingTop: 5000 }), 10, 0, 10_000)).toBe(0)
  })
})

describe('save and take', () => {
  it('is used at most once', () => {
    const { url } = page()
    saveReturnPosition(window, url)
    expect(takeReturnPosition(window)?.headingId).toBe('get-the-api-url-and-anon-key')
    expect(sessionStorage.getItem(RETURN_POSITION_KEY)).toBeNull()
    expect(takeReturnPosition(window)).toBeNull()
  })

  it('does not throw when storage is blocked', () => {
    const { url } = page()
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked')
    })
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked')
    })
    expect(() => saveReturnPosition(window, url)).not.toThrow()
    expect(takeReturnPosition(window)).toBeNull()
  })
})

describe('restoreReturnPosition', () => {
  async function settle() {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await new Promise((resolve) => requestAnimationFrame(resolve))
  }

  it('scrolls the saved heading back into place, focuses the widget and restores the fragment', async () => {
    const { key } = page()
    sessionStorage.setItem(
      RETURN_POSITION_KEY,
      JSON.stringify(saved({ savedAt: Date.now(), widgetIndex: 1, hash: '#create-the-react-app' })),
    )
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 20_000, configurable: true })
    const heading = document.getElementById('get-the-api-url-and-anon-key')!
    vi.spyOn(heading, 'getBoundingClientRect').mockReturnValue({ top: 2600 } as DOMRect)
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    restoreReturnPosition(window)
    await settle()
    expect(scrollTo).toHaveBeenCalledWith({ top: 2480, behavior: 'instant' })
    expect(document.activeElement).toBe(key)
    expect(location.hash).toBe('#create-the-react-app')
    expect(sessionStorage.getItem(RETURN_POSITION_KEY)).toBeNull()
  })

  it('uses scrollY when the heading is missing from the page', async () => {
    page()
    sessionStorage.setItem(
      RETURN_POSITION_KEY,
      JSON.stringify(saved({ savedAt: Date.now(), headingId: 'gone' })),
    )
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 20_000, configurable: true })
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    restoreReturnPosition(window)
    await settle()
    expect(scrollTo).toHaveBeenCalledWith({ top: 2400, behavior: 'instant' })
  })

  it('does nothing for a position saved on another page or a malformed one', async () => {
    page()
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    sessionStorage.setItem(
      RETURN_POSITION_KEY,
      JSON.stringify(saved({ savedAt: Date.now(), path: '/guides/other' })),
    )
    restoreReturnPosition(window)
    sessionStorage.setItem(RETURN_POSITION_KEY, '{"path":')
    expect(() => restoreReturnPosition(window)).not.toThrow()
    await settle()
    expect(scrollTo).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(document.body)
  })
})
