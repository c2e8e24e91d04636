import { describe, expect, it } from 'vitest'
import { safeNextPath } from './safe-next-path'

const origin = 'https://app.example'

/** Where a browser goes when it receives `location` in a redirect from `origin`. */
const followed = (location: string) => new URL(location, origin)

describe('safeNextPath', () => {
  it.each([
    ['/account', '/account'],
    ['/a?b=c#d', '/a?b=c#d'],
    ['/auth/welcome?tab=profile', '/auth/welcome?tab=profile'],
    // An encoded backslash is part of a path on this site, not a separator.
    ['/%5Cevil.example', '/%5Cevil.example'],
    // A full URL on the same origin is fine; only its path is kept.
    ['https://app.example/account?x=1', '/account?x=1'],
  ])('follows %j on the same site', (next, expected) => {
    expect(safeNextPath(next, origin)).toBe(expected)
  })

  it.each([
    ['//evil.example', 'protocol-relative URL'],
    ['/\\evil.example', 'slash and backslash, read as //'],
    ['\\/evil.example', 'backslash and slash, read as //'],
    ['\\\\evil.example', 'two backslashes'],
    ['/\t/evil.example', 'a tab, which URL parsing strips'],
    ['/\n/evil.example', 'a newline, which URL parsing strips'],
    ['/.//evil.example', 'a dot segment that leaves //'],
    ['https://evil.example/account', 'another origin'],
    ['http://app.example/account', 'the same host over another scheme'],
    ['https://app.example:8443/account', 'the same host on another port'],
    ['https://app.example.evil.example/', 'a host that starts like ours'],
    ['javascript:alert(document.domain)', 'a javascript: URL'],
    ['data:text/html,<script>alert(1)</script>', 'a data: URL'],
    ['blob:https://app.example/0b1c', 'a blob: URL whose origin is ours'],
    ['https://[::1', 'a value that does not parse'],
  ])('falls back to / for %j (%s)', (next) => {
    expect(safeNextPath(next, origin)).toBe('/')
  })

  it('falls back to / when next is missing or empty', () => {
    expect(safeNextPath(null, origin)).toBe('/')
    expect(safeNextPath(undefined, origin)).toBe('/')
    expect(safeNextPath('', origin)).toBe('/')
  })

  it('drops tabs and newlines inside a path on this site', () => {
    expect(safeNextPath('/acc\tou\nnt', origin)).toBe('/account')
  })

  it('never yields a redirect that a browser follows to another origin', () => {
    const hostile = [
      '//x',
      '/\\x',
      '\\/x',
      '/%5Cx',
      'https://x',
      'javascript:x',
      '/\t/x',
      '/\r\n/x',
      '/./\\x',
      '/..//x',
      '///x',
    ]
    for (const next of hostile) {
      const location = safeNextPath(next, origin)
      expect(followed(location).origin, next).toBe(origin)
      expect(location, next).toMatch(/^\/(?![/\\])/)
    }
  })

  it('uses the origin of the request, whatever path it carries', () => {
    expect(safeNextPath('/account', 'http://localhost:3000/auth/callback?code=1')).toBe('/account')
    expect(safeNextPath('http://localhost:3001/', 'http://localhost:3000/auth/callback')).toBe('/')
  })
})
