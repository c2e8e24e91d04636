// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionStore } from './session-store'
import { SESSION_STORAGE_KEY, SIGN_IN_STATE_KEY } from './stored-session'

const API = 'http://localhost:3001'
const TOKEN = 'header.payload.signature'
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  history.replaceState(null, '', '/guides/getting-started/api-keys')
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('SessionStore', () => {
  it('is loading until started, then signed out with a sign-in state kept for this tab', () => {
    const store = new SessionStore(window, API)
    expect(store.getSnapshot()).toEqual({ status: 'loading' })
    store.start()
    const snapshot = store.getSnapshot()
    expect(snapshot.status).toBe('signed-out')
    expect(snapshot.status === 'signed-out' && snapshot.signInState).toBe(
      sessionStorage.getItem(SIGN_IN_STATE_KEY),
    )
  })

  it('takes the token from the sign-in redirect, stores it and removes it from the URL', () => {
    sessionStorage.setItem(SIGN_IN_STATE_KEY, 'tab-state-123456789')
    const expiresAt = inAnHour()
    history.replaceState(
      null,
      '',
      `/guides/x?tab=local#access_token=${TOKEN}&token_type=bearer&expires_at=${expiresAt}&state=tab-state-123456789`,
    )
    const store = new SessionStore(window, API)
    store.start()
    expect(store.getSnapshot()).toEqual({ status: 'signed-in', accessToken: TOKEN, expiresAt })
    expect(location.href).toBe('http://localhost:3000/guides/x?tab=local')
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '')).toEqual({
      accessToken: TOKEN,
      expiresAt,
    })
    expect(sessionStorage.getItem(SIGN_IN_STATE_KEY)).toBeNull()
  })

  it('reports the return from the sign-in page once, and only then', () => {
    const onReturn = vi.fn()
    new SessionStore(window, API, undefined, onReturn).start()
    expect(onReturn).not.toHaveBeenCalled()

    sessionStorage.setItem(SIGN_IN_STATE_KEY, 'tab-state-123456789')
    history.replaceState(
      null,
      '',
      `/guides/x#access_token=${TOKEN}&expires_at=${inAnHour()}&state=tab-state-123456789`,
    )
    const store = new SessionStore(window, API, undefined, onReturn)
    store.start()
    store.start()
    expect(onReturn).toHaveBeenCalledTimes(1)
    expect(store.getSnapshot().status).toBe('signed-in')
  })

  it('refuses a redirect token this tab did not ask for, and still strips it', () => {
    sessionStorage.setItem(SIGN_IN_STATE_KEY, 'tab-state-123456789')
    history.replaceState(
      null,
      '',
      `/guides/x#access_token=${TOKEN}&expires_at=${inAnHour()}&state=someone-elses-state`,
    )
    const store = new SessionStore(window, API)
    store.start()
    expect(store.getSnapshot().status).toBe('signed-out')
    expect(location.hash).toBe('')
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('restores a stored session and ignores (and removes) a corrupted one', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: TOKEN, expiresAt: inAnHour() }))
    const good = new SessionStore(window, API)
    good.start()
    expect(good.getSnapshot().status).toBe('signed-in')

    localStorage.setItem(SESSION_STORAGE_KEY, '{"accessToken": 42')
    const bad = new SessionStore(window, API)
    bad.start()
    expect(bad.getSnapshot().status).toBe('signed-out')
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('signs out when the token expires while the page is open', () => {
    vi.useFakeTimers()
    const expiresAt = Math.floor(Date.now() / 1000) + 60
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: TOKEN, expiresAt }))
    const onSignedOut = vi.fn()
    const store = new SessionStore(window, API, onSignedOut)
    store.start()
    expect(store.getSnapshot().status).toBe('signed-in')
    vi.advanceTimersByTime(61_000)
    expect(store.getSnapshot().status).toBe('signed-out')
    expect(onSignedOut).toHaveBeenCalledTimes(1)
  })

  it('signs out: forgets the token and asks the platform API to revoke it', () => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: TOKEN, expiresAt: inAnHour() }))
    const store = new SessionStore(window, API)
    store.start()
    const listener = vi.fn()
    store.subscribe(listener)
    store.signOut()
    expect(store.getSnapshot().status).toBe('signed-out')
    expect(listener).toHaveBeenCalled()
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    const [url, init] = fetch.mock.calls[0] as [URL, RequestInit]
    expect(url.href).toBe(`${API}/auth/sign-out`)
    expect(init.headers).toEqual({ Authorization: `Bearer ${TOKEN}` })
  })

  it('forgets a token the platform API refused, without a sign-out call, and says so', () => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: TOKEN, expiresAt: inAnHour() }))
    const store = new SessionStore(window, API)
    store.start()
    store.dropRefused('another-token')
    expect(store.getSnapshot().status).toBe('signed-in')
    store.dropRefused(TOKEN)
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', refused: true })
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('follows sign-in and sign-out in another tab', () => {
    const store = new SessionStore(window, API)
    store.start()
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: TOKEN, expiresAt: inAnHour() }))
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }))
    expect(store.getSnapshot().status).toBe('signed-in')
    localStorage.removeItem(SESSION_STORAGE_KEY)
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }))
    expect(store.getSnapshot().status).toBe('signed-out')
  })
})
