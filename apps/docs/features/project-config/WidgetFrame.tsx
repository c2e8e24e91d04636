import type { ReactNode, Ref } from 'react'
import type { Variable } from './variable-display'
import { VARIABLES } from './variable-display'

/**
 * The widget's box and the parts it shows before it knows whether the reader is signed in: the
 * same markup whether the widget's code has loaded or not, so the static stand-in that is on the
 * page until then (`ProjectConfigVariables`) and the widget's first render take the same room.
 */
export function WidgetFrame({
  variable,
  state,
  lead,
  elementId,
  frameRef,
  children,
}: {
  variable: Variable
  state: string
  /** This widget shows the sign-in prompt and the pickers (the first one of the page does). */
  lead: boolean
  elementId?: string
  frameRef?: Ref<HTMLDivElement>
  children: ReactNode
}) {
  const { label } = VARIABLES[variable]
  return (
    <div
      ref={frameRef}
      id={elementId}
      // Focusable from script and by the "chosen above" links: where a returning reader lands.
      tabIndex={-1}
      role="group"
      aria-label={`Your ${label}`}
      data-project-config={variable}
      data-state={state}
      data-lead={lead ? '' : undefined}
      // Its words (a placeholder, "Checking whether you are signed in") say nothing about the page.
      data-pagefind-ignore="all"
      className="not-prose my-5 scroll-mt-28 lg:scroll-mt-24 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-3 text-sm outline-offset-2 focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
    >
      {children}
    </div>
  )
}

export function CheckingSession() {
  return (
    <div className="mb-2 text-[var(--muted)]" aria-busy="true">
      Checking whether you are signed in...
    </div>
  )
}

/** The label and the value (or its placeholder), with the copy button once there is a value. */
export function ValueLine({
  variable,
  shown,
  copyable,
  copyButton,
}: {
  variable: Variable
  shown: string
  copyable: boolean
  copyButton?: ReactNode
}) {
  return (
    <div className="flex items-center gap-2">
      <span className="shrink-0 font-medium">{VARIABLES[variable].label}</span>
      <code
        data-value={copyable ? 'real' : 'placeholder'}
        className="min-w-0 flex-1 truncate rounded border border-[var(--border)] bg-[var(--code-bg)] px-2 py-1 font-mono text-xs"
        title={copyable ? shown : undefined}
      >
        {shown}
      </code>
      {copyButton}
    </div>
  )
}

/** What the page shows before the widget's code has loaded: its first render, without code. */
export function WidgetStandIn({
  variable,
  elementId,
  frameRef,
}: {
  variable: Variable
  elementId?: string
  frameRef?: Ref<HTMLDivElement>
}) {
  return (
    <WidgetFrame variable={variable} state="user-loading" lead elementId={elementId} frameRef={frameRef}>
      <CheckingSession />
      <ValueLine variable={variable} shown={VARIABLES[variable].placeholder} copyable={false} />
    </WidgetFrame>
  )
}
