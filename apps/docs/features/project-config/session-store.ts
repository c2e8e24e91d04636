import { platformUrl } from './platform-requests'
import { readItem, removeItem, writeItem } from '@/lib/browser-storage'
import {
  SESSION_STORAGE_KEY,
  SIGN_IN_STATE_KEY,
  fragmentWithoutSignIn,
  parseStoredSession,
  readSignInFragment,
  tabSignInState,
} from './stored-session'

export type SessionSnapshot =
  | { status: 'loading' }
  | {
      status: 'signed-out'
      signInState: string
      /** The platform API refused the stored token (signed out elsewhere, or its key changed). */
      refused?: boolean
    }
  | { status: 'signed-in'; accessToken: string; expiresAt: number }

export const LOADING_SESSION: SessionSnapshot = { status: 'loading' }

/** Longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * The reader's sign-in, shared by every widget on the page. It stays "loading" until `start()`
 * runs in the browser, so the prerendered HTML and the first client render agree.
 */
export class SessionStore {
  private snapshot: SessionSnapshot = LOADING_SESSION
  private readonly listeners = new Set<() => void>()
  private started = false
  private expiryTimer: ReturnType<typeof setTimeout> | undefined
  private refused = false

  constructor(
    private readonly win: Window,
    private readonly apiBaseUrl: string,
    private readonly onSignedOut: () => void = () => {},
    /** Called once the reader is back from the sign-in page (whatever its answer). */
    private readonly onReturnFromSignIn: () => void = () => {},
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  getSnapshot = () => this.snapshot

  /** Takes a token from the sign-in redirect, if any, then reads the stored session. */
  start(): void {
    if (this.started) return
    this.started = true
    const { location, history } = this.win
    const local = () => this.win.localStorage
    const session = () => this.win.sessionStorage
    const expectedState = readItem(session, SIGN_IN_STATE_KEY)
    const result = readSignInFragment(location.hash, expectedState, this.nowSeconds())
    if (result.kind !== 'none') {
      // The token must not stay in the address bar, the history or a shared link.
      history.replaceState(
        history.state,
        '',
        `${location.pathname}${location.search}${fragmentWithoutSignIn(location.hash)}`,
      )
      removeItem(session, SIGN_IN_STATE_KEY)
      if (result.kind === 'accepted') {
        writeItem(local, SESSION_STORAGE_KEY, JSON.stringify(result.session))
      }
    }
    this.win.addEventListener('storage', (event) => {
      if (event.key === SESSION_STORAGE_KEY || event.key === null) this.refresh()
    })
    this.refresh()
    if (result.kind !== 'none') this.onReturnFromSignIn()
  }

  signOut(): void {
    const current = this.snapshot
    removeItem(() => this.win.localStorage, SESSION_STORAGE_KEY)
    if (current.status === 'signed-in') {
      // Best effort: the token is gone from this browser either way.
      void this.win
        .fetch(platformUrl(this.apiBaseUrl, '/auth/sign-out'), {
          method: 'POST',
          headers: { Authorization: `Bearer ${current.accessToken}` },
          credentials: 'omit',
          keepalive: true,
        })
        .catch(() => {})
    }
    this.refresh()
  }

  /**
   * The platform API answered 401 to this token: it will never work again, so it is forgotten
   * (without a sign-out call, which it would refuse too) and the reader is asked to log in.
   */
  dropRefused(accessToken: string): void {
    const current = this.snapshot
    if (current.status !== 'signed-in' || current.accessToken !== accessToken) return
    removeItem(() => this.win.localStorage, SESSION_STORAGE_KEY)
    this.refused = true
    this.refresh()
  }

  private refresh(): void {
    clearTimeout(this.expiryTimer)
    const local = () => this.win.localStorage
    const raw = readItem(local, SESSION_STORAGE_KEY)
    const stored = parseStoredSession(raw, this.nowSeconds())
    if (stored) {
      const { accessToken, expiresAt } = stored
      const current = this.snapshot
      if (current.status !== 'signed-in' || current.accessToken !== accessToken) {
        this.refused = false
        this.set({ status: 'signed-in', accessToken, expiresAt })
      }
      const msLeft = Math.min(expiresAt * 1000 - Date.now(), MAX_TIMER_MS)
      this.expiryTimer = setTimeout(() => this.refresh(), Math.max(msLeft, 0))
      return
    }
    // Corrupted or expired: forget it rather than trip over it on every page.
    if (raw !== null) removeItem(local, SESSION_STORAGE_KEY)
    if (this.snapshot.status !== 'signed-out') {
      const wasSignedIn = this.snapshot.status === 'signed-in'
      this.set({
        status: 'signed-out',
        signInState: tabSignInState(this.win),
        ...(this.refused ? { refused: true } : {}),
      })
      if (wasSignedIn) this.onSignedOut()
    }
  }

  private nowSeconds(): number {
    return Date.now() / 1000
  }

  private set(snapshot: SessionSnapshot): void {
    this.snapshot = snapshot
    for (const listener of [...this.listeners]) listener()
  }
}
