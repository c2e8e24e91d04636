import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakePlatform } from '../test/fake-platform'
import { ada, expiredLinkHash } from '../test/platform-answers'
import { platformWithUser, renderApp, renderSignedIn } from '../test/render-app'
import { MissingConfig } from './MissingConfig'

describe('App', () => {
  let platform = createFakePlatform(import.meta.env.VITE_SUPABASE_URL ?? '')

  afterEach(() => {
    expect(platform.unanswered).toEqual([])
  })

  it('shows the sign-in form to a visitor', async () => {
    platform = createFakePlatform(import.meta.env.VITE_SUPABASE_URL ?? '')
    renderApp(platform)
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy()
    expect(platform.requests).toEqual([])
  })

  it('signs the user in when they arrive from a magic link', async () => {
    platform = platformWithUser(ada, { full_name: 'Ada Lovelace' })
    renderSignedIn(platform, ada)

    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeTruthy()
    expect(await screen.findByDisplayValue('Ada Lovelace')).toBeTruthy()
    // The client checked the token with auth, then queried as the user.
    const [userCheck] = platform.requestsTo('GET', '/auth/v1/user')
    expect(userCheck?.headers.get('authorization')).toMatch(/^Bearer ey/)
    const [profileQuery] = platform.requestsTo('GET', '/rest/v1/profiles')
    expect(profileQuery?.headers.get('authorization')).toBe(userCheck?.headers.get('authorization'))
    // The tokens do not stay in the address bar.
    expect(window.location.hash).toBe('')
  })

  it('explains a sign-in link that expired, and clears it from the address', async () => {
    platform = createFakePlatform(import.meta.env.VITE_SUPABASE_URL ?? '')
    renderApp(platform, { arriveWith: expiredLinkHash })

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'That sign-in link did not work (Email link is invalid or has expired). Send yourself a new one.',
    )
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy()
    expect(window.location.hash).toBe('')
  })
})

describe('MissingConfig', () => {
  it('lists what is wrong and how to fix it', () => {
    render(<MissingConfig problems={['VITE_SUPABASE_URL is not set.']} />)
    expect(screen.getByRole('alert').textContent).toContain('VITE_SUPABASE_URL is not set.')
    expect(screen.getByRole('alert').textContent).toContain('.env.local')
  })
})
