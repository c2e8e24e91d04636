'use client'

import dynamic from 'next/dynamic'
import { useEffect, useState } from 'react'
import { CopyButton } from '../../components/ui/CopyButton.client'
import { siteConfig } from '../../lib/site-config'
import type { LeadWidget } from './lead-widget-store'
import type { ProjectConfigView } from './project-config-view'
import { publishProjectValues, type ProjectValues } from './project-values'
import { LeadLink, SignInLink, SignInPointer } from './SignInPrompt'
import { CheckingSession, ValueLine, WidgetFrame } from './WidgetFrame'
import { useLeadWidget } from './use-lead-widget'
import { useProjectConfig } from './use-project-config'
import {
  UNAVAILABLE_REASONS,
  VARIABLES,
  variableValue,
  type UnavailableReason,
  type Variable,
} from './variable-display'

const FETCH_ERROR = "Couldn't display your API settings. You can get them from the"

/**
 * The pickers (and the select component under them, most of the widget's weight) load once the
 * reader is signed in: a reader who is not never needs them. Meanwhile a box of the picker's
 * size says what is coming.
 */
const ProjectPickers = dynamic(
  () => import('./ProjectPickers.client').then((module) => module.ProjectPickers),
  {
    ssr: false,
    loading: () => (
      <span
        aria-busy="true"
        className="inline-flex items-center gap-2 rounded-md border border-[var(--border)] bg-[var(--bg)] px-2.5 py-1 text-sm opacity-70"
      >
        <span className="text-[var(--muted)]">Project:</span> Loading...
      </span>
    ),
  },
)

/**
 * The widget itself (loaded on demand by `ProjectConfigVariables`): the reader's project URL or
 * anon key. Every instance on a page shares one sign-in, one selection and one set of requests;
 * the first one also shows the sign-in prompt and the project (and branch) pickers, the others
 * point to it.
 */
export function ProjectConfigWidget({ variable }: { variable: Variable }) {
  const { view, apiBaseUrl, selectProject, selectBranch, signOut } = useProjectConfig()
  const { label } = VARIABLES[variable]
  const { elementId, ref, lead } = useLeadWidget(label)
  // The page's `.env.local` samples show the reader's own values (`EnvSample`).
  const values = shownValues(view)
  const [url, anonKey, hasValues] = [values?.url, values?.anonKey, values !== null]
  useEffect(() => publishProjectValues(hasValues ? { url, anonKey } : null), [hasValues, url, anonKey])

  return (
    <WidgetFrame variable={variable} state={view.state} lead={!lead} elementId={elementId} frameRef={ref}>
      {lead ? (
        <LeadPointer view={view} lead={lead} />
      ) : (
        <SessionBar view={view} apiBaseUrl={apiBaseUrl} onSignOut={signOut}>
          {view.state === 'has-data' || view.state === 'no-data' || view.state === 'loading' ? (
            <ProjectPickers view={view} onProject={selectProject} onBranch={selectBranch} />
          ) : null}
        </SessionBar>
      )}
      {view.state === 'no-data' && !lead ? <NoProjectHelp organizations={view.organizations} /> : null}
      <ValueRow variable={variable} view={view} />
    </WidgetFrame>
  )
}

/** The reader's values the page may fill into its samples, or null while there are none. */
function shownValues(view: ProjectConfigView): ProjectValues | null {
  if (view.state !== 'has-data' || !view.api) return null
  const values: ProjectValues = {}
  for (const variable of Object.keys(VARIABLES) as Variable[]) {
    const value = variableValue(variable, view.api)
    if (value.kind === 'value') values[variable] = value.text
  }
  return values
}

