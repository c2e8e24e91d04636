import { parseBranches, parseOrganizations, parseProjectApi, parseProjects } from './platform-responses'
import type { Branch, Organization, Project, ProjectApi } from './platform-types'

/** One of the widget's four GET calls: a path on the platform API and how to read its answer. */
export interface PlatformRequest<T> {
  path: string
  parse: (json: unknown) => T
}

export class PlatformRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'PlatformRequestError'
  }
}

export const organizationsRequest: PlatformRequest<Organization[]> = {
  path: '/platform/organizations',
  parse: parseOrganizations,
}

export const projectsRequest: PlatformRequest<Project[]> = {
  path: '/platform/projects',
  parse: parseProjects,
}

function requireRef(projectRef: string | undefined): string {
  if (!projectRef) throw new Error('projectRef is required')
  return encodeURIComponent(projectRef)
}

export function branchesRequest(projectRef: string | undefined): PlatformRequest<Branch[]> {
  return { path: `/v1/projects/${requireRef(projectRef)}/branches`, parse: parseBranches }
}

export function projectApiRequest(projectRef: string | undefined): PlatformRequest<ProjectApi> {
  return { path: `/platform/props/project/${requireRef(projectRef)}/api`, parse: parseProjectApi }
}

/** Gives up on a call that takes longer than this, so a hung API ends in the error state. */
export const REQUEST_TIMEOUT_MS = 15_000

/**
 * Resolves a request path against the platform API and refuses anything that would land on
 * another origin: the reader's token goes to the platform API and nowhere else.
 */
export function platformUrl(apiBaseUrl: string, path: string): URL {
  const base = new URL(apiBaseUrl)
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new PlatformRequestError(`Refusing a request path that is not absolute: ${path}`)
  }
  const url = new URL(`${base.pathname.replace(/\/$/, '')}${path}`, base)
  if (url.origin !== base.origin) {
    throw new PlatformRequestError(`Refusing to send the token to ${url.origin}`)
  }
  return url
}

export async function runPlatformRequest<T>(
  request: PlatformRequest<T>,
  options: { apiBaseUrl: string; token: string; signal: AbortSignal; fetch?: typeof fetch },
): Promise<T> {
  const doFetch = options.fetch ?? fetch
  const url = platformUrl(options.apiBaseUrl, request.path)
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
  const response = await doFetch(url, {
    headers: { Authorization: `Bearer ${options.token}`, Accept: 'application/json' },
    credentials: 'omit',
    cache: 'no-store',
    signal,
  })
  if (!response.ok) {
    throw new PlatformRequestError(`${request.path} answered ${response.status}`, response.status)
  }
  let json: unknown
  try {
    json = await response.json()
  } catch {
    throw new PlatformRequestError(`${request.path} did not answer with JSON`, response.status)
  }
  return request.parse(json)
}
