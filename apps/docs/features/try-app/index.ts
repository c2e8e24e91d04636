/**
 * "Try the finished app": the user-management quickstart's sample app, built a second time for
 * the site, running in the guide page against the platform in a worker. See README.md.
 */

/** Where the site serves the app (`build-app.ts` writes it into `public/`). */
export const TRY_APP_PATH = '/try/user-management/'

/** The project URL the app is built with: the local stack's, as `supabase status` prints it. */
export const PROJECT_URL = 'http://127.0.0.1:54321'

/**
 * Where supabase-js keeps the app's session (`sb-<first label of the host>-auth-token`, with
 * `-code-verifier` beside it): cleared when the panel starts a fresh database.
 */
export const APP_SESSION_KEY = `sb-${new URL(PROJECT_URL).hostname.split('.')[0]}-auth-token`

/** The site's pages that may be shown in a frame of its own pages (the host's `frame-ancestors`). */
export const FRAMEABLE_PAGES = [TRY_APP_PATH.replace(/\/$/, '')]

/** Marked when the reader starts the app; the panel measures its steps from it (`try-app:*`). */
export const PRESS_MARK = 'try-app:press'
