import { createRequire } from 'node:module'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { authErrorCodes, filterTerms, matchesFilter, rowIdFor, searchTextFor } from './error-codes'

/**
 * The members of the `ErrorCode` union of the installed auth client, read with the TypeScript
 * compiler from its declaration file, so a new client version with new codes fails this test.
 */
function installedErrorCodes(): string[] {
  const require = createRequire(import.meta.url)
  const packageDir = path.dirname(require.resolve('@supabase/auth-js/package.json'))
  const file = path.join(packageDir, 'dist', 'module', 'lib', 'error-codes.d.ts')
  const program = ts.createProgram([file], { noEmit: true, skipLibCheck: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)
  if (!source) throw new Error(`cannot read ${file}`)
  const alias = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === 'ErrorCode',
  )
  if (!alias) throw new Error(`no ErrorCode type in ${file}`)
  const type = checker.getTypeAtLocation(alias.name)
  const members = type.isUnion() ? type.types : [type]
  return members.map((member) => {
    if (!member.isStringLiteral())
      throw new Error(`ErrorCode member is not a string: ${checker.typeToString(member)}`)
    return member.value
  })
}

describe('auth error code catalogue', () => {
  it(
    'has exactly the members of the installed ErrorCode type, once each, sorted',
    { timeout: 60_000 },
    () => {
      const installed = installedErrorCodes()
      expect(installed.length).toBeGreaterThanOrEqual(84)
      const codes = authErrorCodes.map((entry) => entry.code)
      expect(new Set(codes).size).toBe(codes.length)
      expect({
        missing: installed.filter((code) => !codes.includes(code)),
        extra: codes.filter((code) => !installed.includes(code)),
      }).toEqual({ missing: [], extra: [] })
      expect(codes).toEqual([...codes].sort())
    },
  )

  it('explains every code and says what to do, in full sentences', () => {
    for (const entry of authErrorCodes) {
      expect(entry.meaning, entry.code).toMatch(/^[A-Z`].{10,}[.)]$/)
      expect(entry.action, entry.code).toMatch(/^[A-Z`].{5,}[.)]$/)
      expect(entry.meaning).not.toBe(entry.action)
    }
  })

  it('gives the HTTP statuses the auth server sends each code with', () => {
    const statusOf = (code: string) => authErrorCodes.find((entry) => entry.code === code)?.statuses
    expect(statusOf('over_request_rate_limit')).toEqual([429])
    expect(statusOf('invalid_credentials')).toEqual([400])
    expect(statusOf('otp_expired')).toEqual([403])
    expect(statusOf('request_timeout')).toEqual([504])
    for (const entry of authErrorCodes) {
      for (const status of entry.statuses) expect(status, entry.code).toBeGreaterThanOrEqual(400)
    }
  })

  it('links each row as #code-<code>', () => {
    expect(rowIdFor('otp_expired')).toBe('code-otp_expired')
  })
})

describe('error code filter', () => {
  const entry = authErrorCodes.find((e) => e.code === 'over_request_rate_limit')!
  const text = searchTextFor(entry)

  it('matches codes by words, in any order and case', () => {
    expect(matchesFilter(text, filterTerms('Rate LIMIT'))).toBe(true)
    expect(matchesFilter(text, filterTerms('limit request'))).toBe(true)
    expect(matchesFilter(text, filterTerms('over_request'))).toBe(true)
    expect(matchesFilter(text, filterTerms('rate sms'))).toBe(false)
  })

  it('filters by HTTP status', () => {
    const limited = authErrorCodes.filter((e) => matchesFilter(searchTextFor(e), filterTerms('429')))
    expect(limited.map((e) => e.code).sort()).toEqual([
      'over_email_send_rate_limit',
      'over_request_rate_limit',
      'over_sms_send_rate_limit',
    ])
  })

  it('matches everything with an empty query', () => {
    expect(filterTerms('   ')).toEqual([])
    expect(matchesFilter(text, [])).toBe(true)
  })

  it('finds the SAML codes and only them for "saml"', () => {
    const saml = authErrorCodes.filter((e) => matchesFilter(searchTextFor(e), filterTerms('saml')))
    expect(saml.map((e) => e.code).every((code) => code.startsWith('saml_'))).toBe(true)
    expect(saml).toHaveLength(9)
  })
})
