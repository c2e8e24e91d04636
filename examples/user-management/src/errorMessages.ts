import {
  isAuthApiError,
  isAuthImplicitGrantRedirectError,
  isAuthRetryableFetchError,
  StorageApiError,
  type AuthError,
  type PostgrestError,
} from '@supabase/supabase-js'

/** Says in words why signing in or out did not work. */
export function describeAuthError(error: AuthError): string {
  // The error came back in the URL of a sign-in link.
  if (isAuthImplicitGrantRedirectError(error)) {
    return `That sign-in link did not work (${error.message}). Send yourself a new one.`
  }
  if (isAuthRetryableFetchError(error)) {
    return 'The server could not be reached. Check your connection and try again.'
  }
  if (isAuthApiError(error) && (error.status === 429 || error.code === 'over_email_send_rate_limit')) {
    // One code, two limits: a short wait between links to the same address (the message gives
    // the seconds left), and the number of e-mails the project may send per hour.
    const seconds = /after (\d+) seconds/.exec(error.message)?.[1]
    if (seconds)
      return `A link was just sent to this address. Wait ${seconds} seconds before asking for another.`
    return 'This app has sent as many sign-in e-mails as it may this hour. Try again later.'
  }
  return error.message
}

/** Says in words why the database refused to save a profile. */
export function describeProfileError(error: PostgrestError): string {
  // 23514: a check constraint failed; the constraint's name is in the message.
  if (error.code === '23514' && error.message.includes('username_length')) {
    return 'Your username must be at least 3 characters long.'
  }
  // 23505: a unique constraint failed.
  if (error.code === '23505' && error.message.includes('username')) {
    return 'That username is already taken. Try another one.'
  }
  // 42501: row-level security refused the row.
  if (error.code === '42501') {
    return 'You can only change your own profile.'
  }
  return error.message
}

/** Says in words why an avatar could not be uploaded or shown. */
export function describeStorageError(error: Error): string {
  // Anything other than an answer from the storage API means the request never got one.
  if (!(error instanceof StorageApiError)) {
    return 'The file server could not be reached. Check your connection and try again.'
  }
  // Storage answers most refusals with HTTP 400 and puts the status that names the problem in
  // the body's `statusCode` ('403', '404', ...), which the client keeps as `error.statusCode`.
  const status = /^\d{3}$/.test(error.statusCode) ? Number(error.statusCode) : error.status
  switch (status) {
    case 403:
      return 'The storage policies do not allow this. Sign in again and retry.'
    case 404:
      return 'The image was not found. Upload a new one.'
    case 409:
      return 'A file with that name already exists. Try again.'
    case 413:
      return 'That image is too large. Choose a smaller one.'
    default:
      return error.message
  }
}
