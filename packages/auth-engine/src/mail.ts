/**
 * E-mail: what GoTrue's template mailer sends (internal/mailer/template.go, with the CLI's
 * MAILER_URLPATHS pointing at `<api>/auth/v1/verify`), delivered to an in-memory inbox instead of
 * SMTP, and the redirect rules its links follow (internal/utilities/request.go).
 */
import type { AuthConfig } from './config'

/** The kinds of e-mail, named as GoTrue names its templates and verification types. */
export type EmailActionType =
  'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication'

export interface InboxMessage {
  /** Increasing number, in the order the messages were sent. */
  id: number
  to: string
  subject: string
  /** The message body as GoTrue's default template renders it. */
  html: string
  actionType: EmailActionType
  /** The one-time code the message carries ("Alternatively, enter the code"). */
  token: string
  /** The hashed token the link carries (`token_hash` for verifyOtp). */
  tokenHash: string
  /** The link to `/auth/v1/verify`, absent for reauthentication. */
  confirmationUrl?: string
  redirectTo: string
  sentAt: string
}

export interface Inbox {
  /** Every message sent so far, oldest first. */
  list(): InboxMessage[]
  /** The newest message to an address (case-insensitive), or to anyone. */
  latest(to?: string): InboxMessage | undefined
  /** Calls `listener` with each new message; returns the function that stops it. */
  subscribe(listener: (message: InboxMessage) => void): () => void
  clear(): void
}

/** The inbox keeps the newest messages only, so a page that sends many cannot grow without end. */
export const INBOX_CAPACITY = 100

export function createInbox(): Inbox & { deliver(message: Omit<InboxMessage, 'id' | 'sentAt'>): void } {
  const messages: InboxMessage[] = []
  const listeners = new Set<(message: InboxMessage) => void>()
  let nextId = 1
  return {
    list: () => [...messages],
    latest: (to) =>
      [...messages].reverse().find((m) => to === undefined || m.to.toLowerCase() === to.toLowerCase()),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear: () => void messages.splice(0),
    deliver(message) {
      const full = { ...message, id: nextId++, sentAt: new Date().toISOString() }
      messages.push(full)
      if (messages.length > INBOX_CAPACITY) messages.splice(0, messages.length - INBOX_CAPACITY)
      for (const listener of listeners) listener(full)
    },
  }
}

const templates: Record<EmailActionType, { subject: string; body: string }> = {
  invite: {
    subject: 'You have been invited',
    body: `<h2>You have been invited</h2>
<p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p>
<p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  signup: {
    subject: 'Confirm Your Email',
    body: `<h2>Confirm your email</h2>
<p>Follow this link to confirm your email:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>
`,
  },
  recovery: {
    subject: 'Reset Your Password',
    body: `<h2>Reset password</h2>
<p>Follow this link to reset the password for your user:</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  magiclink: {
    subject: 'Your Magic Link',
    body: `<h2>Magic Link</h2>
<p>Follow this link to login:</p>
<p><a href="{{ .ConfirmationURL }}">Log In</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  email_change: {
    subject: 'Confirm Email Change',
    body: `<h2>Confirm email address change</h2>
<p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p>
<p><a href="{{ .ConfirmationURL }}">Change email address</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    body: `<h2>Confirm reauthentication</h2>
<p>Enter the code: {{ .Token }}</p>`,
  },
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/'/g, '&#39;')

export function renderTemplate(
  actionType: EmailActionType,
  data: Record<string, string>,
): { subject: string; html: string } {
  const template = templates[actionType]
  const html = template.body.replace(/\{\{ \.(\w+) \}\}/g, (_, name: string) => escapeHtml(data[name] ?? ''))
  return { subject: template.subject, html }
}

/** Go's url.QueryEscape (spaces as '+'). */
export const queryEscape = (text: string) =>
  encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** Go's url.Values.Encode: keys sorted, each key and value QueryEscape'd. */
export function encodeValues(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${queryEscape(key)}=${queryEscape(values[key]!)}`)
    .join('&')
}

/** `getPath` + `ResolveReference`: the verify link for a token. */
export function verifyLink(config: AuthConfig, tokenHash: string, type: string, redirectTo: string): string {
  // encodeRedirectURL escapes the redirect only when it holds &, = or #.
  const redirect = /[&=#]/.test(redirectTo) ? queryEscape(redirectTo) : redirectTo
  return `${config.apiUrl}/auth/v1/verify?token=${queryEscape(tokenHash)}&type=${queryEscape(type)}&redirect_to=${redirect}`
}

/** gobwas/glob with '.' and '/' as separators: `*` stops at them, `**` does not. */
function globMatches(pattern: string, text: string): boolean {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*'
      i++
    } else if (char === '*') source += '[^./]*'
    else if (char === '?') source += '[^./]'
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`).test(text)
}

function hostname(url: string): string | null {
  try {
    return new URL(url).hostname
  } catch {
    return null
  }
}

/** `IsRedirectURLValid`: the site's host, or a URL the allow list matches. */
export function isRedirectUrlValid(config: AuthConfig, redirectUrl: string): boolean {
  if (!redirectUrl) return false
  const site = hostname(config.siteUrl)
  if (site !== null && hostname(redirectUrl) === site) return true
  return config.additionalRedirectUrls.some((pattern) => globMatches(pattern, redirectUrl))
}

/** `GetReferrer`: `redirect_to` (header, then query or form), then the Referer, then the site URL. */
export function referrer(config: AuthConfig, request: Request, url: URL): string {
  for (const candidate of [
    request.headers.get('redirect_to') ?? '',
    url.searchParams.get('redirect_to') ?? '',
    request.headers.get('referer') ?? '',
  ]) {
    if (isRedirectUrlValid(config, candidate)) return candidate
  }
  return config.siteUrl
}
