/**
 * Problems found in a reference content file, as values. Each names the file, the field path in
 * the form `commands[3].flags[0].default_value` and, when known, the line.
 */

export type FieldPath = readonly PropertyKey[]

export interface SpecProblem {
  /** File as shown to the author: relative to the working directory when inside it. */
  file: string
  path: FieldPath
  message: string
  line?: number | undefined
}

export type SpecResult<T> = { ok: true; value: T } | { ok: false; problems: SpecProblem[] }

export function formatFieldPath(path: FieldPath): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else {
      const name = String(key)
      const plain = /^[A-Za-z_$][\w$-]*$/.test(name)
      if (plain) out += out === '' ? name : `.${name}`
      else out += `[${JSON.stringify(name)}]`
    }
  }
  return out
}

export function formatProblem(problem: SpecProblem): string {
  const field = formatFieldPath(problem.path)
  const where = field === '' ? '' : `${field}: `
  const line = problem.line === undefined ? '' : ` (line ${problem.line})`
  return `${problem.file}: ${where}${problem.message}${line}`
}

/** Thrown by the `load*` functions so that a broken file stops the build with every problem. */
export class ReferenceSpecError extends Error {
  readonly problems: SpecProblem[]

  constructor(problems: SpecProblem[]) {
    const shown = problems.slice(0, 50).map(formatProblem)
    const more = problems.length > shown.length ? [`... and ${problems.length - shown.length} more`] : []
    super(
      `Invalid reference content (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        [...shown, ...more].map((line) => `  ${line}`).join('\n'),
    )
    this.name = 'ReferenceSpecError'
    this.problems = problems
  }
}

export function unwrapSpec<T>(result: SpecResult<T>): T {
  if (!result.ok) throw new ReferenceSpecError(result.problems)
  return result.value
}
