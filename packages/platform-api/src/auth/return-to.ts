export type ReturnToCheck = { ok: true; url: URL } | { ok: false; error: string }

const MAX_LENGTH = 2048

/**
 * Accepts only absolute http(s) URLs on one of the docs origins, so the sign-in flow can never be
 * used to send a reader (and their token) to another site. The fragment is dropped: the token
 * travels in it.
 */
export function checkReturnTo(raw: string | undefined, allowedOrigins: readonly string[]): ReturnToCheck {
  if (!raw) return { ok: false, error: 'return_to is required' }
  if (raw.length > MAX_LENGTH)
    return { ok: false, error: `return_to is longer than ${MAX_LENGTH} characters` }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, error: 'return_to must be an absolute URL' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: 'return_to must use http or https' }
  }
  if (url.username || url.password) {
    return { ok: false, error: 'return_to must not contain credentials' }
  }
  if (!allowedOrigins.includes(url.origin)) {
    return { ok: false, error: `return_to must be a page on ${allowedOrigins.join(' or ')}` }
  }
  url.hash = ''
  return { ok: true, url }
}

/** The widget's anti-forgery value: echoed back untouched, so only a tame format is accepted. */
export function isValidState(state: string): boolean {
  return /^[A-Za-z0-9_-]{16,128}$/.test(state)
}
