/**
 * Every error code the auth server returns in `error.code`, with what it means and what to do
 * about it. Kept sorted by code (a unit test checks), which is also the table's order.
 */
export interface AuthErrorCode {
  code: string
  /**
   * HTTP statuses the auth server answers this code with (from its source); empty when the current
   * server no longer sends it.
   */
  statuses: readonly number[]
  /** What happened, in one or two sentences. */
  meaning: string
  /** What the developer (or the user) should do next. */
  action: string
}

export const authErrorCodes: readonly AuthErrorCode[] = [
  {
    code: 'anonymous_provider_disabled',
    statuses: [422],
    meaning: 'Anonymous sign-ins are turned off for the project.',
    action: 'Turn on anonymous sign-ins in the auth settings, or sign the user up with another method.',
  },
  {
    code: 'bad_code_verifier',
    statuses: [400],
    meaning:
      'During a PKCE code exchange, the code verifier sent with the code does not match the code challenge stored when the flow started.',
    action:
      'Exchange the code in the same browser, with the same storage, that started the sign-in. With server-side auth, make sure the verifier cookie set by the client reaches your callback route.',
  },
  {
    code: 'bad_json',
    statuses: [400],
    meaning: 'The request body is not valid JSON.',
    action:
      'Send a JSON body with the `Content-Type: application/json` header. The client library does this for you.',
  },
  {
    code: 'bad_jwt',
    statuses: [400, 403],
    meaning:
      'The JWT in the `Authorization` header is not valid: malformed, signed with another secret, or expired.',
    action:
      "Send the current access token of the session, refreshing the session first if needed. If you sign tokens yourself, sign them with the project's JWT secret.",
  },
  {
    code: 'bad_oauth_callback',
    statuses: [400],
    meaning: 'The OAuth provider called back without the attributes the auth server needs, such as `state`.',
    action:
      "Check the provider app: its callback URL must be the project's `/auth/v1/callback` URL, and nothing between the provider and the auth server may rewrite the query string.",
  },
  {
    code: 'bad_oauth_state',
    statuses: [400],
    meaning:
      'The `state` parameter the OAuth provider sent back is not in the format the auth server issued.',
    action: "Start the sign-in again from your app. Do not build the provider's authorize URL by hand.",
  },
  {
    code: 'captcha_failed',
    statuses: [400],
    meaning: 'The captcha provider did not accept the captcha token sent with the request.',
    action:
      'Pass a fresh `captchaToken` with each sign-up or sign-in (a token is valid once), and check that the secret key in the auth settings belongs to the same site key as the widget.',
  },
  {
    code: 'conflict',
    statuses: [400, 409, 422],
    meaning: 'A general database conflict, usually several requests changing the same resource at once.',
    action:
      'Retry after a moment. Avoid refreshing the same session from several tabs or processes in parallel.',
  },
  {
    code: 'email_address_invalid',
    statuses: [400],
    meaning: 'The email address was refused as not deliverable, for example an example or test domain.',
    action: 'Ask the user for a real address. For tests, use an address on a domain that accepts mail.',
  },
  {
    code: 'email_address_not_authorized',
    statuses: [400],
    meaning:
      "Mail to this address is not allowed while the project sends email through the built-in service, which only mails members of the project's organization.",
    action: 'Set up custom SMTP in the auth settings before sending email to other users.',
  },
  {
    code: 'email_conflict_identity_not_deletable',
    statuses: [422],
    meaning:
      "Unlinking this identity would switch the user's email to one that another account already uses.",
    action:
      'Ask the user to change their primary email first, or resolve the duplicate account before unlinking.',
  },
  {
    code: 'email_exists',
    statuses: [400, 422],
    meaning: 'An account with this email address already exists.',
    action: 'Offer to sign in, or to reset the password, instead of signing up.',
  },
  {
    code: 'email_not_confirmed',
    statuses: [400, 403, 422],
    meaning: 'The user has not confirmed their email address, and sign-in requires it.',
    action:
      "Tell the user to open the confirmation email, and offer to resend it with `auth.resend({ type: 'signup', email })`.",
  },
  {
    code: 'email_provider_disabled',
    statuses: [400, 422],
    meaning: 'Sign-ups with email and password are turned off for this project.',
    action: 'Turn the Email provider on in the auth settings, or offer another way to sign in.',
  },
  {
    code: 'flow_state_expired',
    statuses: [422],
    meaning: 'The PKCE flow state expired: the user took too long between starting sign-in and coming back.',
    action: 'Ask the user to sign in again.',
  },
  {
    code: 'flow_state_not_found',
    statuses: [400, 404, 422],
    meaning:
      'The PKCE flow state no longer exists: it expired and was removed, or its code was already exchanged.',
    action:
      'Ask the user to sign in again, and exchange each code only once (a page reload must not repeat it).',
  },
  {
    code: 'hook_payload_invalid_content_type',
    statuses: [400],
    meaning: 'An auth hook replied with a content type other than `application/json`.',
    action: 'Make the hook return JSON with the `Content-Type: application/json` header.',
  },
  {
    code: 'hook_payload_over_size_limit',
    statuses: [422],
    meaning: 'The reply of an auth hook is larger than the auth server accepts.',
    action: 'Return only the fields the hook contract asks for; keep large data out of the reply.',
  },
  {
    code: 'hook_timeout',
    statuses: [422],
    meaning: 'An auth hook did not answer in time.',
    action: 'Make the hook answer faster (it runs on every matching request), or move slow work out of it.',
  },
  {
    code: 'hook_timeout_after_retry',
    statuses: [422],
    meaning: 'An HTTP auth hook did not answer in time, also on the retries.',
    action: 'Check that the hook endpoint is up and fast; look at its logs for the failed calls.',
  },
  {
    code: 'identity_already_exists',
    statuses: [422],
    meaning: 'The identity you are linking already belongs to a user.',
    action: 'Sign in with that identity instead, or unlink it from the other account first.',
  },
  {
    code: 'identity_not_found',
    statuses: [422],
    meaning: 'The identity does not exist, for example because it was already unlinked.',
    action: "Reload the user's identities with `auth.getUserIdentities()` before unlinking.",
  },
  {
    code: 'insufficient_aal',
    statuses: [401, 403, 422],
    meaning:
      'The request needs a higher authenticator assurance level than the session has: the user must pass multi-factor authentication first.',
    action:
      "Challenge and verify one of the user's MFA factors, then retry with the upgraded (aal2) session.",
  },
  {
    code: 'invalid_credentials',
    statuses: [400],
    meaning:
      'The email or phone number and password do not match an account, or the client credentials of an OAuth request are wrong.',
    action:
      'Tell the user the sign-in details are wrong without saying which part, and offer a password reset.',
  },
  {
    code: 'invite_not_found',
    statuses: [404],
    meaning: 'The invite has expired or was already used.',
    action: 'Send a new invite.',
  },
  {
    code: 'manual_linking_disabled',
    statuses: [404],
    meaning: '`linkIdentity()` or `unlinkIdentity()` was called, but manual linking is turned off.',
    action: 'Turn on manual linking in the auth settings (`enable_manual_linking` in config.toml).',
  },
  {
    code: 'mfa_challenge_expired',
    statuses: [422],
    meaning: 'The user answered the MFA challenge too late.',
    action: 'Create a new challenge and ask for a new code.',
  },
  {
    code: 'mfa_factor_name_conflict',
    statuses: [422],
    meaning: 'The user already has a factor with this friendly name; two factors cannot share one.',
    action: 'Use another friendly name, for example one that includes the device name.',
  },
  {
    code: 'mfa_factor_not_found',
    statuses: [404, 422],
    meaning: 'The MFA factor does not exist.',
    action: "List the user's factors with `auth.mfa.listFactors()` and use one of their ids.",
  },
  {
    code: 'mfa_ip_address_mismatch',
    statuses: [422],
    meaning: 'Enrolling an MFA factor must finish from the same IP address it started from, and it did not.',
    action: 'Start the enrollment again from the network the user is on now.',
  },
  {
    code: 'mfa_phone_enroll_not_enabled',
    statuses: [422],
    meaning: 'Enrolling a phone MFA factor is turned off for the project.',
    action: 'Turn on phone MFA enrolment in the auth settings, or offer another factor type.',
  },
  {
    code: 'mfa_phone_verify_not_enabled',
    statuses: [422],
    meaning: 'Verifying a phone MFA factor is turned off for the project.',
    action: 'Turn on phone MFA verification in the auth settings.',
  },
  {
    code: 'mfa_totp_enroll_not_enabled',
    statuses: [422],
    meaning: 'Enrolling an authenticator-app (TOTP) factor is turned off for the project.',
    action: 'Turn on TOTP enrolment in the auth settings, or offer another factor type.',
  },
  {
    code: 'mfa_totp_verify_not_enabled',
    statuses: [422],
    meaning: 'Verifying an authenticator-app (TOTP) factor is turned off for the project.',
    action: 'Turn on TOTP verification in the auth settings.',
  },
  {
    code: 'mfa_verification_failed',
    statuses: [422],
    meaning: 'The MFA code is wrong.',
    action:
      'Ask the user for a new code. Authenticator codes change every 30 seconds, so check the device clock too.',
  },
  {
    code: 'mfa_verification_rejected',
    statuses: [403],
    meaning: 'Your MFA verification hook rejected the attempt.',
    action:
      "Check the hook's rules (for example, a limit on failed attempts) and tell the user why they cannot continue.",
  },
  {
    code: 'mfa_verified_factor_exists',
    statuses: [422],
    meaning:
      'The user already has a verified factor of this kind, such as a verified phone number, so another cannot be enrolled.',
    action: 'Use the existing factor, or unenroll it before adding a new one.',
  },
  {
    code: 'mfa_webauthn_enroll_not_enabled',
    statuses: [422],
    meaning: 'Enrolling a WebAuthn (passkey or security key) factor is turned off for the project.',
    action: 'Turn on WebAuthn enrolment in the auth settings, or offer another factor type.',
  },
  {
    code: 'mfa_webauthn_verify_not_enabled',
    statuses: [422],
    meaning: 'Verifying a WebAuthn factor is turned off for the project.',
    action: 'Turn on WebAuthn verification in the auth settings.',
  },
  {
    code: 'no_authorization',
    statuses: [401, 403],
    meaning: 'The request needs an `Authorization` header and has none.',
    action: 'Send `Authorization: Bearer <access token>`; with the client library, sign the user in first.',
  },
  {
    code: 'not_admin',
    statuses: [403],
    meaning: 'The admin API was called with a token that does not carry the admin role.',
    action: 'Call admin endpoints only from a server, with a client created with the service_role key.',
  },
  {
    code: 'oauth_provider_not_supported',
    statuses: [400],
    meaning: 'The OAuth provider is not turned on for this project, or is not one the server supports.',
    action: 'Enable the provider in the auth settings and check its spelling in `signInWithOAuth`.',
  },
  {
    code: 'otp_disabled',
    statuses: [422],
    meaning: 'Sign-in with a one-time password (magic link or code) is turned off.',
    action: 'Turn it on in the auth settings, or use another sign-in method.',
  },
  {
    code: 'otp_expired',
    statuses: [403],
    meaning: 'The one-time code or magic link has expired or was already used.',
    action:
      'Ask the user to request a new one. If codes often arrive late, check your email or SMS delivery, or lengthen the OTP expiry.',
  },
  {
    code: 'over_email_send_rate_limit',
    statuses: [429],
    meaning: 'Too many emails were sent to this address in a short time.',
    action:
      'Wait before sending again. Raise the limit in the rate-limit settings if it is too low for you, with custom SMTP set up.',
  },
  {
    code: 'over_request_rate_limit',
    statuses: [429],
    meaning: 'Too many requests came from this client (by IP address) in a short time.',
    action: 'Wait a few minutes before retrying, and slow down loops that call the auth API.',
  },
  {
    code: 'over_sms_send_rate_limit',
    statuses: [429],
    meaning: 'Too many SMS messages were sent to this phone number in a short time.',
    action: 'Wait before sending another code. The limit is in the rate-limit settings.',
  },
  {
    code: 'phone_exists',
    statuses: [422],
    meaning: 'An account with this phone number already exists.',
    action: 'Offer to sign in with the number instead of signing up.',
  },
  {
    code: 'phone_not_confirmed',
    statuses: [400, 403, 422],
    meaning: 'The user has not confirmed their phone number, and sign-in requires it.',
    action: "Send a new code with `auth.resend({ type: 'sms', phone })` and verify it.",
  },
  {
    code: 'phone_provider_disabled',
    statuses: [400, 422],
    meaning: 'Sign-ups with a phone number are turned off for this project.',
    action: 'Turn the Phone provider on in the auth settings and configure an SMS provider.',
  },
  {
    code: 'provider_disabled',
    statuses: [400],
    meaning: 'This OAuth provider is turned off.',
    action:
      'Turn it on in the auth settings (`enabled = true` in its config.toml block for local development).',
  },
  {
    code: 'provider_email_needs_verification',
    statuses: [422],
    meaning:
      'The OAuth provider did not confirm that the user owns the email address, so the auth server sent a confirmation email.',
    action: 'Tell the user to confirm their email from the message, then sign in again.',
  },
  {
    code: 'reauth_nonce_missing',
    statuses: [],
    meaning:
      "The client's type lists this code for a reauthentication request without its nonce; the current auth server does not send it.",
    action: 'Send the nonce from `reauthenticate()` when updating the password, as `nonce` in `updateUser`.',
  },
  {
    code: 'reauthentication_needed',
    statuses: [400],
    meaning: 'Changing the password requires the user to prove who they are again.',
    action:
      'Call `auth.reauthenticate()`, then pass the code the user receives as `nonce` in `auth.updateUser()`.',
  },
  {
    code: 'reauthentication_not_valid',
    statuses: [422],
    meaning: 'The reauthentication code is wrong.',
    action: 'Ask the user to enter the code again, or request a new one.',
  },
  {
    code: 'refresh_token_already_used',
    statuses: [400],
    meaning:
      'The refresh token was used before. Reuse outside the short reuse window looks like a stolen token, so the session may have been ended.',
    action:
      'Sign the user in again. Refresh the session from one place at a time (the client does this for you); do not store and replay old refresh tokens.',
  },
  {
    code: 'refresh_token_not_found',
    statuses: [400],
    meaning:
      'The refresh token does not exist: the session was signed out, deleted, or the token is mistyped.',
    action: 'Treat the user as signed out and send them to sign in.',
  },
  {
    code: 'request_timeout',
    statuses: [504],
    meaning: 'The auth server took too long to process the request.',
    action: 'Retry after a moment. If it keeps happening, check the database load and any auth hooks.',
  },
  {
    code: 'same_password',
    statuses: [422],
    meaning: 'The new password is the same as the current one.',
    action: 'Ask the user for a different password.',
  },
  {
    code: 'saml_assertion_no_email',
    statuses: [400],
    meaning: 'The SAML assertion from the identity provider has no email address.',
    action:
      'Map an email attribute in the identity provider, or set the attribute mapping of the SSO provider.',
  },
  {
    code: 'saml_assertion_no_user_id',
    statuses: [400],
    meaning: 'The SAML assertion from the identity provider has no user ID (NameID).',
    action: 'Configure the identity provider to send a persistent NameID.',
  },
  {
    code: 'saml_entity_id_mismatch',
    statuses: [400],
    meaning: 'The new metadata of a SAML provider has a different entity ID than the one registered.',
    action: 'An entity ID cannot change: register a new SSO provider and remove the old one.',
  },
  {
    code: 'saml_idp_already_exists',
    statuses: [422],
    meaning: 'A SAML identity provider with this entity ID is already registered.',
    action: 'Update the existing provider instead of adding it again.',
  },
  {
    code: 'saml_idp_not_found',
    statuses: [404],
    meaning: 'No SAML identity provider matches the provider ID or domain you gave.',
    action: 'Check the ID or domain against `supabase sso list`.',
  },
  {
    code: 'saml_metadata_fetch_failed',
    statuses: [400],
    meaning: 'The auth server could not download the SAML metadata from the URL you gave.',
    action: 'Check that the metadata URL is public and returns XML, or upload the metadata file instead.',
  },
  {
    code: 'saml_provider_disabled',
    statuses: [404],
    meaning: 'SAML single sign-on is not turned on for this project.',
    action: 'Turn on SAML 2.0 in the auth settings before adding providers.',
  },
  {
    code: 'saml_relay_state_expired',
    statuses: [422],
    meaning: 'The SAML relay state expired: the user took too long at the identity provider.',
    action: 'Ask the user to start single sign-on again.',
  },
  {
    code: 'saml_relay_state_not_found',
    statuses: [404],
    meaning: 'The SAML relay state no longer exists, because it expired or was already used.',
    action: 'Ask the user to start single sign-on again.',
  },
  {
    code: 'session_expired',
    statuses: [403],
    meaning: 'The session has ended: it passed its time-box or inactivity limit from the session settings.',
    action: 'Sign the user in again. Change the session limits in the auth settings if they are too strict.',
  },
  {
    code: 'session_not_found',
    statuses: [403],
    meaning: 'The session in the JWT no longer exists: the user signed out, or the session was revoked.',
    action: 'Treat the user as signed out and send them to sign in.',
  },
  {
    code: 'signup_disabled',
    statuses: [422],
    meaning: 'New sign-ups are turned off for this project.',
    action: 'Turn sign-ups on in the auth settings, or create users by invite or with the admin API.',
  },
  {
    code: 'single_identity_not_deletable',
    statuses: [422],
    meaning: 'A user must keep at least one identity, and this is their only one.',
    action: 'Link another identity before unlinking this one.',
  },
  {
    code: 'sms_send_failed',
    statuses: [422],
    meaning: 'The SMS provider did not send the message.',
    action: "Check the SMS provider's credentials and sender settings, and its logs for the reason.",
  },
  {
    code: 'sso_domain_already_exists',
    statuses: [400],
    meaning:
      'The domain is already registered with an SSO identity provider; a domain leads to one provider only.',
    action: 'Remove the domain from the other provider first, or use that provider.',
  },
  {
    code: 'sso_provider_not_found',
    statuses: [404],
    meaning: 'No SSO provider matches the ID or domain you gave.',
    action: 'Check the provider ID, or the domain passed to `signInWithSSO`.',
  },
  {
    code: 'too_many_enrolled_mfa_factors',
    statuses: [422],
    meaning: 'The user already has as many MFA factors as allowed.',
    action: 'Remove an unused factor with `auth.mfa.unenroll()` before enrolling a new one.',
  },
  {
    code: 'unexpected_audience',
    statuses: [403],
    meaning: 'The `aud` claim of the JWT is not the audience this server expects.',
    action: 'Use tokens issued by this project; if you sign tokens yourself, set `aud` to `authenticated`.',
  },
  {
    code: 'unexpected_failure',
    statuses: [500],
    meaning: 'The auth server failed unexpectedly: it is degraded, or hit a bug.',
    action: 'Retry later, and check the auth logs. If it persists, contact support with the request time.',
  },
  {
    code: 'user_already_exists',
    statuses: [422],
    meaning: 'A user with this email or phone number already exists.',
    action: 'Offer to sign in instead of signing up.',
  },
  {
    code: 'user_banned',
    statuses: [400, 403],
    meaning: 'The user is banned: their `banned_until` is in the future.',
    action:
      "The user cannot sign in until then. Lift the ban with the admin API (`ban_duration: 'none'`) if it was a mistake.",
  },
  {
    code: 'user_not_found',
    statuses: [403, 404, 422],
    meaning: 'The user no longer exists.',
    action: 'Treat the session as signed out; the account was deleted.',
  },
  {
    code: 'user_sso_managed',
    statuses: [422],
    meaning:
      'The user signs in with SSO, so some fields, such as the email, are managed by the identity provider.',
    action: 'Change the field in the identity provider instead.',
  },
  {
    code: 'validation_failed',
    statuses: [400, 404, 422],
    meaning: 'A parameter is missing or in the wrong format, for example an invalid email address.',
    action: 'Read `error.message` for the parameter, and validate input before sending it.',
  },
  {
    code: 'weak_password',
    statuses: [422],
    meaning: "The password does not meet the project's password requirements.",
    action:
      'Show the user the reasons in `error.reasons` (length, characters, leaked password) and ask for a stronger one.',
  },
]

/** The lower-case text a filter query is matched against: the code, its words, and its meaning. */
export function searchTextFor(entry: AuthErrorCode): string {
  const statuses = entry.statuses.map((status) => `http ${status}`).join(' ')
  return `${entry.code} ${entry.code.replace(/_/g, ' ')} ${statuses} ${entry.meaning}`.toLowerCase()
}

/** Element id of a code's row: `#code-otp_expired` links to it. */
export function rowIdFor(code: string): string {
  return `code-${code}`
}

/** The terms of a filter query; a row matches when its search text contains every term. */
export function filterTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean)
}

export function matchesFilter(searchText: string, terms: readonly string[]): boolean {
  return terms.every((term) => searchText.includes(term))
}
