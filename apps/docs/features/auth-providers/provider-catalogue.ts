import {
  siApple,
  siBitbucket,
  siDiscord,
  siFacebook,
  siFigma,
  siGithub,
  siGitlab,
  siGoogle,
  siKakaotalk,
  siKeycloak,
  siNotion,
  siSpotify,
  siTwitch,
  siVonage,
  siX,
} from 'simple-icons'
import type { SimpleIcon } from 'simple-icons'
import {
  linkedInMark,
  messageBirdMark,
  microsoftMark,
  slackMark,
  twilioMark,
  workosMark,
  zoomMark,
  type ProviderLogo,
} from './provider-logos'

export type AuthType = 'social' | 'phone'

export interface AuthProvider {
  /** Stable id: the guide's file name for social providers, the `?showSmsProvider=` value for phone. */
  id: string
  name: string
  /** Where the provider's setup lives in the docs. */
  href: string
  authType: AuthType
  /** Built and maintained by the platform team (as opposed to contributed by a partner). */
  official: boolean
  /** Who maintains the integration. */
  supporter: string
  /** Available on hosted projects. */
  platform: boolean
  /** Available when self-hosting the auth server. */
  selfHosted: boolean
  /**
   * The brand mark is dark (black or near black), so it is drawn in the text colour instead of
   * the brand colour to stay visible in the dark theme.
   */
  hasLightIcon: boolean
  logo: ProviderLogo
}

export interface SocialProvider extends AuthProvider {
  authType: 'social'
  /** The name passed to `signInWithOAuth({ provider })` and used in `[auth.external.<key>]`. */
  providerKey: string
}

export interface PhoneProvider extends AuthProvider {
  authType: 'phone'
  /** The `[auth.sms.<key>]` table in config.toml and the provider name in the dashboard. */
  providerKey: string
}

const SOCIAL_BASE = '/guides/auth/social-login'
export const PHONE_LOGIN_HREF = '/guides/auth/phone-login'
export const SMS_PROVIDER_PARAM = 'showSmsProvider'

function social(
  id: string,
  name: string,
  providerKey: string,
  logo: ProviderLogo,
  hasLightIcon = false,
): SocialProvider {
  return {
    id,
    name,
    href: `${SOCIAL_BASE}/${id}`,
    authType: 'social',
    official: true,
    supporter: 'Basebox',
    platform: true,
    selfHosted: true,
    hasLightIcon,
    logo,
    providerKey,
  }
}

function phone(id: string, name: string, logo: ProviderLogo, hasLightIcon = false): PhoneProvider {
  return {
    id,
    name,
    href: `${PHONE_LOGIN_HREF}?${SMS_PROVIDER_PARAM}=${id}`,
    authType: 'phone',
    official: true,
    supporter: 'Basebox',
    platform: true,
    selfHosted: true,
    hasLightIcon,
    logo,
    providerKey: id,
  }
}

const si = (icon: SimpleIcon): ProviderLogo => ({ source: 'simple-icons', icon })

/** The 19 social (OAuth) providers, in the order the grid shows them. */
export const socialProviders: readonly SocialProvider[] = [
  social('apple', 'Apple', 'apple', si(siApple), true),
  social('azure', 'Azure (Microsoft)', 'azure', microsoftMark),
  social('bitbucket', 'Bitbucket', 'bitbucket', si(siBitbucket)),
  social('discord', 'Discord', 'discord', si(siDiscord)),
  social('facebook', 'Facebook', 'facebook', si(siFacebook)),
  social('figma', 'Figma', 'figma', si(siFigma)),
  social('github', 'GitHub', 'github', si(siGithub), true),
  social('gitlab', 'GitLab', 'gitlab', si(siGitlab)),
  social('google', 'Google', 'google', si(siGoogle)),
  social('kakao', 'Kakao', 'kakao', si(siKakaotalk)),
  social('keycloak', 'Keycloak', 'keycloak', si(siKeycloak), true),
  social('linkedin', 'LinkedIn', 'linkedin_oidc', linkedInMark),
  social('notion', 'Notion', 'notion', si(siNotion), true),
  social('slack', 'Slack', 'slack_oidc', slackMark),
  social('spotify', 'Spotify', 'spotify', si(siSpotify)),
  social('twitter', 'Twitter (X)', 'twitter', si(siX), true),
  social('twitch', 'Twitch', 'twitch', si(siTwitch)),
  social('workos', 'WorkOS', 'workos', workosMark),
  social('zoom', 'Zoom', 'zoom', zoomMark),
]

/** The SMS providers that deliver one-time codes for phone login. */
export const phoneProviders: readonly PhoneProvider[] = [
  phone('messagebird', 'MessageBird', messageBirdMark),
  phone('twilio', 'Twilio', twilioMark),
  phone('vonage', 'Vonage', si(siVonage), true),
]

export const authProviders: readonly AuthProvider[] = [...socialProviders, ...phoneProviders]

export function findPhoneProvider(id: string | null | undefined): PhoneProvider | undefined {
  if (!id) return undefined
  return phoneProviders.find((provider) => provider.id === id)
}
