import { describe, expect, it } from 'vitest'
import { appAddressFor } from './app-address'

const app = 'http://localhost:3000/try/user-management/'

describe('appAddressFor', () => {
  it('opens the site root the app redirects to (window.location.origin) at the app, keeping the session', () => {
    expect(appAddressFor('http://localhost:3000#access_token=a&type=magiclink', app)).toEqual({
      ok: true,
      address: 'http://localhost:3000/try/user-management/#access_token=a&type=magiclink',
    })
    expect(appAddressFor('http://localhost:3000/?code=1', app)).toEqual({
      ok: true,
      address: 'http://localhost:3000/try/user-management/?code=1',
    })
  })

  it("keeps an address inside the app, such as the site URL's fallback with an error", () => {
    expect(appAddressFor(`${app}#error=access_denied&error_code=otp_expired`, app)).toEqual({
      ok: true,
      address: `${app}#error=access_denied&error_code=otp_expired`,
    })
  })

  it('opens nothing on another origin, another page of the site, or no redirect', () => {
    expect(appAddressFor('https://evil.example/#access_token=a', app)).toMatchObject({ ok: false })
    expect(appAddressFor('http://localhost:3000/guides/auth#x', app)).toMatchObject({
      ok: false,
      message: expect.stringContaining('/guides/auth'),
    })
    expect(appAddressFor(null, app)).toMatchObject({ ok: false, message: expect.stringContaining('no redirect') })
    expect(appAddressFor('http://[bad', app)).toMatchObject({ ok: false })
  })
})
