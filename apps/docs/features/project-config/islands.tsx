import type { ReactNode } from 'react'
import { Island } from '@/components/ui/Island'
import { pageUniqueId } from '@/lib/page-ids'
import { EnvSample as EnvSampleClient } from './EnvSample.client'
import { ProjectConfigVariables as ProjectConfigVariablesClient } from './ProjectConfigVariables.lazy'
import type { Variable } from './variable-display'

/** `<EnvSample>` around a `.env.local` block in a guide; the block is server HTML in its slot. */
export function EnvSample({ children }: { children: ReactNode }) {
  return <Island name="EnvSample" component={EnvSampleClient} props={{}} slots={{ children }} />
}

/** `<ProjectConfigVariables variable="url" />` or `variable="anonKey"` in a guide. */
export function ProjectConfigVariables({ variable }: { variable: Variable }) {
  return (
    <Island
      name="ProjectConfigVariables"
      component={ProjectConfigVariablesClient}
      props={{ variable, elementId: pageUniqueId('project-config') }}
    />
  )
}
