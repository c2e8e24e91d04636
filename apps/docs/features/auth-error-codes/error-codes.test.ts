import { describe, expect, it } from 'vitest'
import { authErrorCodes, filterTerms, matchesFilter, searchTextFor } from './error-codes'

/** The codes the auth server documents; the catalogue must have exactly these. */
const DOCUMENTED =
  `bad_code_verifier bad_json bad_jwt bad_oauth_callback bad_oauth_state captcha_failed conflict
email_conflict_identity_not_deletable email_exists email_not_confirmed email_provider_disabled flow_state_expired
flow_state_not_found identity_already_exists identity_not_found insufficient_aal invite_not_found
manual_linking_disabled mfa_challenge_expired mfa_factor_name_conflict mfa_factor_not_found mfa_ip_address_mismatch
mfa_verification_failed mfa_verification_rejected no_authorization not_admin oauth_provider_not_supported
otp_disabled otp_expired over_email_send_rate_limit over_request_rate_limit over_sms_send_rate_limit phone_exists
phone_not_confirmed phone_provider_disabled provider_disabled provider_email_needs_verification
reauthentication_needed reauthentication_not_valid same_password saml_assertion_no_email saml_assertion_no_user_id
saml_entity_id_mismatch saml_idp_already_exists saml_idp_not_found saml_metadata_fetch_failed
saml_provider_disabled saml_relay_state_expired saml_relay_state_not_found session_not_found signup_disabled
single_identity_not_deletable sms_send_failed sso_domain_already_exists sso_provider_not_found
too_many_enrolled_mfa_factors unexpected_audience unexpected_failure user_already_exists user_banned
user_not_found user_sso_managed validation_failed weak_password`.split(/\s+/)

describe('auth error code catalogue', () => {
  it('has exactly the documented codes, once each, sorted', () => {
    const codes = authErrorCodes.map((entry) => entry.code)
    expect(codes).toHaveLength(64)
    expect(new Set(codes).size).toBe(codes.length)
    expect([...codes].sort()).toEqual([...DOCUMENTED].sort())
    expect(codes).toEqual([...codes].sort())
  })

  it('explains every code and says what to do, in full sentences', () => {
    for (const entry of authErrorCodes) {
      expect(entry.meaning, entry.code).toMatch(/^[A-Z`].{10,}[.)]$/)
      expect(entry.action, entry.code).toMatch(/^[A-Z`].{5,}[.)]$/)
      expect(entry.meaning).not.toBe(entry.action)
    }
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
