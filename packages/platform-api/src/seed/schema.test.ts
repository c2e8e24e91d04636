import { describe, expect, it } from 'vitest'
import seedData from './seed.json' with { type: 'json' }
import { parseSeed } from './schema'

const clone = () => structuredClone(seedData) as typeof seedData & Record<string, unknown>

describe('parseSeed', () => {
  it('accepts the shipped seed', () => {
    expect(parseSeed(seedData, 'seed.json').ok).toBe(true)
  })

  it('names the file and the field of a bad value', () => {
    const seed = clone()
    seed.projects[0]!.ref = 'Not-A-Ref'
    const result = parseSeed(seed, 'seed.json')
    expect(result).toEqual({
      ok: false,
      error: 'Invalid seed file seed.json:\n  projects.0.ref: must be 20 lowercase letters',
    })
  })

  it('catches references to missing organizations and projects', () => {
    const seed = clone()
    seed.projects[1]!.organization_id = 99
    seed.branches[0]!.parent_project_ref = 'zzzzzzzzzzzzzzzzzzzz'
    seed.users[0]!.organizationIds = [1, 42]
    const result = parseSeed(seed, 'seed.json')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toContain('projects.1.organization_id: unknown organization 99')
    expect(result.error).toContain('branches.0.parent_project_ref: unknown project zzzzzzzzzzzzzzzzzzzz')
    expect(result.error).toContain('users.0.organizationIds.1: unknown organization 42')
  })

  it('catches duplicate refs and branches on projects without branching', () => {
    const seed = clone()
    seed.projects[1]!.ref = seed.projects[0]!.ref
    const result = parseSeed(seed, 'seed.json')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toContain('projects.1.ref: duplicate ref gkguxpyvcgecmtwejkdd')
    // The Storefront branches now point at a ref that no longer exists.
    expect(result.error).toContain('branches.0.parent_project_ref: unknown project')
  })

  it('refuses unknown fields', () => {
    const seed = clone()
    seed.extra = true
    const result = parseSeed(seed, 'seed.json')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toContain('(root)')
  })
})
