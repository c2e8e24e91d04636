import { describe, expect, it } from 'vitest'
import { smsProviderFromSearch, urlWithSmsProvider } from './sms-provider-param'

const ids = ['messagebird', 'twilio', 'vonage']

describe('?showSmsProvider=', () => {
  it('names a known provider, and ignores unknown, empty and missing values', () => {
    expect(smsProviderFromSearch('?showSmsProvider=twilio', ids)).toBe('twilio')
    expect(smsProviderFromSearch('?framework=astro&showSmsProvider=vonage', ids)).toBe('vonage')
    expect(smsProviderFromSearch('?showSmsProvider=Twilio', ids)).toBeUndefined()
    expect(smsProviderFromSearch('?showSmsProvider=nope', ids)).toBeUndefined()
    expect(smsProviderFromSearch('?showSmsProvider=', ids)).toBeUndefined()
    expect(smsProviderFromSearch('', ids)).toBeUndefined()
  })

  it('sets and removes the parameter, keeping the rest of the URL', () => {
    const base = 'http://localhost:3000/guides/auth/phone-login?framework=astro#providers'
    const withTwilio = urlWithSmsProvider(base, 'twilio')
    expect(withTwilio).toBe('/guides/auth/phone-login?framework=astro&showSmsProvider=twilio#providers')
    expect(urlWithSmsProvider(`http://localhost:3000${withTwilio}`, undefined)).toBe(
      '/guides/auth/phone-login?framework=astro#providers',
    )
    expect(urlWithSmsProvider('http://localhost:3000/p?showSmsProvider=twilio', 'vonage')).toBe(
      '/p?showSmsProvider=vonage',
    )
    expect(urlWithSmsProvider('http://localhost:3000/p?showSmsProvider=twilio', undefined)).toBe('/p')
  })
})
