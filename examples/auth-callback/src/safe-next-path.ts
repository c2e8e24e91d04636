/**
 * The page an auth callback continues to: `next` read as a URL on the request's own origin,
 * and kept only when it stays there. Any other value, or none, gives `/`.
 *
 * A plain prefix check is not enough: browsers read `/\evil.example` as `//evil.example`, and
 * strip tabs and newlines from URLs. Parsing the value the way a browser does settles it.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string {
  if (!next) return '/'
  let target: URL
  try {
    target = new URL(next, origin)
  } catch {
    return '/'
  }
  if (target.origin !== new URL(origin).origin) return '/'
  // Return the parsed form, not the input, so the redirect carries no ambiguous characters.
  const path = `${target.pathname}${target.search}${target.hash}`
  // `/.//evil.example` parses to the path `//evil.example`, which a browser reads as a host.
  return path.startsWith('/') && !path.startsWith('//') ? path : '/'
}
