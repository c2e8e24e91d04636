/**
 * The path a request asks for, decoded and normalised so it can only name a file inside the
 * site's folder. Any request target can arrive here (`//[`, `//%zz/`, `*`), so nothing throws:
 * a target that names no path gives null and the server answers 400.
 */
import path from 'node:path'

function rawPathOf(target: string): string | null {
  if (target.startsWith('/')) return target.replace(/[?#].*$/s, '')
  // Absolute form (`GET http://host/path`), which HTTP/1.1 servers must accept too.
  if (!URL.canParse(target)) return null
  const url = new URL(target)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.pathname : null
}

/** `/guides//x/../y/` -> `/guides/y`; null for a target that is not a path or not decodable. */
export function requestPathname(target: string | undefined): string | null {
  const raw = rawPathOf(target ?? '/')
  if (raw === null) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  // Resolving `..` against the root first means a path can never climb out of it.
  const normalised = path.posix.normalize(`/${decoded}`)
  return normalised.length > 1 ? normalised.replace(/\/$/, '') : normalised
}

/** A target in path form without a NUL byte: what a browser's address bar can send. */
export function isBrowserPath(target: string | undefined): boolean {
  return target !== undefined && target.startsWith('/') && !/%00/i.test(target)
}
