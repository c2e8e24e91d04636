import { describe, expect, it } from 'vitest'
import { parseSavedSelection, serializeSelection } from './stored-selection'
import {
  fragmentWithoutSignIn,
  newSignInState,
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
