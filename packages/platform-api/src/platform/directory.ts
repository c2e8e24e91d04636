import type { Seed, SeedBranch, SeedUser } from '../seed/schema'
import type { ProjectApiSettings } from '../seed/project-api'

/** Response shapes of the platform's read endpoints. */
export interface OrganizationResponse {
  id: number
  name: string
}
export interface ProjectResponse {
  ref: string
  organization_id: number
  name: string
  is_branch_enabled: boolean
}
export interface BranchResponse {
  id: string
  name: string
  project_ref: string
  parent_project_ref: string
}

export type BranchesLookup =
  { kind: 'ok'; branches: BranchResponse[] } | { kind: 'not-found' } | { kind: 'branching-disabled' }

/** What one signed-in user may read: only the organizations they belong to and their projects. */
export class Directory {
  constructor(
    private readonly seed: Seed,
    private readonly apiSettings: ReadonlyMap<string, ProjectApiSettings>,
  ) {}

  findUser(id: string): SeedUser | undefined {
    return this.seed.users.find((u) => u.id === id)
  }

  get users(): readonly SeedUser[] {
    return this.seed.users
  }

  organizationsFor(user: SeedUser): OrganizationResponse[] {
    return this.seed.organizations
      .filter((o) => user.organizationIds.includes(o.id))
      .map(({ id, name }) => ({ id, name }))
  }

  projectsFor(user: SeedUser): ProjectResponse[] {
    return this.seed.projects
      .filter((p) => user.organizationIds.includes(p.organization_id))
      .map(({ ref, organization_id, name, is_branch_enabled }) => ({
        ref,
        organization_id,
        name,
        is_branch_enabled,
      }))
  }

  branchesFor(user: SeedUser, ref: string): BranchesLookup {
    const project = this.projectsFor(user).find((p) => p.ref === ref)
    if (!project) return { kind: 'not-found' }
    if (!project.is_branch_enabled) return { kind: 'branching-disabled' }
    const branches = this.seed.branches
      .filter((b) => b.parent_project_ref === ref)
      .map(({ id, name, project_ref, parent_project_ref }) => ({
        id,
        name,
        project_ref,
        parent_project_ref,
      }))
    return { kind: 'ok', branches }
  }

  /** Settings of a project, or of a preview branch whose parent project the user can read. */
  apiSettingsFor(user: SeedUser, ref: string): ProjectApiSettings | undefined {
    const readable = new Set(this.projectsFor(user).map((p) => p.ref))
    const branch: SeedBranch | undefined = this.seed.branches.find((b) => b.project_ref === ref)
    const allowed = readable.has(ref) || (branch && readable.has(branch.parent_project_ref))
    return allowed ? this.apiSettings.get(ref) : undefined
  }
}
