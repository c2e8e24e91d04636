/**
 * The `_redirects` file format of static hosts (Netlify, Cloudflare Pages): one rule a line,
 * `from  to  [status]`, `#` starts a comment. Status 200 is a rewrite (the address stays and `to`
 * answers it), 3xx a redirect; the first matching rule wins. `:name` matches one path segment,
 * `*` the rest of the path.
 *
 * The build writes the reference rewrites into the file (features/reference/write-host-rules.ts)
 * and the local static server applies its rewrites (`compileRewrites`), so both answer the same
 * paths and both send the 404 page for the rest.
 */
import { patternToRegExp } from './headers-file'

export interface RedirectRule {
  from: string
  to: string
  status: number
}

export class RedirectsFileError extends Error {
  constructor(file: string, line: number, problem: string) {
    super(`${file}:${line}: ${problem}`)
    this.name = 'RedirectsFileError'
  }
}

export function parseRedirectsFile(text: string, file = '_redirects'): RedirectRule[] {
  const rules: RedirectRule[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim()
    if (line === '') return
    const [from, to, status = '301', ...rest] = line.split(/\s+/)
    const code = Number(status.replace(/!$/, ''))
    if (!from?.startsWith('/') || !to || rest.length > 0 || !Number.isInteger(code)) {
      throw new RedirectsFileError(file, index + 1, `expected "/from  /to  status", got: ${line}`)
    }
    rules.push({ from, to, status: code })
  })
  return rules
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

/**
 * The rewrites (status 200) of a rule list as a lookup: the file that answers a decoded request
 * path, or null. The first matching rule wins, as on the host; exact paths (the many section
 * rules) are found through a map rather than by trying each line.
 */
export function compileRewrites(rules: readonly RedirectRule[]): (pathname: string) => string | null {
  const exact = new Map<string, { to: string; order: number }>()
  const patterns: { pattern: RegExp; to: string; order: number }[] = []
  rules.forEach((rule, order) => {
    if (rule.status !== 200) return
    const from = decodePath(trimTrailingSlash(rule.from))
    if (/[*:]/.test(from)) patterns.push({ pattern: patternToRegExp(from), to: rule.to, order })
    else if (!exact.has(from)) exact.set(from, { to: rule.to, order })
  })
  return (pathname) => {
    const target = trimTrailingSlash(pathname)
    const direct = exact.get(target)
    const matched = patterns.find(
      ({ pattern, order }) => order < (direct?.order ?? Infinity) && pattern.test(target),
    )
    return (matched ?? direct)?.to ?? null
  }
}

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
}
