import { describe, expect, it } from 'vitest'
import type { Branch, Organization, Project } from './platform-types'
import {
  branchValue,
  chooseBranch,
  chooseProject,
  groupProjects,
  parseBranchValue,
  parseProjectValue,
  projectValue,
  sortBranches,
} from './selection'

const orgs: Organization[] = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Northwind' },
  { id: 3, name: 'Empty' },
]
const project = (ref: string, organization_id: number, is_branch_enabled = false): Project => ({
  ref,
  organization_id,
  name: `Project ${ref}`,
  is_branch_enabled,
})
const projects = [project('bbb', 2), project('aaa', 1), project('ccc', 1), project('ddd', 2)]
const groups = groupProjects(orgs, projects)

const branch = (id: string, project_ref: string, parent_project_ref = 'parent'): Branch => ({
  id,
  name: `branch ${id}`,
  project_ref,
  parent_project_ref,
})

describe('project picker values', () => {
  it('round-trip organization id, ref and name, whatever the name contains', () => {
    const tricky = { ...project('aaa', 1), name: 'Q3 "launch", [draft]' }
    expect(parseProjectValue(projectValue(tricky))).toEqual({
      organizationId: 1,
      ref: 'aaa',
      name: 'Q3 "launch", [draft]',
    })
  })

  it.each([
    ['not JSON', 'aaa'],
    ['two items', '[1,"aaa"]'],
    ['four items', '[1,"aaa","name","extra"]'],
    ['a string organization id', '["1","aaa","name"]'],
    ['an empty ref', '[1,"","name"]'],
    ['an object', '{"0":1,"1":"aaa","2":"name"}'],
    ['a numeric name', '[1,"aaa",5]'],
  ])('are ignored when they are %s', (_label, value) => {
    expect(parseProjectValue(value)).toBeNull()
  })
})

describe('branch picker values', () => {
  it('round-trip id and name', () => {
    expect(parseBranchValue(branchValue(branch('b1', 'x')))).toEqual({ id: 'b1', name: 'branch b1' })
  })

  it.each([['b1'], ['["b1"]'], ['["b1","name","x"]'], ['[1,"name"]'], ['["","name"]'], ['null']])(
    'are ignored when malformed: %s',
    (value) => {
      expect(parseBranchValue(value)).toBeNull()
    },
  )
})

describe('groupProjects', () => {
  it('groups projects under organizations in the organizations order and drops empty groups', () => {
    expect(groups.map((g) => [g.organization.name, g.projects.map((p) => p.ref)])).toEqual([
      ['Acme', ['aaa', 'ccc']],
      ['Northwind', ['bbb', 'ddd']],
    ])
  })
})

describe('chooseProject', () => {
  it('restores the saved project when it belongs to the saved organization', () => {
    expect(chooseProject(groups, { organizationId: 2, projectRef: 'ddd' })?.ref).toBe('ddd')
  })

  it('chooses the first project when the saved project is in another organization', () => {
    expect(chooseProject(groups, { organizationId: 1, projectRef: 'ddd' })?.ref).toBe('aaa')
  })

  it('chooses the first project when nothing is saved or the project is gone', () => {
    expect(chooseProject(groups, null)?.ref).toBe('aaa')
    expect(chooseProject(groups, { organizationId: 2, projectRef: 'zzz' })?.ref).toBe('aaa')
  })

  it('chooses nothing when there is no project', () => {
    expect(chooseProject([], { organizationId: 1, projectRef: 'aaa' })).toBeUndefined()
  })
})

describe('chooseBranch', () => {
  const main = branch('main', 'parent')
  const branches = [branch('b1', 'r1'), main, branch('b2', 'r2')]

  it('restores the saved branch when it exists', () => {
    expect(chooseBranch(branches, 'b2')).toBe(branches[2])
  })

  it('falls back to the branch whose project_ref is its parent_project_ref', () => {
    expect(chooseBranch(branches, 'gone')).toBe(main)
    expect(chooseBranch(branches, undefined)).toBe(main)
  })

  it('falls back to the first branch when there is no main branch', () => {
    const previews = [branch('b1', 'r1'), branch('b2', 'r2')]
    expect(chooseBranch(previews, undefined)).toBe(previews[0])
  })

  it('chooses nothing from an empty list', () => {
    expect(chooseBranch([], 'b1')).toBeUndefined()
  })
})

describe('sortBranches', () => {
  it('lists the default branch first, then the others by name, numbers in numeric order', () => {
    const named = (name: string, ref: string) => ({ ...branch(name, ref), name })
    const list = [
      named('feature/checkout-v2', 'r1'),
      named('main', 'parent'),
      named('fix/tax-rounding', 'r2'),
      named('preview-10', 'r3'),
      named('preview-9', 'r4'),
    ]
    expect(sortBranches(list).map((b) => b.name)).toEqual([
      'main',
      'feature/checkout-v2',
      'fix/tax-rounding',
      'preview-9',
      'preview-10',
    ])
    expect(list[0]!.name, 'the input is left as it was').toBe('feature/checkout-v2')
  })

  it('sorts by name alone when no branch is the default', () => {
    const list = [branch('b2', 'r2'), branch('b1', 'r1')]
    expect(sortBranches(list).map((b) => b.id)).toEqual(['b1', 'b2'])
  })
})
