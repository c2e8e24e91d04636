import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy'
import { compileHeaderRules, parseHeadersFile } from './headers-file'
import { hostHeaderRules, pageUrlOf, siteWideHeaders, writeHostHeaders } from './host-headers'

const sha = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`

describe('inlineScriptHashes', () => {
  it('hashes each inline script once, in page order, and skips external ones', () => {
    const html =
      '<head><script>theme()</script><SCRIPT async src="/a.js"></SCRIPT><script id="x" nonce="">' +
      'self.__next_f.push([1,"é"])</script></head><body><script>theme()</script><script type="module">\n</script></body>'
    expect(inlineScriptHashes(html)).toEqual([sha('theme()'), sha('self.__next_f.push([1,"é"])'), sha('\n')])
  })
})

describe('contentSecurityPolicy', () => {
  it('allows the given hashes and origins, and no inline script without one', () => {
    const policy = contentSecurityPolicy({
      scriptHashes: [sha('a')],
      connectOrigins: ['http://localhost:3001', 'http://localhost:3001'],
    })
    expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' ${sha('a')};`)
    expect(policy).toContain("connect-src 'self' http://localhost:3001;")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
  })
})

describe('host headers of an export', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  function exportWith(pages: Record<string, string>) {
    dir = mkdtempSync(path.join(tmpdir(), 'host-headers-'))
    for (const [file, script] of Object.entries(pages)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), `<html><head><script>${script}</script></head></html>`)
    }
  }

  it('names pages by their clean URL', () => {
    expect(pageUrlOf('index.html')).toBe('/')
    expect(pageUrlOf('guides.html')).toBe('/guides')
    expect(pageUrlOf(path.join('guides', 'auth', 'index.html'))).toBe('/guides/auth')
    expect(pageUrlOf(path.join('reference', 'javascript', 'v1.html'))).toBe('/reference/javascript/v1')
  })

  it('gives a section pattern the policy of its page, and of any page it also matches', () => {
    exportWith({
      'index.html': 'home()',
      'reference/javascript.html': 'v2()',
      'reference/javascript/v1.html': 'v1()',
    })
    const rules = compileHeaderRules(
      hostHeaderRules(dir, {
        siteUrl: 'http://localhost:3000',
        connectOrigins: [],
        rewrites: [
          { source: '/reference/javascript/v1/:slug', destination: '/reference/javascript/v1.html' },
          { source: '/reference/javascript/:slug', destination: '/reference/javascript.html' },
        ],
      }),
    )
    const policies = (pathname: string) =>
      (rules.headersFor(pathname).get('content-security-policy')?.[1] ?? '').split(', ')

    expect(policies('/')).toEqual([expect.stringContaining(sha('home()'))])
    expect(policies('/reference/javascript/select')).toEqual([expect.stringContaining(sha('v2()'))])
    expect(policies('/reference/javascript/v1/select')).toEqual([expect.stringContaining(sha('v1()'))])
    // `/reference/javascript/v1` matches its own rule and the v2 section pattern; a browser
    // enforces both policies, so both must allow the v1 page's script.
    const v1 = policies('/reference/javascript/v1')
    expect(v1).toHaveLength(2)
    for (const policy of v1) expect(policy).toContain(sha('v1()'))
  })

  it('lets a section pattern run the 404 page, which answers the slugs that are not rewritten', () => {
    exportWith({ 'reference/cli.html': 'cli()', '404.html': 'missing()' })
    const rules = compileHeaderRules(
      hostHeaderRules(dir, {
        siteUrl: 'http://localhost:3000',
        connectOrigins: [],
        rewrites: [{ source: '/reference/cli/:slug', destination: '/reference/cli.html' }],
      }),
    )
    const [policy = ''] = (
      rules.headersFor('/reference/cli/no-such-command').get('content-security-policy')?.[1] ?? ''
    ).split(', ')
    expect(policy).toContain(sha('cli()'))
    expect(policy).toContain(sha('missing()'))
  })

  it('fails on a rewrite to a page the export does not have', () => {
    exportWith({ 'index.html': 'home()' })
    expect(() =>
      hostHeaderRules(dir, {
        siteUrl: 'http://localhost:3000',
        connectOrigins: [],
        rewrites: [{ source: '/x/:slug', destination: '/x.html' }],
      }),
    ).toThrow('Host rewrite /x/:slug points to /x.html, which is not a page')
  })

  it('writes _headers with site-wide, caching, worker and page rules', () => {
    exportWith({ 'index.html': 'home()', '404.html': 'missing()' })
    const written = writeHostHeaders(dir, {
      siteUrl: 'http://localhost:3000',
      connectOrigins: ['http://api.test'],
      rewrites: [],
    })
    const rules = parseHeadersFile(readFileSync(written.file, 'utf8'))
    expect(rules.map((rule) => rule.path)).toEqual([
      '/*',
      '/_next/static/*',
      '/_islands/*',
      '/pagefind/*',
      '/',
      '/404',
    ])
    expect(written.rules).toBe(6)
    expect(written.largestPolicy.path).toMatch(/^\/(404)?$/)
  })

  it('lets only the listed pages be framed, by the site itself, with object URLs as images', () => {
    exportWith({ 'index.html': 'home()', 'try/app/index.html': 'app()' })
    const rules = compileHeaderRules(
      hostHeaderRules(dir, {
        siteUrl: 'http://localhost:3000',
        connectOrigins: [],
        rewrites: [],
        framedPages: ['/try/app'],
      }),
    )
    const policy = (pathname: string) => rules.headersFor(pathname).get('content-security-policy')?.[1] ?? ''
    expect(policy('/try/app/')).toContain("frame-ancestors 'self'")
    expect(policy('/try/app/')).toContain("img-src 'self' data: blob:;")
    expect(policy('/')).toContain("frame-ancestors 'none'")
    expect(policy('/')).toContain("img-src 'self' data:;")
    const frameOptions = (pathname: string) => rules.headersFor(pathname).get('x-frame-options')?.[1]
    expect(frameOptions('/try/app/')).toBe('SAMEORIGIN')
    expect(frameOptions('/try/app/assets/index.js')).toBe('DENY')
    expect(frameOptions('/')).toBe('DENY')
    expect(frameOptions('/missing')).toBe('DENY')
  })

  it('sends Strict-Transport-Security only for an https site, and the other site-wide headers always', () => {
    const names = (siteUrl: string) => siteWideHeaders(siteUrl).headers.map(([name]) => name)
    expect(names('https://docs.example.com')).toContain('Strict-Transport-Security')
    expect(names('http://localhost:3000')).not.toContain('Strict-Transport-Security')
    for (const siteUrl of ['https://docs.example.com', 'http://localhost:3000']) {
      expect(names(siteUrl)).toEqual(
        expect.arrayContaining([
          'X-Content-Type-Options',
          'Permissions-Policy',
          'Cross-Origin-Opener-Policy',
        ]),
      )
    }
    const policy = new Map(siteWideHeaders('https://docs.example.com').headers).get('Permissions-Policy')
    expect(policy).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\)/)
  })
})
