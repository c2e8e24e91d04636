import { describe, expect, it } from 'vitest'
import { parseSavedSelection, serializeSelection } from './stored-selection'
import {
  fragmentWithoutSignIn,
  hasUsableSession,
  newSignInState,
  SESSION_STORAGE_KEY,
  SIGN_IN_STATE_KEY,
  tabSignInState,
  parseStoredSession,
  readSignInFragment,
  signInUrl,
} from './stored-session'

const TOKEN = 'aaa.bbb.ccc'
const NOW = 1_800_000_000

describe('parseSavedSelection', () => {
  it('reads a saved selection with or without a branch', () => {
    const withBranch = { organizationId: 1, projectRef: 'abc', branchId: 'b1' }
    expect(parseSavedSelection(serializeSelection(withBranch))).toEqual(withBranch)
    expect(parseSavedSelection('{"organizationId":2,"projectRef":"xyz"}')).toEqual({
      organizationId: 2,
      projectRef: 'xyz',
    })
  })

  it.each([
    ['missing', null],
    ['not JSON', '{"organizationId":'],
    ['a list', '[1,"abc"]'],
    ['null', 'null'],
    ['a string id', '{"organizationId":"1","projectRef":"abc"}'],
    ['a fractional id', '{"organizationId":1.5,"projectRef":"abc"}'],
    ['an empty ref', '{"organizationId":1,"projectRef":""}'],
    ['a numeric branch', '{"organizationId":1,"projectRef":"abc","branchId":7}'],
  ])('ignores a value that is %s', (_label, raw) => {
    expect(parseSavedSelection(raw)).toBeNull()
  })
})

describe('parseStoredSession', () => {
  it('reads a token that has not expired', () => {
    const raw = JSON.stringify({ accessToken: TOKEN, expiresAt: NOW + 60 })
    expect(parseStoredSession(raw, NOW)).toEqual({ accessToken: TOKEN, expiresAt: NOW + 60 })
  })

  it.each([
    ['expired', JSON.stringify({ accessToken: TOKEN, expiresAt: NOW - 1 })],
    ['not a JWT', JSON.stringify({ accessToken: 'hello', expiresAt: NOW + 60 })],
    ['a token with spaces', JSON.stringify({ accessToken: 'a.b.c d', expiresAt: NOW + 60 })],
    ['without expiry', JSON.stringify({ accessToken: TOKEN })],
    ['truncated JSON', '{"accessToken":"aaa.bbb'],
    ['a bare string', '"aaa.bbb.ccc"'],
  ])('ignores a session that is %s', (_label, raw) => {
    expect(parseStoredSession(raw, NOW)).toBeNull()
  })
})

describe('readSignInFragment', () => {
  const fragment = (state: string, expiresAt = NOW + 3600) =>
    `#access_token=${TOKEN}&token_type=bearer&expires_at=${expiresAt}&state=${state}`

  it('accepts a token whose state matches the one this tab sent', () => {
    expect(readSignInFragment(fragment('s1'), 's1', NOW)).toEqual({
      kind: 'accepted',
      session: { accessToken: TOKEN, expiresAt: NOW + 3600 },
    })
  })

  it('rejects a token with another state or when this tab started no sign-in', () => {
    expect(readSignInFragment(fragment('s2'), 's1', NOW).kind).toBe('rejected')
    expect(readSignInFragment(fragment('s1'), null, NOW).kind).toBe('rejected')
  })

  it('rejects an expired token', () => {
    expect(readSignInFragment(fragment('s1', NOW - 5), 's1', NOW).kind).toBe('rejected')
  })

  it('ignores an ordinary heading fragment', () => {
    expect(readSignInFragment('#create-a-client', 's1', NOW)).toEqual({ kind: 'none' })
  })
})

describe('fragmentWithoutSignIn', () => {
  it('removes every sign-in parameter', () => {
    expect(fragmentWithoutSignIn(`#access_token=${TOKEN}&token_type=bearer&expires_at=1&state=s`)).toBe('')
  })

  it('keeps other parameters and leaves ordinary fragments alone', () => {
    expect(fragmentWithoutSignIn(`#access_token=${TOKEN}&tab=local`)).toBe('#tab=local')
    expect(fragmentWithoutSignIn('#create-a-client')).toBe('#create-a-client')
  })
})

describe('signInUrl', () => {
  it('points at the platform API with the page (without fragment) and the state', () => {
    const url = new URL(
      signInUrl('http://localhost:3001', 'http://localhost:3000/guides/a?x=1#heading', 'state123'),
    )
    expect(url.origin + url.pathname).toBe('http://localhost:3001/auth/sign-in')
    expect(url.searchParams.get('return_to')).toBe('http://localhost:3000/guides/a?x=1')
    expect(url.searchParams.get('state')).toBe('state123')
  })
})

describe('newSignInState', () => {
  it('makes URL-safe values the platform API accepts, different each time', () => {
    const a = newSignInState()
    const b = newSignInState()
    expect(a).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    expect(a).not.toBe(b)
  })
})

/** A window with in-memory storage: enough for the stored-session helpers. */
function windowWithStorage() {
  const storage = () => {
    const items = new Map<string, string>()
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    }
  }
  return { localStorage: storage(), sessionStorage: storage() } as unknown as Window
}

describe('hasUsableSession', () => {
  it('is true for a stored sign-in that has not expired', () => {
    const win = windowWithStorage()
    const later = Math.floor(Date.now() / 1000) + 3600
    win.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: TOKEN, expiresAt: later }))
    expect(hasUsableSession(win)).toBe(true)
    expect(win.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull()
  })

  it.each([
    ['corrupted', '{"accessToken":'],
    ['expired', JSON.stringify({ accessToken: TOKEN, expiresAt: 1 })],
  ])('is false for a %s one, and forgets it', (_, stored) => {
    const win = windowWithStorage()
    win.localStorage.setItem(SESSION_STORAGE_KEY, stored)
    expect(hasUsableSession(win)).toBe(false)
    expect(win.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('is false when storage is blocked', () => {
    const blocked = {
      get localStorage(): Storage {
        throw new Error('blocked')
      },
    } as unknown as Window
    expect(hasUsableSession(blocked)).toBe(false)
  })
})

describe('tabSignInState', () => {
  it('makes one value per tab and keeps it until a sign-in uses it', () => {
    const win = windowWithStorage()
    const first = tabSignInState(win)
    expect(first).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(tabSignInState(win)).toBe(first)
    win.sessionStorage.removeItem(SIGN_IN_STATE_KEY)
    expect(tabSignInState(win)).not.toBe(first)
  })
})
