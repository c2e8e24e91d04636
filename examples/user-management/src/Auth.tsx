import { useState, type FormEvent } from 'react'
import { describeAuthError } from './errorMessages'
import type { AppClient } from './supabaseClient'

type SignInState =
  { step: 'editing'; error: string | null } | { step: 'sending' } | { step: 'sent'; email: string }

interface AuthProps {
  supabase: AppClient
  /** Why the last sign-in link did not work, if the user just followed a bad one. */
  notice?: string | null
}

export function Auth({ supabase, notice = null }: AuthProps) {
  const [email, setEmail] = useState('')
  const [state, setState] = useState<SignInState>({ step: 'editing', error: null })
  const [noticeDismissed, setNoticeDismissed] = useState(false)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setNoticeDismissed(true)
    setState({ step: 'sending' })
    const { error } = await supabase.auth.signInWithOtp({
      email,
      // The link in the e-mail brings the user back to this page, already signed in.
      options: { emailRedirectTo: window.location.origin },
    })
    setState(error ? { step: 'editing', error: describeAuthError(error) } : { step: 'sent', email })
  }

  if (state.step === 'sent') {
    return (
      <section className="card" aria-labelledby="check-email">
        <h1 id="check-email">Check your e-mail</h1>
        <p role="status">
          We sent a sign-in link to <strong>{state.email}</strong>. Open it on this device to continue.
        </p>
        <button type="button" onClick={() => setState({ step: 'editing', error: null })}>
          Use another address
        </button>
      </section>
    )
  }

  const sending = state.step === 'sending'
  return (
    <section className="card" aria-labelledby="sign-in">
      <h1 id="sign-in">Sign in</h1>
      <p>Enter your e-mail address and we will send you a sign-in link. No password needed.</p>
      {notice && !noticeDismissed && (
        <p role="alert" className="error">
          {notice}
        </p>
      )}
      <form onSubmit={handleSubmit}>
        <label htmlFor="email">E-mail address</label>
        <input
          id="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send me a sign-in link'}
        </button>
      </form>
      {state.step === 'editing' && state.error && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
    </section>
  )
}
