import type { Branch, Organization, Project } from './platform-types'

/**
 * The picker values and the rules that pick a project and a branch from what the reader saved.
 * Picker values are JSON lists so names may contain any character; a value that does not parse
 * to the expected list is ignored rather than trusted.
 */

export interface ProjectChoice {
  organizationId: number
  ref: string
  name: string
}

export interface BranchChoice {
  id: string
  name: string
}

export interface SavedSelection {
  organizationId: number
  projectRef: string
  branchId?: string
}

export interface ProjectGroup {
  organization: Organization
  projects: Project[]
}

export function projectValue(project: Project): string {
  return JSON.stringify([project.organization_id, project.ref, project.name])
}

export function parseProjectValue(value: string): ProjectChoice | null {
  const list = parseList(value, 3)
  if (!list) return null
  const [organizationId, ref, name] = list
  if (typeof organizationId !== 'number' || !Number.isFinite(organizationId)) return null
  if (typeof ref !== 'string' || ref === '' || typeof name !== 'string') return null
  return { organizationId, ref, name }
}

export function branchValue(branch: Branch): string {
  return JSON.stringify([branch.id, branch.name])
}

export function parseBranchValue(value: string): BranchChoice | null {
  const list = parseList(value, 2)
  if (!list) return null
  const [id, name] = list
  if (typeof id !== 'string' || id === '' || typeof name !== 'string') return null
  return { id, name }
}

function parseList(value: string, length: number): unknown[] | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    return null
  }
  return Array.isArray(parsed) && parsed.length === length ? parsed : null
}

/** Projects grouped under their organization, in the API's order; empty groups are left out. */
export function groupProjects(organizations: Organization[], projects: Project[]): ProjectGroup[] {
  return organizations
    .map((organization) => ({
      organization,
      projects: projects.filter((p) => p.organization_id === organization.id),
    }))
    .filter((group) => group.projects.length > 0)
}

/** The saved project if it belongs to the saved organization, otherwise the first project. */
export function chooseProject(groups: ProjectGroup[], saved: SavedSelection | null): Project | undefined {
  const projects = groups.flatMap((g) => g.projects)
  if (saved) {
    const match = projects.find(
      (p) => p.ref === saved.projectRef && p.organization_id === saved.organizationId,
    )
    if (match) return match
  }
  return projects[0]
}

/** The project's default branch is the one that is its own parent (usually `main`). */
export function isDefaultBranch(branch: Branch): boolean {
  return branch.project_ref === branch.parent_project_ref
}

/** Branches as the picker lists them: the default branch first, then the others by name. */
export function sortBranches(branches: readonly Branch[]): Branch[] {
  return [...branches].sort(
    (a, b) =>
      Number(isDefaultBranch(b)) - Number(isDefaultBranch(a)) ||
      a.name.localeCompare(b.name, 'en', { numeric: true }),
  )
}

/** The saved branch if present, else the main branch (its own parent), else the first one. */
export function chooseBranch(branches: Branch[], savedBranchId: string | undefined): Branch | undefined {
  return (
    (savedBranchId ? branches.find((b) => b.id === savedBranchId) : undefined) ??
    branches.find(isDefaultBranch) ??
    branches[0]
  )
}
