'use client'

import type { ReactNode } from 'react'
import { ProjectPickers } from './ProjectPickers.client'
import { useProjectConfig } from './use-project-config'
import { UNAVAILABLE_REASONS, variableValue } from './variable-display'

/**
 * The signed-in reader's project URL (the one the widgets show), offered to another tool as one
 * button, with the widgets' pickers to choose another project. It shares their sign-in, selection
 * and requests. A reader who is not signed in sees nothing: no prompt, no error.
 */
export default function ProjectUrlPicker({ onPick }: { onPick: (projectUrl: string) => void }) {
  const { view, selectProject, selectBranch } = useProjectConfig()
  if (view.state !== 'has-data' && view.state !== 'loading' && view.state !== 'error') return null

  let choice: ReactNode = null
  if (view.state === 'error') {
    choice = <p className="text-[var(--muted)]">Your projects could not be loaded.</p>
  } else if (view.state === 'has-data') {
    const url = view.api ? variableValue('url', view.api) : undefined
    if (!url) choice = <p className="text-[var(--muted)]">Loading the project URL…</p>
    else if (url.kind === 'unavailable')
      choice = <p className="text-[var(--muted)]">{UNAVAILABLE_REASONS[url.reason]}</p>
    else {
      choice = (
        <button
          type="button"
          onClick={() => onPick(url.text)}
          className="max-w-full rounded border border-[var(--accent)] px-2 py-1 text-left font-medium text-[var(--accent-text)] hover:bg-[var(--surface-strong)]"
        >
          Use <span className="font-mono text-xs [overflow-wrap:anywhere]">{url.text}</span>
        </button>
      )
    }
  }

  return (
    <div
      role="group"
      aria-label="Your projects"
      data-project-url-picker={view.state}
      className="space-y-2 rounded-md border border-[var(--border)] bg-[var(--surface)] p-3 text-sm"
    >
      <p className="font-medium">Your projects</p>
      {view.state === 'error' ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <ProjectPickers view={view} onProject={selectProject} onBranch={selectBranch} />
        </div>
      )}
      {choice}
    </div>
  )
}
