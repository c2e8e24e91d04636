import type { Session } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { Account } from './Account'
import { Auth } from './Auth'
import { describeAuthError } from './errorMessages'
import type { AppClient } from './supabaseClient'

export function App({ supabase }: { supabase: AppClient }) {
  // undefined: not known yet; null: signed out.
  const [session, setSession] = useState<Session | null | undefined>(undefined)
  const [linkError, setLinkError] = useState<string | null>(null)

  useEffect(() => {
    // Fires once with the stored session (or null), then on every sign-in, sign-out and token
    // refresh. Following a magic link lands here too: the client reads the tokens from the URL.
    const {
      data: { subscription },
    } = supabase.auth.onAuthStateChange((_event, nextSession) => {
      setSession(nextSession)
    })

    // A link that is expired or already used comes back with an error in the URL instead.
    let ignore = false
    void supabase.auth.initialize().then(({ error }) => {
      if (ignore || !error) return
      setLinkError(describeAuthError(error))
      // Drop the error from the address bar so a reload does not show it again.
      window.history.replaceState(null, '', window.location.pathname + window.location.search)
    })

    return () => {
      ignore = true
      subscription.unsubscribe()
    }
  }, [supabase])

  return (
    <main className="container">
      {session === undefined ? (
        <p role="status">Loading…</p>
      ) : session === null ? (
        <Auth supabase={supabase} notice={linkError} />
      ) : (
        // The key starts a fresh form when another user signs in.
        <Account key={session.user.id} supabase={supabase} session={session} />
      )}
    </main>
  )
}
