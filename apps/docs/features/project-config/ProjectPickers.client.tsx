'use client'

import { PlatformSelect } from './PlatformSelect.client'
import type { ProjectConfigView } from './project-config-view'
import { branchValue, projectValue } from './selection'

/** The project picker, and the branch picker of a project with branching on. */
export function ProjectPickers({
  view,
  onProject,
  onBranch,
}: {
  view: ProjectConfigView
  onProject: (value: string) => void
  onBranch: (value: string) => void
}) {
  const ready = view.state === 'has-data' ? view : undefined
  const projectGroups =
    ready?.groups.map((group) => ({
      label: group.organization.name,
      options: group.projects.map((p) => ({ value: projectValue(p), label: p.name })),
    })) ?? []
  const branches = ready?.branches
  return (
    <>
      <PlatformSelect
        label="Project"
        status={view.state === 'loading' ? 'loading' : 'ready'}
        placeholder="Select a project..."
        emptyText="No project found"
        value={ready ? projectValue(ready.project) : undefined}
        groups={projectGroups}
        onValueChange={onProject}
      />
      {branches && branches.kind !== 'not-branching' ? (
        <PlatformSelect
          label="Branch"
          status={branches.kind === 'loading' ? 'loading' : 'ready'}
          placeholder="Select a branch..."
          emptyText="No branch found"
          value={branches.kind === 'ready' && branches.selected ? branchValue(branches.selected) : undefined}
          groups={[
            {
              options:
                branches.kind === 'ready'
                  ? branches.branches.map((b) => ({ value: branchValue(b), label: b.name }))
                  : [],
            },
          ]}
          onValueChange={onBranch}
        />
      ) : null}
    </>
  )
}
