/** Where the app finds the project: its API URL and its public (anon) key. */
export interface SupabaseConfig {
  url: string
  anonKey: string
}

export type ConfigResult = { ok: true; config: SupabaseConfig } | { ok: false; problems: string[] }

type Env = Partial<Record<'VITE_SUPABASE_URL' | 'VITE_SUPABASE_ANON_KEY', string>>

/** Reads the two settings from Vite's environment and says what is wrong when they are not usable. */
export function readSupabaseConfig(env: Env): ConfigResult {
  const url = env.VITE_SUPABASE_URL?.trim() ?? ''
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim() ?? ''
  const problems: string[] = []

  if (url === '') {
    problems.push('VITE_SUPABASE_URL is not set.')
  } else if (!isHttpUrl(url)) {
    problems.push(`VITE_SUPABASE_URL must be an http(s) URL; got "${url}".`)
  }
  if (anonKey === '') problems.push('VITE_SUPABASE_ANON_KEY is not set.')

  return problems.length === 0 ? { ok: true, config: { url, anonKey } } : { ok: false, problems }
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
