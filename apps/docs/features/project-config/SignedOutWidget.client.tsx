'use client'

import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { siteConfig } from '../../lib/site-config'
import { SignInLink, SignInPointer, type PromptOwner } from './SignInPrompt'
import { hasUsableSession, SESSION_STORAGE_KEY, tabSignInState } from './stored-session'
import { isVariable, VARIABLES, type Variable } from './variable-display'
import { ValueLine, WidgetFrame } from './WidgetFrame'

export { hasUsableSession }

/**
 * The widget of a reader who is not signed in: the sign-in prompt (in the first widget of the
 * page; the others point to it) and the placeholder. It is all a signed-out reader, most readers,
 * ever needs, so it loads without the full widget (requests, pickers, selection), which comes
 * only once there is a sign-in. `onSignedIn` fires when the reader signs in from another tab.
 */
export function SignedOutWidget({
  variable,
  elementId,
  onSignedIn,
}: {
  variable: Variable
  /**
   * Unique on the page and the same as its stand-in's: the widgets start one by one (each is an
   * island), so the first may still be a stand-in when a later one looks for it.
   */
  elementId: string
  onSignedIn: () => void
}) {
  const frame = useRef<HTMLDivElement>(null)
  const [signInState] = useState(() => tabSignInState(window))
  // Every widget renders as the first one until it has looked at the page, before it is painted.
  const [lead, setLead] = useState<PromptOwner | null>(null)

  useLayoutEffect(() => {
    const first = document.querySelector<HTMLElement>('[data-project-config]')
    const firstVariable = first?.dataset.projectConfig
    if (first && first !== frame.current && first.id && isVariable(firstVariable)) {
      setLead({ elementId: first.id, label: VARIABLES[firstVariable].label })
    }
  }, [])

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === SESSION_STORAGE_KEY || event.key === null) && hasUsableSession(window)) onSignedIn()
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [onSignedIn])

  return (
    <WidgetFrame variable={variable} state="logged-out" lead={!lead} elementId={elementId} frameRef={frame}>
      {lead ? (
        <SignInPointer lead={lead} />
      ) : (
        <SignInLink apiBaseUrl={siteConfig.platformApiUrl} signInState={signInState} refused={false} />
      )}
      <ValueLine variable={variable} shown={VARIABLES[variable].placeholder} copyable={false} />
    </WidgetFrame>
  )
}
