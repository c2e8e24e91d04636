'use client'

import dynamic from 'next/dynamic'
import { assertVariable, type Variable } from './variable-display'

/**
 * The widget's code (pickers, requests, sign-in handling) is its own chunk, fetched only by pages
 * that show it: the other guides share the MDX component registry but not this weight.
 */
const ProjectConfigWidget = dynamic(
  () => import('./ProjectConfigWidget.client').then((module) => module.ProjectConfigWidget),
  {
    loading: () => (
      <div
        aria-busy="true"
        className="my-5 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-3 text-sm text-[var(--muted)]"
      >
        Loading...
      </div>
    ),
  },
)

/** `<ProjectConfigVariables variable="url" />` or `variable="anonKey"` in a guide. */
export function ProjectConfigVariables({ variable }: { variable: Variable }) {
  assertVariable(variable)
  return <ProjectConfigWidget variable={variable} />
}
