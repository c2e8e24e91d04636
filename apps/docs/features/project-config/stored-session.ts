/**
 * The reader's sign-in, kept in local storage, and the one-time value that ties a sign-in
 * redirect to the tab that started it. Anything unreadable counts as signed out.
 */
import { parseStoredObject, readItem, removeItem, writeItem } from '@/lib/browser-storage'

export const SESSION_STORAGE_KEY = 'docs.platform.session'
export const SIGN_IN_STATE_KEY = 'docs.platform.sign-in-state'

export interface StoredSession {
  accessToken: string
  /** Seconds since the epoch. */
  expiresAt: number
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

export function isUsableSession(value: unknown, nowSeconds: number): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false
  const { accessToken, expiresAt } = value as Record<string, unknown>
  return (
    typeof accessToken === 'string' &&
    TOKEN_PATTERN.test(accessToken) &&
    typeof expiresAt === 'number' &&
    Number.isFinite(expiresAt) &&
    expiresAt > nowSeconds
  )
}

export function parseStoredSession(raw: string | null, nowSeconds: number): StoredSession | null {
  const value = parseStoredObject(raw)
  return value !== null && isUsableSession(value, nowSeconds)
    ? { accessToken: value.accessToken, expiresAt: value.expiresAt }
    : null
}

/**
 * Whether this browser holds a sign-in that has not expired. A stored value that is corrupted or
 * expired is removed, as the session store does, rather than tripped over on every page.
 */
export function hasUsableSession(win: Window): boolean {
  const local = () => win.localStorage
  const raw = readItem(local, SESSION_STORAGE_KEY)
  if (parseStoredSession(raw, Date.now() / 1000)) return true
  if (raw !== null) removeItem(local, SESSION_STORAGE_KEY)
  return false
}

/** The value the sign-in redirect must echo back: one per tab, kept until a sign-in uses it. */
export function tabSignInState(win: Window): string {
  const session = () => win.sessionStorage
  const existing = readItem(session, SIGN_IN_STATE_KEY)
  if (existing) return existing
  const state = newSignInState()
  writeItem(session, SIGN_IN_STATE_KEY, state)
  return state
}

export type FragmentSignIn =
  { kind: 'none' } | { kind: 'accepted'; session: StoredSession } | { kind: 'rejected'; reason: string }

const SIGN_IN_PARAMS = ['access_token', 'token_type', 'expires_at', 'state']

/** Reads a sign-in result from the URL fragment the platform API redirected to. */
export function readSignInFragment(
  hash: string,
  expectedState: string | null,
  nowSeconds: number,
): FragmentSignIn {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const accessToken = params.get('access_token')
  if (accessToken === null) return { kind: 'none' }
  if (!expectedState || params.get('state') !== expectedState) {
    return { kind: 'rejected', reason: 'sign-in was not started from this tab' }
  }
  const session = { accessToken, expiresAt: Number(params.get('expires_at')) }
  if (!isUsableSession(session, nowSeconds)) {
    return { kind: 'rejected', reason: 'token is malformed or expired' }
  }
  return { kind: 'accepted', session }
}

/** The fragment with the sign-in parameters removed ('' when nothing else was in it). */
export function fragmentWithoutSignIn(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (!params.has('access_token')) return hash
  for (const name of SIGN_IN_PARAMS) params.delete(name)
  const rest = params.toString()
  return rest ? `#${rest}` : ''
}

export function signInUrl(apiBaseUrl: string, returnTo: string, state: string): string {
  const url = new URL('/auth/sign-in', apiBaseUrl)
  const page = new URL(returnTo)
  page.hash = ''
  url.searchParams.set('return_to', page.href)
  url.searchParams.set('state', state)
  return url.href
}

export function newSignInState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}
