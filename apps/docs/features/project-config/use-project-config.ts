import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import {
  branchesRequest,
  organizationsRequest,
  PlatformRequestError,
  projectApiRequest,
  projectsRequest,
  runPlatformRequest,
  type PlatformRequest,
} from './platform-requests'
import { useProjectConfigServices, type ProjectConfigServices } from './project-config-services'
import {
  finishView,
  resolveBranch,
  resolveProject,
  type MaybeQuery,
  type ProjectConfigView,
} from './project-config-view'
import { parseBranchValue, parseProjectValue, type SavedSelection } from './selection'
import { LOADING_SESSION, type SessionSnapshot } from './session-store'

const IDLE = { status: 'idle' } as const
const PENDING = { status: 'pending' } as const
const noSubscription = () => () => {}
const loadingSession = (): SessionSnapshot => LOADING_SESSION
const noSelection = (): SavedSelection | null => null

function usePlatformQuery<T>(
  services: ProjectConfigServices | null,
  token: string | null,
  request: PlatformRequest<T> | null,
): MaybeQuery<T> {
  const cache = services && token ? services.cacheFor(token) : null
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!services || !cache || !token || !request) return () => {}
      const load = (signal: AbortSignal) =>
        runPlatformRequest(request, {
          apiBaseUrl: services.apiBaseUrl,
          token,
          signal,
          fetch: services.fetch,
        })
      return cache.subscribe(request.path, load, listener)
    },
    [services, cache, token, request],
  )
  const getSnapshot = () => (cache && request ? cache.getState<T>(request.path) : undefined)
  const state = useSyncExternalStore(subscribe, getSnapshot, () => undefined)
  if (!request || !token) return IDLE
  return state ?? PENDING
}

function viewOf(step: ReturnType<typeof resolveProject>): ProjectConfigView {
  // Only reached when step 1 stopped early; a resolved project always has a step 2.
  return step.done ? step.view : { state: 'loading' }
}

export interface ProjectConfig {
  view: ProjectConfigView
  apiBaseUrl: string | null
  selectProject: (value: string) => void
  selectBranch: (value: string) => void
  signOut: () => void
}

/**
 * The widget's whole data flow: sign-in -> organizations and projects -> selected project ->
 * branches (when branching is on) -> API settings of the selected project or branch.
 * Each call starts only once its input is known, and only for a signed-in reader.
 */
export function useProjectConfig(): ProjectConfig {
  const services = useProjectConfigServices()
  const session = useSyncExternalStore(
    services?.session.subscribe ?? noSubscription,
    services?.session.getSnapshot ?? loadingSession,
    loadingSession,
  )
  useEffect(() => services?.session.start(), [services])
  const saved = useSyncExternalStore(
    services?.selection.subscribe ?? noSubscription,
    services?.selection.getSnapshot ?? noSelection,
    noSelection,
  )
  const token = session.status === 'signed-in' ? session.accessToken : null

  const organizations = usePlatformQuery(services, token, organizationsRequest)
  const projects = usePlatformQuery(services, token, projectsRequest)
  const step1 = resolveProject(session, organizations, projects, saved)
  const project = step1.done ? undefined : step1.project

  const branchingRef = project?.is_branch_enabled ? project.ref : undefined
  const branchesCall = useMemo(() => (branchingRef ? branchesRequest(branchingRef) : null), [branchingRef])
  const branches = usePlatformQuery(services, token, branchesCall)
  const step2 = step1.done ? undefined : resolveBranch(step1.project, branches, saved)

  const apiRef = step2?.apiRef
  const apiCall = useMemo(() => (apiRef ? projectApiRequest(apiRef) : null), [apiRef])
  const api = usePlatformQuery(services, token, apiCall)

  const view = step2 && !step1.done ? finishView(step1.groups, step1.project, step2, api) : viewOf(step1)

  // A 401 means the token itself is refused: drop it so the reader is offered "Log in" again.
  const refused = [organizations, projects, branches, api].some(
    (query) =>
      query.status === 'error' && query.error instanceof PlatformRequestError && query.error.status === 401,
  )
  useEffect(() => {
    if (refused && token) services?.session.dropRefused(token)
  }, [refused, token, services])

  return {
    view,
    apiBaseUrl: services?.apiBaseUrl ?? null,
    selectProject: (value) => {
      const choice = parseProjectValue(value)
      if (!choice || !services) return
      services.selection.choose({ organizationId: choice.organizationId, projectRef: choice.ref })
    },
    selectBranch: (value) => {
      const choice = parseBranchValue(value)
      if (!choice || !services || !project) return
      services.selection.choose({
        organizationId: project.organization_id,
        projectRef: project.ref,
        branchId: choice.id,
      })
    },
    signOut: () => services?.session.signOut(),
  }
}
