import type { QueryState } from './request-cache'
import type { SessionSnapshot } from './session-store'
import {
  chooseBranch,
  chooseProject,
  groupProjects,
  sortBranches,
  type ProjectGroup,
  type SavedSelection,
} from './selection'
import type { Branch, Organization, Project, ProjectApi } from './platform-types'

/** A query that is not needed yet (its input is unknown) or not at all. */
export type MaybeQuery<T> = QueryState<T> | { status: 'idle' }

export type BranchesView =
  | { kind: 'not-branching' }
  | { kind: 'loading' }
  | { kind: 'ready'; branches: Branch[]; selected: Branch | undefined }

export type ProjectConfigView =
  | { state: 'user-loading' }
  | { state: 'logged-out'; signInState: string; refused: boolean }
  | { state: 'loading' }
  | { state: 'error' }
  /** Signed in, but none of the reader's organizations has a project yet. */
  | { state: 'no-data'; organizations: Organization[] }
  | {
      state: 'has-data'
      groups: ProjectGroup[]
      project: Project
      branches: BranchesView
      /** The ref whose API settings are shown: the selected branch's, or the project's. */
      apiRef: string | undefined
      api: ProjectApi | undefined
    }

/** Step 1: from the first two calls to the selected project (or the state that stops there). */
export function resolveProject(
  session: SessionSnapshot,
  organizations: MaybeQuery<Organization[]>,
  projects: MaybeQuery<Project[]>,
  saved: SavedSelection | null,
): { done: true; view: ProjectConfigView } | { done: false; groups: ProjectGroup[]; project: Project } {
  if (session.status === 'loading') return { done: true, view: { state: 'user-loading' } }
  if (session.status === 'signed-out') {
    return {
      done: true,
      view: { state: 'logged-out', signInState: session.signInState, refused: session.refused ?? false },
    }
  }
  if (organizations.status === 'error' || projects.status === 'error') {
    return { done: true, view: { state: 'error' } }
  }
  if (organizations.status !== 'success' || projects.status !== 'success') {
    return { done: true, view: { state: 'loading' } }
  }
  const groups = groupProjects(organizations.data, projects.data)
  const project = chooseProject(groups, saved)
  if (!project) return { done: true, view: { state: 'no-data', organizations: organizations.data } }
  return { done: false, groups, project }
}

/** Step 2: the branch list of a branching project and the ref whose settings to load. */
export function resolveBranch(
  project: Project,
  branches: MaybeQuery<Branch[]>,
  saved: SavedSelection | null,
): { branches: BranchesView; apiRef: string | undefined; failed: boolean } {
  if (!project.is_branch_enabled) {
    return { branches: { kind: 'not-branching' }, apiRef: project.ref, failed: false }
  }
  if (branches.status === 'error') return { branches: { kind: 'loading' }, apiRef: undefined, failed: true }
  if (branches.status !== 'success') {
    return { branches: { kind: 'loading' }, apiRef: undefined, failed: false }
  }
  const sorted = sortBranches(branches.data)
  const selected = chooseBranch(sorted, saved?.branchId)
  return {
    branches: { kind: 'ready', branches: sorted, selected },
    // No branch at all: fall back to the project's own settings.
    apiRef: selected?.project_ref ?? project.ref,
    failed: false,
  }
}

/** Step 3: everything together. Any failed call turns the whole widget into the error state. */
export function finishView(
  groups: ProjectGroup[],
  project: Project,
  branch: ReturnType<typeof resolveBranch>,
  api: MaybeQuery<ProjectApi>,
): ProjectConfigView {
  if (branch.failed || api.status === 'error') return { state: 'error' }
  return {
    state: 'has-data',
    groups,
    project,
    branches: branch.branches,
    apiRef: branch.apiRef,
    api: api.status === 'success' ? api.data : undefined,
  }
}
