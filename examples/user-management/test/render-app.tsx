import { render } from '@testing-library/react'
import { onTestFinished } from 'vitest'
import { App } from '../src/App'
import { readSupabaseConfig } from '../src/config'
import type { Profile } from '../src/database.types'
import { createSupabaseClient } from '../src/supabaseClient'
import { createFakePlatform, json, type FakePlatform } from './fake-platform'
import { authUserJson, magicLinkRedirectHash, type TestUser } from './platform-answers'

/** Renders the whole app on a real client whose requests go to `platform`. */
export function renderApp(platform: FakePlatform, { arriveWith = '' } = {}) {
  // The address the browser opens, e.g. the redirect of a magic link.
  window.history.replaceState(null, '', `/${arriveWith}`)
  const config = readSupabaseConfig(import.meta.env)
  if (!config.ok) throw new Error(`test environment: ${config.problems.join(' ')}`)
  const supabase = createSupabaseClient(config.config, { fetch: platform.fetch })
  onTestFinished(() => supabase.auth.stopAutoRefresh())
  return { supabase, ...render(<App supabase={supabase} />) }
}

/** A platform where `user` exists: auth knows them and their profile row is stored. */
export function platformWithUser(user: TestUser, profile: Partial<Profile> = {}): FakePlatform {
  const row: Profile = {
    id: user.id,
    updated_at: null,
    username: null,
    full_name: null,
    avatar_url: null,
    website: null,
    ...profile,
  }
  return createFakePlatform(import.meta.env.VITE_SUPABASE_URL ?? '')
    .on('GET', '/auth/v1/user', () => json(200, authUserJson(user)))
    .on('GET', '/rest/v1/profiles', (request) => json(200, [pickColumns(row, request.url)]))
}

/** Answers only the columns named in `select`, as PostgREST does. */
function pickColumns(row: Profile, url: URL): Partial<Profile> {
  const columns = (url.searchParams.get('select') ?? '*').split(',')
  if (columns.includes('*')) return row
  return Object.fromEntries(Object.entries(row).filter(([column]) => columns.includes(column)))
}

/** Opens the app from a magic link, as `user` does after clicking the link in the e-mail. */
export function renderSignedIn(platform: FakePlatform, user: TestUser) {
  return renderApp(platform, { arriveWith: magicLinkRedirectHash(user) })
}
