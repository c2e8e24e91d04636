import { describe, expect, it } from 'vitest'
import { readSupabaseConfig } from './config'

describe('readSupabaseConfig', () => {
  it('accepts a project URL and an anon key, trimmed', () => {
    expect(
      readSupabaseConfig({
        VITE_SUPABASE_URL: ' https://abcd.example.co ',
        VITE_SUPABASE_ANON_KEY: 'key\n',
      }),
    ).toEqual({ ok: true, config: { url: 'https://abcd.example.co', anonKey: 'key' } })
  })

  it('names both settings when neither is set', () => {
    expect(readSupabaseConfig({})).toEqual({
      ok: false,
      problems: ['VITE_SUPABASE_URL is not set.', 'VITE_SUPABASE_ANON_KEY is not set.'],
    })
  })

  it('refuses a URL that is not http(s)', () => {
    const result = readSupabaseConfig({
      VITE_SUPABASE_URL: 'abcd.example.co',
      VITE_SUPABASE_ANON_KEY: 'key',
    })
    expect(result).toEqual({
      ok: false,
      problems: ['VITE_SUPABASE_URL must be an http(s) URL; got "abcd.example.co".'],
    })
  })

  it('accepts plain http for a local development server', () => {
    const result = readSupabaseConfig({
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: 'key',
    })
    expect(result.ok).toBe(true)
  })
})
