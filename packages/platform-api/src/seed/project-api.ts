import { SignJWT } from 'jose'
import type { ApiOverrides, Seed } from './schema'

/** What `/platform/props/project/{ref}/api` answers, as the hosted platform shapes it. */
export interface ProjectApiSettings {
  autoApiService: {
    endpoint?: string
    protocol: 'http' | 'https'
    /** The anon key: public, safe in browsers behind row-level security. */
    defaultApiKey: string
    /**
     * The service_role key. The hosted API returns it here too, so the local one does: clients
     * that must never show it (the docs widget) are tested against a response that carries it.
     */
    serviceApiKey: string
  }
}

const TEN_YEARS_IN_SECONDS = 10 * 365 * 24 * 60 * 60

export const OLDER_VERSION_KEY_MESSAGE =
  'This project was created with an older version of the platform. Copy its anon key from the dashboard.'

async function signApiKey(seed: Seed, ref: string, role: 'anon' | 'service_role') {
  const secret = new TextEncoder().encode(seed.apiKeySigningSecret)
  return new SignJWT({ ref, role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('basebox')
    .setIssuedAt(seed.apiKeysIssuedAt)
    .setExpirationTime(seed.apiKeysIssuedAt + TEN_YEARS_IN_SECONDS)
    .sign(secret)
}

async function settingsFor(
  seed: Seed,
  ref: string,
  overrides: ApiOverrides = {},
): Promise<ProjectApiSettings> {
  const endpoint =
    overrides.endpoint === null ? undefined : (overrides.endpoint ?? `${ref}.${seed.apiDomain}`)
  const anonKey = overrides.legacyAnonKey ? OLDER_VERSION_KEY_MESSAGE : await signApiKey(seed, ref, 'anon')
  return {
    autoApiService: {
      ...(endpoint === undefined ? {} : { endpoint }),
      protocol: overrides.protocol ?? 'https',
      defaultApiKey: anonKey,
      serviceApiKey: await signApiKey(seed, ref, 'service_role'),
    },
  }
}

/**
 * API settings of every project and preview branch, keyed by ref. Built once at start-up: signing
 * is deterministic (fixed `iat`), so keys stay the same across restarts.
 */
export async function buildProjectApiSettings(seed: Seed): Promise<Map<string, ProjectApiSettings>> {
  const settings = new Map<string, ProjectApiSettings>()
  for (const project of seed.projects) {
    settings.set(project.ref, await settingsFor(seed, project.ref, project.api))
  }
  for (const branch of seed.branches) {
    if (branch.project_ref === branch.parent_project_ref) continue
    settings.set(branch.project_ref, await settingsFor(seed, branch.project_ref, branch.api))
  }
  return settings
}
