import { describe, expect, it } from 'vitest'
import { assertVariable, isKeyFromOlderVersion, variableValue } from './variable-display'

describe('variableValue', () => {
  const api = { endpoint: 'abc.basebox.co', protocol: 'https', anonKey: 'eyJ.a.b' }

  it('joins protocol and endpoint into the URL', () => {
    expect(variableValue('url', api)).toEqual({ kind: 'value', text: 'https://abc.basebox.co' })
    expect(variableValue('url', { ...api, endpoint: '127.0.0.1:54321', protocol: 'http' })).toEqual({
      kind: 'value',
      text: 'http://127.0.0.1:54321',
    })
  })

  it('has no URL without an endpoint', () => {
    expect(variableValue('url', { ...api, endpoint: undefined })).toEqual({ kind: 'unavailable', reason: 'no-endpoint' })
  })

  it('shows the anon key unless it is text about an older version', () => {
    expect(variableValue('anonKey', api)).toEqual({ kind: 'value', text: 'eyJ.a.b' })
    const legacy = 'This project was created with an older version of the platform.'
    expect(isKeyFromOlderVersion(legacy)).toBe(true)
    expect(variableValue('anonKey', { ...api, anonKey: legacy })).toEqual({
      kind: 'unavailable',
      reason: 'older-key-format',
    })
    expect(variableValue('anonKey', { ...api, anonKey: '' })).toEqual({ kind: 'unavailable', reason: 'no-key' })
  })
})

describe('assertVariable', () => {
  it('accepts url and anonKey only', () => {
    expect(() => assertVariable('url')).not.toThrow()
    expect(() => assertVariable('anonKey')).not.toThrow()
    for (const bad of ['serviceRoleKey', 'service_role', '', undefined]) {
      expect(() => assertVariable(bad)).toThrow('variable must be "url" or "anonKey"')
    }
  })
})
