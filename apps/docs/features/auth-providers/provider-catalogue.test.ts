import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { docsRoot } from '@/lib/repo-paths'
import { authProviders, findPhoneProvider, phoneProviders, socialProviders } from './provider-catalogue'

const socialDir = () => path.join(docsRoot(), 'content', 'guides', 'auth', 'social-login')

describe('provider catalogue', () => {
  it('has the 19 social providers and the 3 SMS providers, with unique ids', () => {
    expect(socialProviders.map((p) => p.name)).toEqual([
      'Apple',
      'Azure (Microsoft)',
      'Bitbucket',
      'Discord',
      'Facebook',
      'Figma',
      'GitHub',
      'GitLab',
      'Google',
      'Kakao',
      'Keycloak',
      'LinkedIn',
      'Notion',
      'Slack',
      'Spotify',
      'Twitter (X)',
      'Twitch',
      'WorkOS',
      'Zoom',
    ])
    expect(phoneProviders.map((p) => p.name)).toEqual(['MessageBird', 'Twilio', 'Vonage'])
    const ids = authProviders.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(authProviders.every((p) => /^[a-z0-9-]+$/.test(p.id))).toBe(true)
  })

  it('gives every provider a logo that can be drawn', () => {
    for (const provider of authProviders) {
      if (provider.logo.source === 'simple-icons') {
        expect(provider.logo.icon.path.length, provider.id).toBeGreaterThan(20)
        expect(provider.logo.icon.hex, provider.id).toMatch(/^[0-9A-F]{6}$/i)
      } else {
        expect(provider.logo.shapes.length, provider.id).toBeGreaterThan(0)
        for (const shape of provider.logo.shapes) expect(shape.fill, provider.id).toMatch(/^#[0-9A-F]{6}$/i)
      }
    }
  })

  it('links phone providers to the phone login dialog', () => {
    expect(findPhoneProvider('twilio')?.href).toBe('/guides/auth/phone-login?showSmsProvider=twilio')
    expect(findPhoneProvider('nope')).toBeUndefined()
    expect(findPhoneProvider(null)).toBeUndefined()
  })
})

describe('social provider guides', () => {
  it('exist for every provider, and every guide in the folder is a provider', () => {
    const files = readdirSync(socialDir()).filter((f) => f.endsWith('.mdx') && f !== 'index.mdx')
    expect(files.map((f) => f.replace(/\.mdx$/, '')).sort()).toEqual(socialProviders.map((p) => p.id).sort())
    for (const provider of socialProviders) {
      expect(provider.href).toBe(`/guides/auth/social-login/${provider.id}`)
    }
  })

  it.each(socialProviders.map((p) => [p.name, p] as const))('%s: has every setup step', (_name, provider) => {
    const file = path.join(socialDir(), `${provider.id}.mdx`)
    expect(existsSync(file)).toBe(true)
    const text = readFileSync(file, 'utf8')
    const key = provider.providerKey
    // Microsoft Entra accepts plain http only for `localhost`, so the Azure page registers that name.
    const localHost = key === 'azure' ? 'localhost' : '127\\.0\\.0\\.1'
    expect(text).toContain('https://<project-ref>.basebox.co/auth/v1/callback')
    expect(text).toMatch(new RegExp(`http://${localHost}:54321/auth/v1/callback`))
    const block = new RegExp(
      `\\[auth\\.external\\.${key}\\]\\n` +
        'enabled = true\\n' +
        'client_id = "env\\([A-Z0-9_]+\\)"\\n' +
        'secret = "env\\([A-Z0-9_]+\\)"\\n' +
        `redirect_uri = "http://${localHost}:54321/auth/v1/callback"`,
    )
    expect(text).toMatch(block)
    expect(text).toContain(`provider: '${key}'`)
    expect(text).toMatch(/redirectTo: /)
    expect(text).toContain('](/guides/auth/callback-route)')
    expect(text).toContain(provider.name.replace(/ \(.*\)$/, ''))
  })
})
