import type { Branch, Organization, Project, ProjectApi } from './platform-types'

/** A response that is not the shape the platform documents. */
export class UnexpectedResponseError extends Error {
  constructor(what: string, problem: string) {
    super(`Unexpected ${what} response: ${problem}`)
    this.name = 'UnexpectedResponseError'
  }
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function list<T>(what: string, json: unknown, item: (entry: Json) => T | undefined): T[] {
  if (!Array.isArray(json)) throw new UnexpectedResponseError(what, 'expected a list')
  return json.map((entry, index) => {
    const parsed = isObject(entry) ? item(entry) : undefined
    if (parsed === undefined) throw new UnexpectedResponseError(what, `bad entry at index ${index}`)
    return parsed
  })
}

export function parseOrganizations(json: unknown): Organization[] {
  return list('organizations', json, ({ id, name }) =>
    typeof id === 'number' && typeof name === 'string' ? { id, name } : undefined,
  )
}

export function parseProjects(json: unknown): Project[] {
  return list('projects', json, ({ ref, organization_id, name, is_branch_enabled }) =>
    typeof ref === 'string' &&
    typeof organization_id === 'number' &&
    typeof name === 'string' &&
    typeof is_branch_enabled === 'boolean'
      ? { ref, organization_id, name, is_branch_enabled }
      : undefined,
  )
}

export function parseBranches(json: unknown): Branch[] {
  return list('branches', json, ({ id, name, project_ref, parent_project_ref }) =>
    typeof id === 'string' &&
    typeof name === 'string' &&
    typeof project_ref === 'string' &&
    typeof parent_project_ref === 'string'
      ? { id, name, project_ref, parent_project_ref }
      : undefined,
  )
}

/** Keeps the endpoint, protocol and anon key; everything else (the service_role key) is dropped. */
export function parseProjectApi(json: unknown): ProjectApi {
  const service = isObject(json) ? json.autoApiService : undefined
  if (!isObject(service)) throw new UnexpectedResponseError('project API', 'no autoApiService')
  const { endpoint, protocol, defaultApiKey } = service
  if (typeof defaultApiKey !== 'string') {
    throw new UnexpectedResponseError('project API', 'no defaultApiKey')
  }
  return {
    endpoint: typeof endpoint === 'string' && endpoint !== '' ? endpoint : undefined,
    protocol: typeof protocol === 'string' && protocol !== '' ? protocol : 'https',
    anonKey: defaultApiKey,
  }
}
