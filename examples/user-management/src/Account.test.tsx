import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { empty, json, jsonBody, networkFailure, type FakePlatform } from '../test/fake-platform'
import { ada, usernameLengthViolation, usernameTakenViolation } from '../test/platform-answers'
import { platformWithUser, renderSignedIn } from '../test/render-app'

let platform: FakePlatform

afterEach(() => {
  expect(platform.unanswered).toEqual([])
})

async function openProfile(profile: Parameters<typeof platformWithUser>[1] = {}) {
  platform = platformWithUser(ada, profile)
  const user = userEvent.setup()
  const view = renderSignedIn(platform, ada)
  await screen.findByRole('button', { name: 'Save profile' })
  return { user, ...view }
}

function field(label: string) {
  return screen.getByLabelText<HTMLInputElement>(label)
}

async function replaceText(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(field(label))
  if (text !== '') await user.type(field(label), text)
}

describe('Account', () => {
  it("loads the signed-in user's profile", async () => {
    await openProfile({ username: 'ada', full_name: 'Ada Lovelace', website: 'https://ada.dev' })

    expect(field('E-mail').value).toBe('ada@example.com')
    expect(field('Username').value).toBe('ada')
    expect(field('Full name').value).toBe('Ada Lovelace')
    expect(field('Website').value).toBe('https://ada.dev')
    expect(screen.getByRole('img', { name: 'No avatar yet' })).toBeTruthy()

    const [query] = platform.requestsTo('GET', '/rest/v1/profiles')
    expect(query?.url.searchParams.get('select')).toBe('username,full_name,website,avatar_url')
    expect(query?.url.searchParams.get('id')).toBe(`eq.${ada.id}`)
  })

  it('saves the edited fields with an upsert on the user id', async () => {
    const { user } = await openProfile({ full_name: 'Ada' })
    platform.on('POST', '/rest/v1/profiles', () => empty(201))

    await replaceText(user, 'Username', ' countess ')
    await replaceText(user, 'Full name', '')
    await replaceText(user, 'Website', 'https://ada.dev')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))

    expect(await screen.findByText('Profile saved.')).toBeTruthy()
    const [upsert] = platform.requestsTo('POST', '/rest/v1/profiles')
    expect(upsert?.headers.get('prefer')).toContain('resolution=merge-duplicates')
    const sent = jsonBody(upsert) as Record<string, unknown>
    expect(sent).toMatchObject({
      id: ada.id,
      username: 'countess',
      full_name: null,
      website: 'https://ada.dev',
    })
    expect(Date.parse(String(sent['updated_at']))).not.toBeNaN()
    // The avatar is saved on its own, so a form save never clears it.
    expect(sent).not.toHaveProperty('avatar_url')
  })

  it('explains a too-short username in words, and drops the message on the next edit', async () => {
    const { user } = await openProfile()
    platform.on('POST', '/rest/v1/profiles', () => json(400, usernameLengthViolation))

    await replaceText(user, 'Username', 'ab')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your username must be at least 3 characters long.',
    )
    await user.type(field('Username'), 'c')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('explains a username that someone else has', async () => {
    const { user } = await openProfile()
    platform.on('POST', '/rest/v1/profiles', () => json(409, usernameTakenViolation))

    await replaceText(user, 'Username', 'ada')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))

    expect((await screen.findByRole('alert')).textContent).toBe(
      'That username is already taken. Try another one.',
    )
  })

  it('offers a retry when the profile cannot be loaded', async () => {
    platform = platformWithUser(ada, { username: 'ada' })
    let failures = 1
    // A statement timeout: PostgREST answers 500 and the client does not retry it by itself.
    platform.on('GET', '/rest/v1/profiles', () => {
      if (failures-- > 0) {
        return json(500, {
          code: '57014',
          details: null,
          hint: null,
          message: 'canceling statement due to statement timeout',
        })
      }
      return json(200, [{ username: 'ada', full_name: null, website: null, avatar_url: null }])
    })
    const user = userEvent.setup()
    renderSignedIn(platform, ada)

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      'Your profile could not be loaded: canceling statement due to statement timeout',
    )
    await user.click(screen.getByRole('button', { name: 'Try again' }))

    expect((await screen.findByLabelText<HTMLInputElement>('Username')).value).toBe('ada')
    expect(platform.requestsTo('GET', '/rest/v1/profiles')).toHaveLength(2)
  })

  it('signs out and returns to the sign-in form', async () => {
    const { user } = await openProfile()
    platform.on('POST', '/auth/v1/logout', () => empty(204))

    await user.click(screen.getByRole('button', { name: 'Sign out' }))

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy()
    expect(platform.requestsTo('POST', '/auth/v1/logout')).toHaveLength(1)
    expect(Object.keys(localStorage).filter((key) => key.includes('auth-token'))).toEqual([])
  })

  it('stays signed in and says so when signing out fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = await openProfile()
    platform.on('POST', '/auth/v1/logout', networkFailure)

    await user.click(screen.getByRole('button', { name: 'Sign out' }))

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server could not be reached. Check your connection and try again.',
    )
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your profile' })).toBeTruthy())
    logged.mockRestore()
  })
})