/** What a widget below the first one shows instead of a second prompt or picker. */
function LeadPointer({ view, lead }: { view: ProjectConfigView; lead: LeadWidget }) {
  if (view.state === 'user-loading') return <CheckingSession />
  if (view.state === 'logged-out') return <SignInPointer lead={lead} />
  let text: React.ReactNode
  if (view.state === 'has-data') {
    const branch = view.branches.kind === 'ready' ? view.branches.selected : undefined
    text = (
      <>
        Project <span className="font-medium text-[var(--text)]">{view.project.name}</span>
        {branch ? (
          <>
            {' '}
            (branch <span className="font-medium text-[var(--text)]">{branch.name}</span>)
          </>
        ) : null}
        , chosen in the <LeadLink lead={lead} />.
      </>
    )
  } else {
    text = (
      <>
        The project is chosen in the <LeadLink lead={lead} />.
      </>
    )
  }
  return <div className="mb-2 text-[var(--muted)]">{text}</div>
}

function SessionBar({
  view,
  apiBaseUrl,
  onSignOut,
  children,
}: {
  view: ProjectConfigView
  apiBaseUrl: string | null
  onSignOut: () => void
  children: React.ReactNode
}) {
  if (view.state === 'user-loading') return <CheckingSession />
  if (view.state === 'logged-out') {
    return <SignInLink apiBaseUrl={apiBaseUrl} signInState={view.signInState} refused={view.refused} />
  }
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2">
      {children}
      <button
        type="button"
        onClick={onSignOut}
        className="ml-auto text-xs text-[var(--muted)] underline hover:text-[var(--text)]"
      >
        Sign out
      </button>
    </div>
  )
}

/** Signed in with no project anywhere: say how to make one rather than only "No project found". */
function NoProjectHelp({ organizations }: { organizations: { id: number; name: string }[] }) {
  const names = organizations.map((organization) => organization.name)
  const where =
    names.length === 0
      ? 'You have no organization'
      : `${listNames(names)} ${names.length === 1 ? 'has' : 'have'} no project`
  return (
    <p className="mt-0 mb-2 text-[var(--muted)]" data-no-project-help="">
      {where} yet. Create a project in the{' '}
      <a href={siteConfig.dashboardUrl} className="text-[var(--link)] underline">
        dashboard
      </a>{' '}
      (New project), then reload this page to see its URL and anon key here.
    </p>
  )
}

function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

function ValueRow({ variable, view }: { variable: Variable; view: ProjectConfigView }) {
  const { label, placeholder } = VARIABLES[variable]
  // The alert is closed per project (or branch): choosing another one may need it again.
  const [closedFor, setClosedFor] = useState<string | null>(null)

  let shown: string = placeholder
  let copyable = false
  let unavailableFor: string | undefined
  let reason: UnavailableReason | undefined
  if (view.state === 'has-data') {
    if (!view.api) {
      shown = 'Loading...'
    } else {
      const value = variableValue(variable, view.api)
      if (value.kind === 'value') {
        shown = value.text
        copyable = true
      } else {
        unavailableFor = view.apiRef
        reason = value.reason
      }
    }
  } else if (view.state === 'loading') {
    shown = 'Loading...'
  }

  return (
    <>
      <ValueLine
        variable={variable}
        shown={shown}
        copyable={copyable}
        copyButton={copyable ? <CopyButton text={shown} label={`Copy ${label}`} /> : null}
      />
      {view.state === 'error' ? (
        <div className="mt-2 text-[var(--muted)]">
          {FETCH_ERROR}{' '}
          <a href={siteConfig.dashboardUrl} className="text-[var(--link)] underline">
            dashboard
          </a>
          .
        </div>
      ) : null}
      {unavailableFor !== undefined && closedFor !== unavailableFor ? (
        <div
          role="alert"
          className="mt-2 flex items-start gap-2 rounded border border-amber-500/60 bg-amber-500/10 px-3 py-2"
        >
          <div className="flex-1">
            {reason ? `${UNAVAILABLE_REASONS[reason]} ` : null}Copy your {label} from the{' '}
            <a href={siteConfig.dashboardUrl} className="text-[var(--link)] underline">
              dashboard
            </a>{' '}
            (Project Settings → API).
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={() => setClosedFor(unavailableFor ?? null)}
            className="rounded px-1 leading-none text-[var(--muted)] hover:text-[var(--text)]"
          >
            ×
          </button>
        </div>
      ) : null}
    </>
  )
}
