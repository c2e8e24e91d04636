// @vitest-environment jsdom
import type { InboxMessage } from '@docs/auth-engine'
import { describe, expect, it } from 'vitest'
import { addToInbox, INBOX_LIMIT, messageParagraphs, sentTime, type InboxEntry } from './inbox'

// GoTrue v2.157.1's default magic-link template, as the auth engine renders it.
const magicLinkHtml =
  '<h2>Magic Link</h2>\n\n<p>Follow this link to login:</p>\n' +
  '<p><a href="http://127.0.0.1:54321/auth/v1/verify?token=h&amp;type=magiclink&amp;redirect_to=http://localhost:3000">Log In</a></p>\n' +
  '<p>Alternatively, enter the code: 123456</p>\n'

function mail(id: number, overrides: Partial<InboxMessage> = {}): InboxMessage {
  return {
    id,
    to: 'ada@example.com',
    subject: 'Your Magic Link',
    html: magicLinkHtml,
    actionType: 'magiclink',
    token: '123456',
    tokenHash: 'h',
    confirmationUrl: 'http://127.0.0.1:54321/auth/v1/verify?token=h&type=magiclink&redirect_to=http://localhost:3000',
    redirectTo: 'http://localhost:3000',
    sentAt: '2026-03-01T10:15:30.000Z',
    ...overrides,
  }
}

describe('the inbox', () => {
  it('lists the newest message first, with what the list and the open message show', () => {
    let inbox: InboxEntry[] = []
    inbox = addToInbox(inbox, mail(1, { subject: 'Confirm Your Signup' }))
    inbox = addToInbox(inbox, mail(2))
    expect(inbox.map((entry) => [entry.id, entry.subject])).toEqual([
      [2, 'Your Magic Link'],
      [1, 'Confirm Your Signup'],
    ])
    expect(inbox[0]).toMatchObject({ to: 'ada@example.com', code: '123456', link: expect.stringContaining('/verify?') })
  })

  it('does not list a message twice, and has no link for a message without one', () => {
    const inbox = addToInbox(addToInbox([], mail(1)), mail(1))
    expect(inbox).toHaveLength(1)
    expect(addToInbox([], mail(3, { confirmationUrl: undefined, actionType: 'reauthentication' }))[0]!.link).toBeNull()
  })

  it(`keeps the newest ${INBOX_LIMIT}, as the platform does`, () => {
    let inbox: InboxEntry[] = []
    for (let id = 1; id <= INBOX_LIMIT + 5; id++) inbox = addToInbox(inbox, mail(id))
    expect(inbox).toHaveLength(INBOX_LIMIT)
    expect(inbox[0]!.id).toBe(INBOX_LIMIT + 5)
    expect(inbox.at(-1)!.id).toBe(6)
  })

  it('shows the time sent, and nothing for a time it cannot read', () => {
    expect(sentTime('2026-03-01T10:15:30.000Z', 'en-GB')).toMatch(/^\d\d:15:30$/)
    expect(sentTime('not a time')).toBe('')
  })

  it("reads the message's text, leaving out the paragraph that is only the link", () => {
    expect(messageParagraphs(magicLinkHtml, new DOMParser())).toEqual([
      'Magic Link',
      'Follow this link to login:',
      'Alternatively, enter the code: 123456',
    ])
    expect(messageParagraphs('plain <b>words</b>', new DOMParser())).toEqual(['plain words'])
  })

  it('runs and loads nothing from a message', () => {
    const html = '<p>Hi<img src="https://tracker.example/x.png" onerror="globalThis.ran = true"></p><script>globalThis.ran = true</script>'
    expect(messageParagraphs(html, new DOMParser())).toEqual(['Hi'])
    expect((globalThis as { ran?: boolean }).ran).toBeUndefined()
  })
})
