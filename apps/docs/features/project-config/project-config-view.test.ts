import { describe, expect, it } from 'vitest'
import type { Branch, Organization, Project, ProjectApi } from './platform-types'
import { finishView, resolveBranch, resolveProject, type MaybeQuery } from './project-config-view'
import type { SessionSnapshot } from './session-store'

const signedIn: SessionSnapshot = { status: 'signed-in', accessToken: 'a.b.c', expiresAt: 2e9 }
const orgs: Organization[] = [{ id: 1, name: 'Acme' }]
const plain: Project = { ref: 'plain', organization_id: 1, name: 'Plain', is_branch_enabled: false }
const branching: Project = { ref: 'parent', organization_id: 1, name: 'Br', is_branch_enabled: true }
const ok = <T>(data: T): MaybeQuery<T> => ({ status: 'success', data })
const pending = { status: 'pending' } as const
const failed = { status: 'error', error: new Error('500') } as const
const api: ProjectApi = { endpoint: 'x.basebox.co', protocol: 'https', anonKey: 'k' }

describe('resolveProject', () => {
  it('follows the sign-in state before anything else', () => {
    expect(resolveProject({ status: 'loading' }, pending, pending, null)).toEqual({
      done: true,
      view: { state: 'user-loading' },
    })
    expect(resolveProject({ status: 'signed-out', signInState: 's' }, pending, pending, null)).toEqual({
      done: true,
      view: { state: 'logged-out', signInState: 's', refused: false },
    })
    expect(
      resolveProject({ status: 'signed-out', signInState: 's', refused: true }, pending, pending, null),
    ).toMatchObject({ view: { state: 'logged-out', refused: true } })
  })

  it('is loading until both lists arrive, and an error wins over loading', () => {
    expect(resolveProject(signedIn, ok(orgs), pending, null)).toMatchObject({ view: { state: 'loading' } })
    expect(resolveProject(signedIn, pending, failed, null)).toMatchObject({ view: { state: 'error' } })
    expect(resolveProject(signedIn, failed, ok([plain]), null)).toMatchObject({ view: { state: 'error' } })
  })

  it('reports no data when the reader has no project', () => {
    expect(resolveProject(signedIn, ok(orgs), ok([]), null)).toMatchObject({
      view: { state: 'no-data', organizations: orgs },
    })
  })

  it('picks a project when both lists arrived', () => {
    const result = resolveProject(signedIn, ok(orgs), ok([plain, branching]), {
      organizationId: 1,
      projectRef: 'parent',
    })
    expect(result).toMatchObject({ done: false, project: branching })
  })
})

describe('resolveBranch', () => {
  const main: Branch = { id: 'm', name: 'main', project_ref: 'parent', parent_project_ref: 'parent' }
  const preview: Branch = { id: 'p', name: 'preview', project_ref: 'preview', parent_project_ref: 'parent' }

  it('uses the project itself when branching is off', () => {
    expect(resolveBranch(plain, { status: 'idle' }, null)).toEqual({
      branches: { kind: 'not-branching' },
      apiRef: 'plain',
      failed: false,
    })
  })

  it('waits for the branches before choosing which settings to load', () => {
    expect(resolveBranch(branching, pending, null)).toMatchObject({ apiRef: undefined, failed: false })
    expect(resolveBranch(branching, failed, null)).toMatchObject({ apiRef: undefined, failed: true })
  })

  it("loads the selected branch's settings", () => {
    const saved = { organizationId: 1, projectRef: 'parent', branchId: 'p' }
    expect(resolveBranch(branching, ok([main, preview]), saved)).toMatchObject({
      branches: { kind: 'ready', selected: preview },
      apiRef: 'preview',
    })
  })

  it('lists the default branch first whatever order the API sends', () => {
    expect(resolveBranch(branching, ok([preview, main]), null)).toMatchObject({
      branches: { kind: 'ready', branches: [main, preview], selected: main },
      apiRef: 'parent',
    })
  })

  it("falls back to the project's settings when it has no branch", () => {
    expect(resolveBranch(branching, ok([]), null)).toMatchObject({
      branches: { kind: 'ready', branches: [], selected: undefined },
      apiRef: 'parent',
    })
  })
})

describe('finishView', () => {
  const groups = [{ organization: orgs[0]!, projects: [plain] }]
  const branch = resolveBranch(plain, { status: 'idle' }, null)

  it('shows data once the settings arrive', () => {
    expect(finishView(groups, plain, branch, ok(api))).toMatchObject({ state: 'has-data', api })
    expect(finishView(groups, plain, branch, pending)).toMatchObject({ state: 'has-data', api: undefined })
  })

  it('turns a failed settings or branches call into the error state', () => {
    expect(finishView(groups, plain, branch, failed)).toEqual({ state: 'error' })
    const failedBranches = resolveBranch(branching, failed, null)
    expect(finishView(groups, branching, failedBranches, { status: 'idle' })).toEqual({ state: 'error' })
  })
})
