import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakePlatform, json, jsonBody, networkFailure, type FakePlatform } from '../test/fake-platform'
import { emailFrequencyLimitAnswer, emailRateLimitAnswer } from '../test/platform-answers'
import { renderApp } from '../test/render-app'

let platform: FakePlatform

beforeEach(() => {
  platform = createFakePlatform(import.meta.env.VITE_SUPABASE_URL ?? '')
})

afterEach(() => {
  expect(platform.unanswered).toEqual([])
})

async function requestLink(email: string) {
  const user = userEvent.setup()
  renderApp(platform)
  await user.type(await screen.findByLabelText('E-mail address'), email)
  await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }))
  return user
}

describe('Auth', () => {
  it('sends a magic link and says to check the inbox', async () => {
    platform.on('POST', '/auth/v1/otp', () => json(200, {}))
    const user = await requestLink('ada@example.com')

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('ada@example.com')

    const [otp] = platform.requestsTo('POST', '/auth/v1/otp')
    expect(jsonBody(otp)).toMatchObject({ email: 'ada@example.com', create_user: true })
    // The link leads back to this app.
    expect(otp?.url.searchParams.get('redirect_to')).toBe(window.location.origin)

    await user.click(screen.getByRole('button', { name: 'Use another address' }))
    expect(screen.getByLabelText('E-mail address')).toBeTruthy()
  })

  it('disables the button while the e-mail is being sent', async () => {
    let answer: (response: Response) => void = () => {}
    platform.on('POST', '/auth/v1/otp', () => new Promise<Response>((done) => (answer = done)))
    await requestLink('ada@example.com')

    const button = await screen.findByRole('button', { name: 'Sending…' })
    expect(button.hasAttribute('disabled')).toBe(true)
    answer(json(200, {}))
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy()
  })

  it('explains the e-mail rate limit in words and keeps the address', async () => {
    platform.on('POST', '/auth/v1/otp', () => json(429, emailRateLimitAnswer))
    await requestLink('ada@example.com')

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This app has sent as many sign-in e-mails as it may this hour. Try again later.',
    )
    expect(screen.getByLabelText<HTMLInputElement>('E-mail address').value).toBe('ada@example.com')
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).toBeNull()
  })

  it('says how long to wait when a link was just sent to the same address', async () => {
    platform.on('POST', '/auth/v1/otp', () => json(429, emailFrequencyLimitAnswer))
    await requestLink('ada@example.com')

    expect((await screen.findByRole('alert')).textContent).toBe(
      'A link was just sent to this address. Wait 42 seconds before asking for another.',
    )
  })

  it("shows auth's own message for a refused address", async () => {
    platform.on('POST', '/auth/v1/otp', () =>
      json(400, {
        code: 400,
        error_code: 'email_address_invalid',
        msg: 'Email address "ada@example.invalid" is invalid',
      }),
    )
    await requestLink('ada@example.invalid')

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Email address "ada@example.invalid" is invalid',
    )
  })

  it('says when the server cannot be reached', async () => {
    // The auth library logs the failed fetch itself.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    platform.on('POST', '/auth/v1/otp', networkFailure)
    await requestLink('ada@example.com')

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server could not be reached. Check your connection and try again.',
    )
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })
})
