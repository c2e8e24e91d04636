import type { Session } from '@supabase/supabase-js'
import { useEffect, useState, type FormEvent } from 'react'
import { Avatar } from './Avatar'
import { describeAuthError, describeProfileError } from './errorMessages'
import type { AppClient } from './supabaseClient'

interface ProfileFields {
  username: string
  full_name: string
  website: string
}

type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' }

type SaveState =
  { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'failed'; message: string }

const blankProfile: ProfileFields = { username: '', full_name: '', website: '' }

/** Empty inputs are stored as null: "no username" rather than a username of zero characters. */
function blankToNull(value: string): string | null {
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

export function Account({ supabase, session }: { supabase: AppClient; session: Session }) {
  const { user } = session
  const [load, setLoad] = useState<LoadState>({ status: 'loading' })
  const [loadAttempt, setLoadAttempt] = useState(0)
  const [fields, setFields] = useState<ProfileFields>(blankProfile)
  const [avatarPath, setAvatarPath] = useState<string | null>(null)
  const [save, setSave] = useState<SaveState>({ status: 'idle' })
  const [signOutError, setSignOutError] = useState<string | null>(null)

  useEffect(() => {
    // Ignore a late answer if the component went away or a retry started meanwhile.
    let ignore = false
    async function loadProfile() {
      const { data, error } = await supabase
        .from('profiles')
        .select('username, full_name, website, avatar_url')
        .eq('id', user.id)
        .maybeSingle()
      if (ignore) return
      if (error) {
        setLoad({ status: 'failed', message: error.message })
        return
      }
      // No row means the account predates the trigger: start blank, the first save creates it.
      setFields({
        username: data?.username ?? '',
        full_name: data?.full_name ?? '',
        website: data?.website ?? '',
      })
      setAvatarPath(data?.avatar_url ?? null)
      setLoad({ status: 'ready' })
    }
    void loadProfile()
    return () => {
      ignore = true
    }
  }, [supabase, user.id, loadAttempt])

  function retryLoad() {
    setLoad({ status: 'loading' })
    setLoadAttempt((attempt) => attempt + 1)
  }

  function editField(name: keyof ProfileFields, value: string) {
    setFields((current) => ({ ...current, [name]: value }))
    setSave({ status: 'idle' })
  }

  async function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSave({ status: 'saving' })
    // upsert: creates the row if it is missing, otherwise updates only the columns sent.
    const { error } = await supabase.from('profiles').upsert({
      id: user.id,
      username: blankToNull(fields.username),
      full_name: blankToNull(fields.full_name),
      website: blankToNull(fields.website),
      updated_at: new Date().toISOString(),
    })
    setSave(error ? { status: 'failed', message: describeProfileError(error) } : { status: 'saved' })
  }

  async function handleAvatarUploaded(path: string) {
    const { error } = await supabase
      .from('profiles')
      .upsert({ id: user.id, avatar_url: path, updated_at: new Date().toISOString() })
    if (error) {
      const reason = describeProfileError(error)
      setSave({ status: 'failed', message: `The photo was uploaded but not saved: ${reason}` })
      return
    }
    setAvatarPath(path)
  }

  async function handleSignOut() {
    setSignOutError(null)
    // On success the auth listener in App switches back to the sign-in form.
    const { error } = await supabase.auth.signOut()
    if (error) setSignOutError(describeAuthError(error))
  }

  const saving = save.status === 'saving'
  return (
    <section className="card" aria-labelledby="account-heading">
      <h1 id="account-heading">Your profile</h1>

      {load.status === 'loading' && <p role="status">Loading your profile…</p>}

      {load.status === 'failed' && (
        <div role="alert" className="error">
          <p>Your profile could not be loaded: {load.message}</p>
          <button type="button" onClick={retryLoad}>
            Try again
          </button>
        </div>
      )}

      {load.status === 'ready' && (
        <>
          <Avatar supabase={supabase} userId={user.id} path={avatarPath} onUploaded={handleAvatarUploaded} />
          <form onSubmit={handleSave}>
            <label htmlFor="email">E-mail</label>
            <input id="email" type="email" value={user.email ?? ''} disabled />

            <label htmlFor="username">Username</label>
            <input
              id="username"
              autoComplete="username"
              value={fields.username}
              onChange={(event) => editField('username', event.target.value)}
            />

            <label htmlFor="full_name">Full name</label>
            <input
              id="full_name"
              autoComplete="name"
              value={fields.full_name}
              onChange={(event) => editField('full_name', event.target.value)}
            />

            <label htmlFor="website">Website</label>
            <input
              id="website"
              type="url"
              autoComplete="url"
              placeholder="https://"
              value={fields.website}
              onChange={(event) => editField('website', event.target.value)}
            />

            <button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save profile'}
            </button>
          </form>
          {save.status === 'saved' && <p role="status">Profile saved.</p>}
          {save.status === 'failed' && (
            <p role="alert" className="error">
              {save.message}
            </p>
          )}
        </>
      )}

      <button type="button" className="secondary" onClick={handleSignOut}>
        Sign out
      </button>
      {signOutError && (
        <p role="alert" className="error">
          {signOutError}
        </p>
      )}
    </section>
  )
}
