import { describe, expect, it } from 'vitest'
import { compileHeaderRules, parseHeadersFile, renderHeadersFile, type HeaderRule } from './headers-file'

const RULES: HeaderRule[] = [
  { path: '/*', headers: [['X-Content-Type-Options', 'nosniff']] },
  { path: '/_next/static/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']] },
  { path: '/reference/cli', headers: [['Content-Security-Policy', "script-src 'self' 'sha256-a='"]] },
  { path: '/reference/cli/:slug', headers: [['Content-Security-Policy', "script-src 'self' 'sha256-b='"]] },
]

describe('the _headers file', () => {
  it('reads back what it writes, comments and blank lines aside', () => {
    const text = renderHeadersFile(RULES, 'Generated.')
    expect(text.startsWith('# Generated.\n/*\n  X-Content-Type-Options: nosniff\n')).toBe(true)
    expect(parseHeadersFile(`${text}\n# trailing comment\n\n`)).toEqual(RULES)
  })

  it('names the line of a malformed rule', () => {
    expect(() => parseHeadersFile('/*\n  X-Frame-Options DENY\n', 'out/_headers')).toThrow(
      'out/_headers:2: expected "Name: value", got: X-Frame-Options DENY',
    )
    expect(() => parseHeadersFile('  X-Frame-Options: DENY\n')).toThrow(
      '_headers:1: a header comes before any path',
    )
    expect(() => parseHeadersFile('guides\n')).toThrow('_headers:1: a rule must start with "/"')
  })

  it('refuses to write a header that would break the file', () => {
    expect(() => renderHeadersFile([{ path: '/', headers: [['X-Bad', 'a\nb']] }])).toThrow(
      'cannot be written',
    )
  })
})

describe('matching a request path', () => {
  const rules = compileHeaderRules(RULES)
  const names = (pathname: string) => [...rules.headersFor(pathname).values()].map(([name]) => name)

  it('applies `*` to any depth and `:slug` to one segment', () => {
    expect(names('/_next/static/chunks/a/b.js')).toEqual(['X-Content-Type-Options', 'Cache-Control'])
    expect(names('/_next/other.js')).toEqual(['X-Content-Type-Options'])
    expect(rules.headersFor('/reference/cli/supabase-init').get('content-security-policy')?.[1]).toContain(
      'sha256-b=',
    )
    expect(rules.headersFor('/reference/cli/crawlers/supabase-init').has('content-security-policy')).toBe(
      false,
    )
  })

  it('treats a trailing slash as the same path', () => {
    expect(rules.headersFor('/reference/cli/').get('content-security-policy')?.[1]).toContain('sha256-a=')
    expect(
      compileHeaderRules([{ path: '/', headers: [['X-Home', '1']] }])
        .headersFor('/')
        .has('x-home'),
    ).toBe(true)
  })

  it('joins the values of a header set by several rules, as hosts do', () => {
    const merged = compileHeaderRules([
      { path: '/*', headers: [['Link', '</a.css>; rel=preload']] },
      { path: '/guides/*', headers: [['link', '</b.css>; rel=preload']] },
    ]).headersFor('/guides/x')
    expect(merged.get('link')).toEqual(['Link', '</a.css>; rel=preload, </b.css>; rel=preload'])
  })

  it("replaces a wider rule's header where a rule detaches it, and only on that rule's paths", () => {
    const text = renderHeadersFile([
      { path: '/*', headers: [['X-Frame-Options', 'DENY']] },
      { path: '/framed', headers: [['X-Frame-Options', 'SAMEORIGIN']], detach: ['X-Frame-Options'] },
    ])
    expect(text).toContain('/framed\n  ! X-Frame-Options\n  X-Frame-Options: SAMEORIGIN\n')
    const rules = compileHeaderRules(parseHeadersFile(text))
    expect(rules.headersFor('/framed/').get('x-frame-options')).toEqual(['X-Frame-Options', 'SAMEORIGIN'])
    expect(rules.headersFor('/framed/assets/a.js').get('x-frame-options')?.[1]).toBe('DENY')
    expect(rules.headersFor('/').get('x-frame-options')?.[1]).toBe('DENY')
    expect(() => parseHeadersFile('/*\n  ! X Frame\n')).toThrow(
      '_headers:2: expected "! Name", got: ! X Frame',
    )
  })

  it('matches pattern characters literally', () => {
    const literal = compileHeaderRules([{ path: '/llms.txt', headers: [['X-Llms', '1']] }])
    expect(literal.headersFor('/llms.txt').has('x-llms')).toBe(true)
    expect(literal.headersFor('/llmsXtxt').has('x-llms')).toBe(false)
  })
})
