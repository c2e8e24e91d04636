import { z } from 'zod'

/** Project refs look like the platform's: 20 lowercase letters. */
const projectRef = z.string().regex(/^[a-z]{20}$/, 'must be 20 lowercase letters')

/** How a project's (or branch's) API settings differ from the defaults. */
const apiOverrides = z
  .object({
    /** `null` models a project whose API is not provisioned: the response has no endpoint. */
    endpoint: z.string().min(1).nullable().optional(),
    protocol: z.enum(['http', 'https']).optional(),
    /** Projects created on an older platform version have no anon key the API can return. */
    legacyAnonKey: z.boolean().optional(),
  })
  .strict()

const user = z
  .object({
    id: z.string().min(1),
    email: z.email(),
    name: z.string().min(1),
    organizationIds: z.array(z.number().int().positive()),
  })
  .strict()

const organization = z.object({ id: z.number().int().positive(), name: z.string().min(1) }).strict()

const project = z
  .object({
    ref: projectRef,
    organization_id: z.number().int().positive(),
    name: z.string().min(1),
    is_branch_enabled: z.boolean(),
    api: apiOverrides.optional(),
  })
  .strict()

const branch = z
  .object({
    id: z.uuid(),
    name: z.string().min(1),
    project_ref: projectRef,
    parent_project_ref: projectRef,
    api: apiOverrides.optional(),
  })
  .strict()

export const seedSchema = z
  .object({
    /** Host suffix of project endpoints: `<ref>.<apiDomain>`. */
    apiDomain: z.string().min(1),
    /** Signs the seeded projects' anon and service_role keys; these keys protect nothing. */
    apiKeySigningSecret: z.string().min(32),
    /** `iat` of the seeded API keys (seconds), fixed so keys are the same on every start. */
    apiKeysIssuedAt: z.number().int().positive(),
    users: z.array(user).min(1),
    organizations: z.array(organization),
    projects: z.array(project),
    branches: z.array(branch),
  })
  .strict()
  .superRefine((seed, ctx) => {
    const orgIds = new Set(seed.organizations.map((o) => o.id))
    const refs = new Set<string>()
    seed.projects.forEach((p, i) => {
      if (refs.has(p.ref)) {
        ctx.addIssue({
          code: 'custom',
          path: ['projects', i, 'ref'],
          message: `duplicate ref ${p.ref}`,
        })
      }
      refs.add(p.ref)
      if (!orgIds.has(p.organization_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['projects', i, 'organization_id'],
          message: `unknown organization ${p.organization_id}`,
        })
      }
    })
    seed.users.forEach((u, i) => {
      u.organizationIds.forEach((id, j) => {
        if (!orgIds.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['users', i, 'organizationIds', j],
            message: `unknown organization ${id}`,
          })
        }
      })
    })
    const branchIds = new Set<string>()
    seed.branches.forEach((b, i) => {
      const parent = seed.projects.find((p) => p.ref === b.parent_project_ref)
      if (!parent) {
        ctx.addIssue({
          code: 'custom',
          path: ['branches', i, 'parent_project_ref'],
          message: `unknown project ${b.parent_project_ref}`,
        })
      } else if (!parent.is_branch_enabled) {
        ctx.addIssue({
          code: 'custom',
          path: ['branches', i, 'parent_project_ref'],
          message: `project ${b.parent_project_ref} does not have branching enabled`,
        })
      }
      if (branchIds.has(b.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['branches', i, 'id'],
          message: `duplicate id ${b.id}`,
        })
      }
      branchIds.add(b.id)
      // A preview branch is a project of its own; only the main branch reuses its parent's ref.
      if (b.project_ref !== b.parent_project_ref) {
        if (refs.has(b.project_ref)) {
          ctx.addIssue({
            code: 'custom',
            path: ['branches', i, 'project_ref'],
            message: `ref ${b.project_ref} is already used`,
          })
        }
        refs.add(b.project_ref)
      }
    })
  })

export type Seed = z.infer<typeof seedSchema>
export type SeedUser = Seed['users'][number]
export type SeedProject = Seed['projects'][number]
export type SeedBranch = Seed['branches'][number]
export type ApiOverrides = NonNullable<SeedProject['api']>

export type SeedResult = { ok: true; seed: Seed } | { ok: false; error: string }

/** Validates raw seed data; the error names the source and every bad field. */
export function parseSeed(raw: unknown, source: string): SeedResult {
  const result = seedSchema.safeParse(raw)
  if (result.success) return { ok: true, seed: result.data }
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : '(root)'
    return `  ${path}: ${issue.message}`
  })
  return { ok: false, error: `Invalid seed file ${source}:\n${problems.join('\n')}` }
}
