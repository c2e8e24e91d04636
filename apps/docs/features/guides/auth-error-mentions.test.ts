/**
 * Error codes the guides tell readers to check for must be codes the auth server sends. The
 * list comes from the installed client's `ErrorCode` type, which mirrors the server's codes;
 * a misspelled or invented code in a guide's prose or code fails here with the page named.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { listGuides } from './guides'

function installedErrorCodes(): Set<string> {
  const require = createRequire(import.meta.url)
  const authJs = path.dirname(require.resolve('@supabase/auth-js/package.json'))
  const declaration = readFileSync(path.join(authJs, 'dist/module/lib/error-codes.d.ts'), 'utf8')
  const union = /export type ErrorCode =([^;]+);/.exec(declaration)?.[1]
  if (!union) throw new Error('ErrorCode union not found in @supabase/auth-js')
  return new Set([...union.matchAll(/'([a-z0-9_]+)'/g)].map((match) => match[1]!))
}

/**
 * Codes a page names as errors: compared with `error.code`, a `case` label, or in prose right
 * after "fails with" / "fail with" / "refused with".
 */
function mentionedErrorCodes(body: string): string[] {
  const patterns = [
    /error\.code === '([a-z0-9_]+)'/g,
    /case '([a-z0-9_]+)':/g,
    /(?:fails?|failed|refuse[sd]?[^`.]{0,40}|answers?) with `([a-z0-9_]+)`/g,
    // Comments that explain a code: `// sso_provider_not_found: no provider has this domain.`
    /\/\/ ([a-z0-9]+_[a-z0-9_]+): /g,
  ]
  return patterns.flatMap((pattern) => [...body.matchAll(pattern)].map((match) => match[1]!))
}

const codes = installedErrorCodes()
const pages = listGuides().filter((g) => g.href.startsWith('/guides/auth') || g.href.startsWith('/guides/platform'))

describe('auth error codes named in the guides', () => {
  it('reads the codes from the installed client and finds them in prose and code', () => {
    expect(codes.has('same_password')).toBe(true)
    expect(
      mentionedErrorCodes("if (error.code === 'otp_expired') ... fails with `same_password`\n// false: not a code"),
    ).toEqual(['otp_expired', 'same_password'])
  })

  it('names only codes the auth server sends', () => {
    const unknown = pages.flatMap((page) =>
      mentionedErrorCodes(page.body)
        .filter((code) => !codes.has(code))
        .map((code) => `${page.file}: ${code}`),
    )
    expect(unknown).toEqual([])
  })

  it.each([
    ['/guides/auth/password-rules', ['same_password', 'weak_password', 'reauthentication_needed']],
    ['/guides/auth/mfa', ['mfa_factor_name_conflict']],
    ['/guides/auth/anonymous-sign-ins', ['anonymous_provider_disabled']],
    ['/guides/auth/passwords', ['invalid_credentials', 'email_not_confirmed', 'user_banned']],
    ['/guides/platform/sso', ['sso_domain_already_exists']],
  ])('%s tells readers about %j, codes the installed client knows', (href, expected) => {
    const page = pages.find((g) => g.href === href)
    expect(page, href).toBeDefined()
    for (const code of expected) {
      expect(codes.has(code), code).toBe(true)
      const named = mentionedErrorCodes(page!.body).includes(code) || page!.body.includes(`\`${code}\``)
      expect(named, code).toBe(true)
    }
  })
})
