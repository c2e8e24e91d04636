import { describe, expect, it } from 'vitest'
import { compileRewrites, parseRedirectsFile } from './redirects-file'

describe('parseRedirectsFile', () => {
  it('reads rules, skipping blank lines and comments', () => {
    expect(
      parseRedirectsFile('# rewrites\n\n/a  /a.html  200\n/old /new # moved\n/b/:slug  /b.html  200!\n'),
    ).toEqual([
      { from: '/a', to: '/a.html', status: 200 },
      { from: '/old', to: '/new', status: 301 },
      { from: '/b/:slug', to: '/b.html', status: 200 },
    ])
  })

  it('names the file and line of a rule it cannot read', () => {
    expect(() => parseRedirectsFile('/a  /a.html  200\nnot-a-path  /x  200\n', 'out/_redirects')).toThrow(
      'out/_redirects:2: expected "/from  /to  status", got: not-a-path  /x  200',
    )
  })
})

describe('compileRewrites', () => {
  const rewrite = compileRewrites(
    parseRedirectsFile(
      [
        '/reference/cli  /reference/cli.html  200',
        '/reference/cli/supabase-db-push  /reference/cli.html  200',
        '/moved  /elsewhere  301',
        '/docs/*  /docs.html  200',
        '/docs/exact  /never.html  200',
      ].join('\n'),
    ),
  )

  it('answers the listed paths, with or without a trailing slash', () => {
    expect(rewrite('/reference/cli/supabase-db-push')).toBe('/reference/cli.html')
    expect(rewrite('/reference/cli/supabase-db-push/')).toBe('/reference/cli.html')
    expect(rewrite('/reference/cli')).toBe('/reference/cli.html')
  })

  it('leaves every other path to the files and the 404 page', () => {
    expect(rewrite('/reference/cli/supabase-db-pushh')).toBeNull()
    expect(rewrite('/reference/cli/supabase-db-push/x')).toBeNull()
    // Redirects are the host's business; only rewrites are applied.
    expect(rewrite('/moved')).toBeNull()
  })

  it('applies the first matching rule, pattern or exact path', () => {
    expect(rewrite('/docs/a/b')).toBe('/docs.html')
    expect(rewrite('/docs/exact')).toBe('/docs.html')
  })
})
