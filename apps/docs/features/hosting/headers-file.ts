/**
 * The `_headers` file format of static hosts (Netlify, Cloudflare Pages): a path pattern on its
 * own line, then indented `Name: value` lines. `*` matches anything (slashes included), `:name`
 * matches one path segment. Every rule whose pattern matches a request applies; a header set by
 * several of them is sent once, its values joined with a comma. A `! Name` line (Cloudflare Pages'
 * detach) drops that header of the other matching rules, so a rule can replace a site-wide value.
 *
 * The build writes the file (`host-headers.ts`) and the local static server applies it, so both
 * send the same headers.
 */

export interface HeaderRule {
  /** Path pattern: `/guides/getting-started`, `/_next/static/*`, `/reference/cli/:slug`. */
  path: string
  headers: ReadonlyArray<readonly [name: string, value: string]>
  /** Headers the other matching rules set that this path does not get (written `! Name`). */
  detach?: readonly string[]
}

export class HeadersFileError extends Error {
  constructor(file: string, line: number, problem: string) {
    super(`${file}:${line}: ${problem}`)
    this.name = 'HeadersFileError'
  }
}

export function renderHeadersFile(rules: readonly HeaderRule[], comment?: string): string {
  const blocks = rules.map((rule) => {
    const detached = rule.detach ?? []
    for (const [name, value] of [...rule.headers, ...detached.map((name) => [name, ''] as const)]) {
      if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value)) {
        throw new Error(`Header "${name}" of ${rule.path} cannot be written to _headers`)
      }
    }
    return [
      rule.path,
      ...detached.map((name) => `  ! ${name}`),
      ...rule.headers.map(([name, value]) => `  ${name}: ${value}`),
    ].join('\n')
  })
  const head = comment ? `${comment.replace(/^/gm, '# ')}\n` : ''
  return `${head}${blocks.join('\n')}\n`
}

export function parseHeadersFile(text: string, file = '_headers'): HeaderRule[] {
  const rules: { path: string; headers: [string, string][]; detach?: string[] }[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) return
    if (!/^\s/.test(raw)) {
      if (!line.startsWith('/'))
        throw new HeadersFileError(file, index + 1, `a rule must start with "/": ${line}`)
      rules.push({ path: line, headers: [] })
      return
    }
    const separator = line.indexOf(':')
    const rule = rules.at(-1)
    if (!rule) throw new HeadersFileError(file, index + 1, 'a header comes before any path')
    if (line.startsWith('!')) {
      const name = line.slice(1).trim()
      if (!/^[A-Za-z0-9-]+$/.test(name)) {
        throw new HeadersFileError(file, index + 1, `expected "! Name", got: ${line}`)
      }
      ;(rule.detach ??= []).push(name)
      return
    }
    if (separator <= 0) throw new HeadersFileError(file, index + 1, `expected "Name: value", got: ${line}`)
    rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()])
  })
  return rules
}

/** Trailing slashes do not make a different page: `/guides/` is `/guides`. */
function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
}

export function patternToRegExp(pattern: string): RegExp {
  const source = trimTrailingSlash(pattern)
    .split(/(\*|:[A-Za-z0-9_]+)/)
    .map((part) => {
      if (part === '*') return '.*'
      if (part.startsWith(':')) return '[^/]+'
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${source}$`)
}

/** Rules compiled once, for a server that matches every request against them. */
export function compileHeaderRules(rules: readonly HeaderRule[]) {
  const compiled = rules.map((rule) => ({
    pattern: patternToRegExp(rule.path),
    headers: rule.headers,
    detach: new Set((rule.detach ?? []).map((name) => name.toLowerCase())),
  }))
  return {
    /** Headers for a request path; names keep the spelling of their first rule. */
    headersFor(pathname: string): Map<string, readonly [string, string]> {
      const target = trimTrailingSlash(pathname)
      const matching = compiled.filter((rule) => rule.pattern.test(target))
      const merged = new Map<string, readonly [string, string]>()
      for (const rule of matching) {
        for (const [name, value] of rule.headers) {
          const key = name.toLowerCase()
          if (matching.some((other) => other !== rule && other.detach.has(key))) continue
          const previous = merged.get(key)
          merged.set(key, previous ? [previous[0], `${previous[1]}, ${value}`] : [name, value])
        }
      }
      return merged
    },
  }
}

export type CompiledHeaderRules = ReturnType<typeof compileHeaderRules>
