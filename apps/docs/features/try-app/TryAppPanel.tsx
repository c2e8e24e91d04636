import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { loadingStatus, type LoadStage } from '@/features/reference/runner'
import { appAddressFor } from './app-address'
import { APP_SESSION_KEY, PRESS_MARK, TRY_APP_PATH } from './index'
import { addToInbox, type InboxEntry } from './inbox'
import { InboxView } from './InboxView'
import { clearStoredSession, connectPlatform, type PlatformConnection } from './platform-connection'

type Phase =
  { step: 'starting'; loading?: LoadStage } | { step: 'ready' } | { step: 'failed'; message: string }

/** Where the time of a start went, in the page's performance timeline (`try-app:` entries). */
function measureFromPress(name: string): void {
  if (performance.getEntriesByName(PRESS_MARK).length > 0) performance.measure(`try-app:${name}`, PRESS_MARK)
}

interface StartingWords {
  text: string
  /** What a screen reader hears: the step, not every byte count. */
  announcement: string
  progress?: { value?: number; max?: number }
}

/** The words over the app while it starts; the app shows once both it and the project are up. */
function startingWords(phase: Phase): StartingWords {
  const loading = phase.step === 'starting' ? phase.loading : undefined
  if (loading && loading.stage !== 'run') {
    const { text, announcement, progress } = loadingStatus(loading)
    return { text, announcement, progress }
  }
  const text =
    phase.step === 'ready' || loading
      ? 'Starting the app…'
      : 'Starting the project in this page: its database, auth, REST and storage…'
  return { text, announcement: text.replace(/…$/, '') }
}

const buttonClass =
  'rounded-md border border-[var(--border)] bg-[var(--bg)] px-3 py-1.5 text-sm font-medium hover:bg-[var(--surface-strong)] disabled:opacity-60'

/**
 * The running app and its inbox. Loaded when the reader starts the app (`TryApp.client.tsx`);
 * every start is a fresh project: a new worker, an empty database, no stored session.
 */
export function TryAppPanel({ onClose }: { onClose: () => void }) {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const frameRef = useRef<HTMLIFrameElement>(null)
  const platform = useRef<PlatformConnection | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [phase, setPhase] = useState<Phase>({ step: 'starting' })
  const [inbox, setInbox] = useState<InboxEntry[]>([])
  // The app's page: a new load each time a link is followed, as opening the link would do.
  const [page, setPage] = useState({ address: TRY_APP_PATH, load: 0 })
  const [notice, setNotice] = useState('')
  // The app's page loads while the project starts, each on its own thread.
  const [appLoaded, setAppLoaded] = useState(false)

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  // Before the app's page can run: a fresh database does not know a stored user.
  useLayoutEffect(() => clearStoredSession(localStorage, APP_SESSION_KEY), [attempt])

  useEffect(() => {
    const appUrl = new URL(TRY_APP_PATH, location.origin).href
    setPhase({ step: 'starting' })
    setInbox([])
    setAppLoaded(false)
    setPage({ address: TRY_APP_PATH, load: 0 })
    const connection = connectPlatform(appUrl, {
      onLoading: (loading) => setPhase({ step: 'starting', loading }),
      onReady: (steps) => {
        for (const { name, start, end } of steps)
          performance.measure(`try-app:worker:${name}`, { start, end })
        measureFromPress('ready')
        setPhase({ step: 'ready' })
      },
      onFailed: (message) => {
        setPhase({ step: 'failed', message: message.replace(/\.$/, '') })
        connection.stop()
      },
      onMail: (message) => {
        setInbox((entries) => addToInbox(entries, message))
        setNotice(`New e-mail to ${message.to}: ${message.subject}`)
      },
    })
    connection.serve(() => frameRef.current)
    platform.current = connection
    return () => {
      connection.stop()
      platform.current = null
    }
  }, [attempt])

  async function followLink(link: string): Promise<string | null> {
    const connection = platform.current
    if (!connection) return 'The app is not running.'
    try {
      const response = await connection.request({ url: link, method: 'GET', headers: [], body: null })
      const location = new Headers(response.headers).get('location')
      const target = appAddressFor(location, new URL(TRY_APP_PATH, window.location.origin).href)
      if (!target.ok) return target.message
      setPage((current) => ({ address: target.address, load: current.load + 1 }))
      setNotice('The link opened in the app.')
      frameRef.current?.scrollIntoView({ block: 'nearest' })
      return null
    } catch (error) {
      return `The link could not be followed: ${error instanceof Error ? error.message : String(error)}`
    }
  }

  const usable = phase.step === 'ready' && appLoaded
  useEffect(() => {
    if (usable) measureFromPress('usable')
  }, [usable])
  const words = startingWords(phase)

  return (
    <section
      aria-labelledby={headingId}
      data-try-app-panel={phase.step}
      className="@container my-6 scroll-mt-28 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-3 lg:scroll-mt-24"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="m-0 text-base font-semibold">
          The finished app, running in this page
        </h3>
        <button type="button" className={buttonClass} onClick={onClose}>
          Close the app
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {notice}
      </p>
      {phase.step === 'failed' ? (
        <div
          role="alert"
          className="mt-3 rounded-md border border-[var(--border)] bg-[var(--bg)] p-3 text-sm"
        >
          <p className="m-0">
            The app could not start: {phase.message}. The rest of this page works as before.
          </p>
          <button
            type="button"
            className={`${buttonClass} mt-2`}
            onClick={() => {
              performance.mark(PRESS_MARK)
              setAttempt((n) => n + 1)
            }}
          >
            Try again
          </button>
        </div>
      ) : (
        <div className="mt-3 grid gap-3 @2xl:grid-cols-[minmax(0,1fr)_17rem]">
          <div className="relative min-h-[36rem] overflow-hidden rounded-md border border-[var(--border)] bg-[var(--bg)]">
            <iframe
              key={`${attempt}-${page.load}`}
              ref={frameRef}
              src={page.address}
              title="User management app"
              onLoad={() => {
                if (!appLoaded) measureFromPress('app-loaded')
                setAppLoaded(true)
              }}
              className={`block h-[36rem] w-full border-0 ${usable ? '' : 'invisible'}`}
            />
            {usable ? null : (
              <div className="absolute inset-x-0 top-0 p-4 text-sm text-[var(--muted)]">
                <p className="sr-only" role="status">
                  {words.announcement}
                </p>
                <p className="m-0" aria-hidden="true" data-try-app-progress="">
                  {words.text}
                </p>
                {words.progress ? (
                  <progress
                    className="mt-2 block h-2 w-full max-w-xs accent-[var(--accent)]"
                    aria-label="Loading the in-browser database"
                    {...words.progress}
                  />
                ) : null}
              </div>
            )}
          </div>
          <InboxView entries={inbox} onFollow={followLink} />
        </div>
      )}
    </section>
  )
}
