import { describe, expect, it } from 'vitest'
import { listGuides } from '@/features/guides'
import {
  checkConfigTomlKeys,
  configKeySet,
  dottedKeys,
  isGuideConfigToml,
  loadConfigKeySet,
} from './check-config-toml'
import { extractFromMdx } from './extract-mdx'
import { formatFailure, languageOf, type CodeSample } from './samples'

function tomlSample(code: string, line = 10): CodeSample {
  return {
    file: 'apps/docs/content/guides/auth/example.mdx',
    line,
    lang: 'toml',
    code,
    title: 'supabase/config.toml',
    fragment: false,
    runnable: false,
    group: 'example',
  }
}

describe('config.toml keys of the guides', () => {
  it('reads the keys of CLI 1.187 with <name> standing for the reader’s own names', () => {
    const known = loadConfigKeySet()
    expect(known.has('auth.external.github.enabled')).toBe(true)
    expect(known.has('auth.external.github')).toBe(true)
    expect(known.has('storage.buckets.avatars.public')).toBe(true)
    expect(known.has('auth.sms.test_otp.4152127777')).toBe(true)
    expect(known.has('auth.captcha')).toBe(false)
    expect(known.has('auth.captcha.enabled')).toBe(false)
    expect(known.has('auth.external.github.colour')).toBe(false)
  })

  it('lists every key of a document as a dotted path', () => {
    expect(dottedKeys({ auth: { site_url: 'x', external: { github: { enabled: true } } } })).toEqual([
      'auth',
      'auth.site_url',
      'auth.external',
      'auth.external.github',
      'auth.external.github.enabled',
    ])
  })

  it('names the file, line and key of each unknown key', () => {
    const code = [
      '[auth]',
      'site_url = "http://127.0.0.1:3000"',
      '',
      '[auth.captcha]',
      'enabled = true',
    ].join('\n')
    const failures = checkConfigTomlKeys(tomlSample(code)).map(formatFailure)
    expect(failures).toEqual([
      expect.stringMatching(
        /^apps\/docs\/content\/guides\/auth\/example\.mdx:13: \[toml\] config\.toml key "auth\.captcha" does not exist in CLI 1\.187/,
      ),
      expect.stringMatching(
        /^apps\/docs\/content\/guides\/auth\/example\.mdx:14: \[toml\] config\.toml key "auth\.captcha\.enabled"/,
      ),
    ])
  })

  it('checks guide blocks titled config.toml or untitled, and nothing else', () => {
    expect(isGuideConfigToml(tomlSample('a = 1'))).toBe(true)
    expect(isGuideConfigToml({ ...tomlSample('a = 1'), title: undefined })).toBe(true)
    expect(isGuideConfigToml({ ...tomlSample('a = 1'), title: 'wrangler.toml' })).toBe(false)
    expect(isGuideConfigToml({ ...tomlSample('a = 1'), file: 'apps/docs/content/reference/cli/x.mdx' })).toBe(
      false,
    )
  })

  it('finds no unknown key in the guides', { timeout: 60_000 }, () => {
    const known = loadConfigKeySet()
    const samples = listGuides().flatMap((guide) =>
      extractFromMdx(`apps/docs/${guide.file}`, `---\n---\n${guide.body}`),
    )
    const toml = samples.filter((sample) => languageOf(sample.lang) === 'toml' && isGuideConfigToml(sample))
    expect(toml.length).toBeGreaterThan(10)
    expect(toml.flatMap((sample) => checkConfigTomlKeys(sample, known)).map(formatFailure)).toEqual([])
  })

  it('treats a listed table without listed children as a free-form map', () => {
    const known = configKeySet([
      { key: 'a', type: 'table' },
      { key: 'a.b', type: 'string' },
      { key: 'm', type: 'table' },
    ])
    expect(known.has('m.anything')).toBe(true)
    expect(known.has('a.x')).toBe(false)
    expect(known.has('a.b.x')).toBe(false)
  })
})
