/**
 * The engine's settings: the `[auth]` keys of the CLI's config.toml, with the CLI 1.187 defaults
 * (pkg/config/templates/config.toml) and what its `supabase start` passes to GoTrue
 * (internal/start/start.go); GoTrue's own defaults (internal/conf/configuration.go) for the rest.
 */
import { CLI_JWT_SECRET } from '@docs/pglite-platform/example-keys'

export interface AuthEngineOptions {
  /** The JWT secret that signs access tokens and checks bearer tokens. Default: the CLI's. */
  jwtSecret?: string
  /** `auth.jwt_expiry`: seconds an access token lasts. Default 3600. */
  jwtExpiry?: number
  /** The project's API URL: e-mail links point to `<apiUrl>/auth/v1/verify`, and tokens name `<apiUrl>/auth/v1` as issuer. Default `http://127.0.0.1:54321`. */
  apiUrl?: string
  /** `auth.site_url`: where links send the reader when no allowed `redirect_to` is given. Default `http://127.0.0.1:3000`. */
  siteUrl?: string
  /** `auth.additional_redirect_urls`: other allowed redirect targets (glob patterns). Default `['https://127.0.0.1:3000']`. */
  additionalRedirectUrls?: string[]
  /** `auth.enable_signup`. Default true. */
  enableSignup?: boolean
  /** `auth.enable_anonymous_sign_ins`. Default false. */
  enableAnonymousSignIns?: boolean
  /** `auth.enable_refresh_token_rotation`. Default true. */
  enableRefreshTokenRotation?: boolean
  /** `auth.refresh_token_reuse_interval`: seconds a used refresh token still answers. Default 10. */
  refreshTokenReuseInterval?: number
  email?: {
    /** `auth.email.enable_signup`: the e-mail provider is on. Default true. */
    enableSignup?: boolean
    /** `auth.email.enable_confirmations`: sign-up waits for the e-mail's link or code. Default false. */
    enableConfirmations?: boolean
    /** `auth.email.double_confirm_changes`: a new address is confirmed from both addresses. Default true. */
    doubleConfirmChanges?: boolean
    /** `auth.email.max_frequency` in seconds: the least time between two e-mails of one kind to one user. Default 1. */
    maxFrequency?: number
    /** `auth.email.secure_password_change` (later CLIs; SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION): a password change in a session older than a day needs the re-authentication code as `nonce`. Default false. */
    securePasswordChange?: boolean
    /** GoTrue's MAILER_OTP_LENGTH (6 to 10). Default 6. */
    otpLength?: number
    /** GoTrue's MAILER_OTP_EXP in seconds. Default 86400. */
    otpExpiry?: number
  }
  sms?: {
    /** `auth.sms.enable_signup`: the phone provider is on. Default true. */
    enableSignup?: boolean
    /** `auth.sms.enable_confirmations`: phone sign-ups wait for an SMS code (no SMS provider here: they fail as GoTrue's do without one). Default false. */
    enableConfirmations?: boolean
  }
  /** GoTrue's RATE_LIMIT_EMAIL_SENT: e-mails per hour for the whole project. The CLI sets 360000. */
  rateLimitEmailSent?: number
  /** GoTrue's PASSWORD_MIN_LENGTH. Default 6. */
  passwordMinLength?: number
  /** GoTrue's PASSWORD_REQUIRED_CHARACTERS: sets of which a password needs one character each. */
  passwordRequiredCharacters?: string[]
  mfa?: {
    /** Default 10. */
    maxEnrolledFactors?: number
    /** Default 10. */
    maxVerifiedFactors?: number
    /** Seconds a challenge can be verified. Default 300. */
    challengeExpiry?: number
  }
  /** The bcrypt cost of new password hashes. Default 10, as GoTrue; tests may lower it (GoTrue's tests use 4). */
  passwordHashCost?: number
}

export { CLI_JWT_SECRET }

export interface AuthConfig {
  jwtSecret: string
  jwtExpiry: number
  apiUrl: string
  issuer: string
  siteUrl: string
  additionalRedirectUrls: string[]
  disableSignup: boolean
  anonymousEnabled: boolean
  refreshTokenRotation: boolean
  refreshTokenReuseInterval: number
  emailEnabled: boolean
  mailerAutoconfirm: boolean
  phoneEnabled: boolean
  smsAutoconfirm: boolean
  secureEmailChange: boolean
  updatePasswordRequireReauthentication: boolean
  maxFrequency: number
  otpLength: number
  otpExpiry: number
  rateLimitEmailSent: number
  passwordMinLength: number
  passwordRequiredCharacters: string[]
  mfaMaxEnrolledFactors: number
  mfaMaxVerifiedFactors: number
  mfaChallengeExpiry: number
  passwordHashCost: number
  /** JWT.Aud and JWT.DefaultGroupName as the CLI sets them. */
  aud: string
  defaultRole: string
  adminRoles: string[]
}

export function resolveConfig(options: AuthEngineOptions): AuthConfig {
  const apiUrl = (options.apiUrl ?? 'http://127.0.0.1:54321').replace(/\/+$/, '')
  const otpLength = options.email?.otpLength ?? 6
  return {
    jwtSecret: options.jwtSecret ?? CLI_JWT_SECRET,
    jwtExpiry: options.jwtExpiry ?? 3600,
    apiUrl,
    issuer: `${apiUrl}/auth/v1`,
    siteUrl: options.siteUrl ?? 'http://127.0.0.1:3000',
    additionalRedirectUrls: options.additionalRedirectUrls ?? ['https://127.0.0.1:3000'],
    disableSignup: !(options.enableSignup ?? true),
    anonymousEnabled: options.enableAnonymousSignIns ?? false,
    refreshTokenRotation: options.enableRefreshTokenRotation ?? true,
    refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? 10,
    emailEnabled: options.email?.enableSignup ?? true,
    mailerAutoconfirm: !(options.email?.enableConfirmations ?? false),
    phoneEnabled: options.sms?.enableSignup ?? true,
    smsAutoconfirm: !(options.sms?.enableConfirmations ?? false),
    secureEmailChange: options.email?.doubleConfirmChanges ?? true,
    updatePasswordRequireReauthentication: options.email?.securePasswordChange ?? false,
    maxFrequency: options.email?.maxFrequency ?? 1,
    // GoTrue falls back to 6 for a length outside 6..10.
    otpLength: otpLength >= 6 && otpLength <= 10 ? otpLength : 6,
    otpExpiry: options.email?.otpExpiry ?? 86400,
    rateLimitEmailSent: options.rateLimitEmailSent ?? 360000,
    passwordMinLength: Math.max(options.passwordMinLength ?? 6, 6),
    passwordRequiredCharacters: options.passwordRequiredCharacters ?? [],
    mfaMaxEnrolledFactors: options.mfa?.maxEnrolledFactors ?? 10,
    mfaMaxVerifiedFactors: options.mfa?.maxVerifiedFactors ?? 10,
    mfaChallengeExpiry: Math.max(options.mfa?.challengeExpiry ?? 300, 300),
    passwordHashCost: options.passwordHashCost ?? 10,
    aud: 'authenticated',
    defaultRole: 'authenticated',
    // The CLI passes GOTRUE_JWT_ADMIN_ROLES=service_role.
    adminRoles: ['service_role'],
  }
}
