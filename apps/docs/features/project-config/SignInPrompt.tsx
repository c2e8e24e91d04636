import { saveReturnPosition } from './return-position'
import { signInUrl } from './stored-session'

/** The widget that shows the prompt, for the others' "box above" link. */
export interface PromptOwner {
  elementId: string
  label: string
}

/** A link to the widget that shows the sign-in prompt and the pickers. */
export function LeadLink({ lead }: { lead: PromptOwner }) {
  return (
    <a href={`#${lead.elementId}`} className="text-[var(--link)] underline">
      {lead.label} box above
    </a>
  )
}

/** What a signed-out widget below the first one shows instead of a second prompt. */
export function SignInPointer({ lead }: { lead: PromptOwner }) {
  return (
    <div className="mb-2 text-[var(--muted)]">
      Sign in at the <LeadLink lead={lead} /> to see your own value here.
    </div>
  )
}

/** The sign-in prompt of the first widget on the page. */
export function SignInLink({
  apiBaseUrl,
  signInState,
  refused,
}: {
  apiBaseUrl: string | null
  signInState: string
  /** The platform refused the last token: say why the reader is asked again. */
  refused: boolean
}) {
  const href = apiBaseUrl ? signInUrl(apiBaseUrl, window.location.href, signInState) : '#'
  return (
    <div className="mb-2">
      {refused ? (
        <p className="mt-0 mb-1" role="status">
          Your sign-in is no longer accepted: you signed out elsewhere, or it has ended.
        </p>
      ) : null}
      <a
        href={href}
        // Remember the spot, so the return from the sign-in page lands here and not at the top.
        onClick={(event) =>
          saveReturnPosition(window, event.currentTarget.closest('[data-project-config]') ?? event.currentTarget)
        }
        className="font-medium text-[var(--link)] underline"
      >
        {refused ? 'Sign in again' : 'Sign in to the dashboard'}
      </a>{' '}
      to see your own project URL and anon key here.
    </div>
  )
}
