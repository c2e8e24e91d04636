/**
 * The panel's inbox: the e-mails the auth service sent, newest first, as the reader sees them in
 * a mail client's list (subject, recipient, time) and when one is open (its text, code and link).
 */
import type { InboxMessage } from '@docs/auth-engine'

/** As many as the platform keeps (`@docs/page-platform`): older ones are gone there too. */
export const INBOX_LIMIT = 100

export interface InboxEntry {
  id: number
  to: string
  subject: string
  /** ISO time it was sent. */
  sentAt: string
  /** The one-time code in the message. */
  code: string
  /** The link to the auth service's `/verify`, when the message has one. */
  link: string | null
  /** The message's HTML, as the auth service rendered it. */
  html: string
}

export function toEntry(message: InboxMessage): InboxEntry {
  return {
    id: message.id,
    to: message.to,
    subject: message.subject,
    sentAt: message.sentAt,
    code: message.token,
    link: message.confirmationUrl ?? null,
    html: message.html,
  }
}

/** Adds a message to the list (newest first); one already there is not added twice. */
export function addToInbox(entries: readonly InboxEntry[], message: InboxMessage): InboxEntry[] {
  if (entries.some((entry) => entry.id === message.id)) return [...entries]
  return [toEntry(message), ...entries].sort((a, b) => b.id - a.id).slice(0, INBOX_LIMIT)
}

/** "15:04:05", the reader's local time: every message arrives while the panel is open. */
export function sentTime(iso: string, locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
}

/**
 * The message's text, paragraph by paragraph, from its HTML. A paragraph that is only a link is
 * left out: the panel shows the link as its "Follow the link" button. Parsed with the browser's
 * inert parser, so nothing in the message runs or loads.
 */
export function messageParagraphs(html: string, parser: DOMParser): string[] {
  const document = parser.parseFromString(html, 'text/html')
  const blocks = [...document.body.querySelectorAll('h1, h2, h3, p, li')]
  const textOf = (node: Node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim()
  return (blocks.length ? blocks : [document.body])
    .filter((block) => {
      const links = [...block.querySelectorAll('a')]
      return !(links.length > 0 && links.map(textOf).join(' ') === textOf(block))
    })
    .map(textOf)
    .filter((text) => text !== '')
}
