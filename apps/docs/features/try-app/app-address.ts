/**
 * Where the iframe goes when the reader follows an e-mail's link. The auth service answers the
 * link with a redirect (303) to the address the app asked for, `window.location.origin`: the app
 * was written to live at the root of its own site. Here it lives under `appUrl`, so an address at
 * the root of this site is opened at `appUrl`, with the same query and fragment (the session or
 * the error the service put there). Anything else is not the app's and is not opened.
 */
export type LinkTarget = { ok: true; address: string } | { ok: false; message: string }

export function appAddressFor(location: string | null, appUrl: string): LinkTarget {
  if (!location) return { ok: false, message: 'The link did not lead anywhere: the auth service sent no redirect.' }
  let target: URL
  const app = new URL(appUrl)
  try {
    target = new URL(location, app)
  } catch {
    return { ok: false, message: `The link leads to "${location}", which is not an address.` }
  }
  if (target.origin !== app.origin) {
    return { ok: false, message: `The link leads to ${target.origin}, outside this page's app.` }
  }
  if (target.pathname === '/' || target.pathname.startsWith(app.pathname)) {
    const landing = target.pathname === '/' ? app.pathname : target.pathname
    return { ok: true, address: `${app.origin}${landing}${target.search}${target.hash}` }
  }
  return { ok: false, message: `The link leads to ${target.pathname}, outside this page's app.` }
}
