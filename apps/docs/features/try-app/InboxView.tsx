import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { messageParagraphs, sentTime, type InboxEntry } from './inbox'

const actionClass =
  'rounded-md border border-[var(--border)] bg-[var(--bg)] px-3 py-1.5 text-sm font-medium hover:bg-[var(--surface-strong)] disabled:opacity-60'

/** The e-mails the project's auth service sent: a list, and one message at a time when opened. */
export function InboxView({
  entries,
  onFollow,
}: {
  entries: readonly InboxEntry[]
  /** Follows a message's link in the app; resolves to why it failed, or null. */
  onFollow: (link: string) => Promise<string | null>
}) {
  const headingId = useId()
  const [openId, setOpenId] = useState<number | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const returnTo = useRef<number | null>(null)
  const open = entries.find((entry) => entry.id === openId) ?? null

  // Back in the list, focus returns to the message that was open.
  useEffect(() => {
    if (open || returnTo.current === null) return
    listRef.current?.querySelector<HTMLElement>(`[data-message-id="${returnTo.current}"]`)?.focus()
    returnTo.current = null
  }, [open])

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-[var(--border)] bg-[var(--bg)] p-3 text-sm"
    >
      <h4 id={headingId} className="m-0 text-sm font-semibold">
        Inbox {entries.length > 0 ? `(${entries.length})` : ''}
      </h4>
      {open ? (
        <OpenMessage
          entry={open}
          onFollow={onFollow}
          onBack={() => {
            returnTo.current = open.id
            setOpenId(null)
          }}
        />
      ) : entries.length === 0 ? (
        <p className="mb-0 mt-2 text-[var(--muted)]">
          No e-mail yet. Ask the app for a sign-in link: it arrives here.
        </p>
      ) : (
        <ul ref={listRef} className="m-0 mt-2 list-none space-y-1 p-0">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                data-message-id={entry.id}
                onClick={() => setOpenId(entry.id)}
                className="w-full rounded-md border border-transparent px-2 py-1.5 text-left hover:border-[var(--border)] hover:bg-[var(--surface)]"
              >
                <span className="block font-medium">{entry.subject}</span>
                <span className="flex justify-between gap-2 text-xs text-[var(--muted)]">
                  <span className="truncate">To {entry.to}</span>
                  <time dateTime={entry.sentAt}>{sentTime(entry.sentAt)}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function OpenMessage({
  entry,
  onFollow,
  onBack,
}: {
  entry: InboxEntry
  onFollow: (link: string) => Promise<string | null>
  onBack: () => void
}) {
  const subjectRef = useRef<HTMLHeadingElement>(null)
  const [following, setFollowing] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const paragraphs = useMemo(() => messageParagraphs(entry.html, new DOMParser()), [entry.html])

  useEffect(() => subjectRef.current?.focus(), [])

  async function follow(link: string) {
    setFollowing(true)
    setProblem(await onFollow(link))
    setFollowing(false)
  }

  return (
    <article aria-labelledby={`message-${entry.id}`} className="mt-2">
      <h5
        id={`message-${entry.id}`}
        ref={subjectRef}
        tabIndex={-1}
        className="m-0 scroll-mt-28 text-sm font-semibold lg:scroll-mt-24"
      >
        {entry.subject}
      </h5>
      <p className="m-0 text-xs text-[var(--muted)]">
        To {entry.to} · <time dateTime={entry.sentAt}>{sentTime(entry.sentAt)}</time>
      </p>
      <div className="mt-2 space-y-1">
        {paragraphs.map((text, index) => (
          <p key={index} className="m-0">
            {text}
          </p>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {entry.link ? (
          <button
            type="button"
            className={`${actionClass} border-[var(--accent)]`}
            disabled={following}
            onClick={() => void follow(entry.link!)}
          >
            {following ? 'Opening…' : 'Follow the link'}
          </button>
        ) : null}
        <button type="button" className={actionClass} onClick={onBack}>
          Back to the inbox
        </button>
      </div>
      {problem ? (
        <p role="alert" className="mb-0 mt-2 text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </article>
  )
}
