/**
 * Problems found in a reference content file, as values. Each names the file, the field path in
 * the form `commands[3].flags[0].default_value` and, when known, the line and column:
 * `content/reference/cli/spec.yaml:19:9: commands[0].flags[0].default_value: expected string`.
 * They are the problems of `@/lib/parse-structured`, under the names the reference uses.
 */
import {
  formatFieldPath,
  formatSourceProblem,
  SourceProblemsError,
  type FieldPath,
  type SourceProblem,
  type SourceResult,
} from '@/lib/parse-structured'

export { formatFieldPath, type FieldPath }

export type SpecProblem = SourceProblem

export type SpecResult<T> = SourceResult<T>

export function formatProblem(problem: SpecProblem): string {
  return formatSourceProblem(problem)
}

/** Thrown by the `load*` functions so that a broken file stops the build with every problem. */
export class ReferenceSpecError extends SourceProblemsError {
  constructor(problems: SpecProblem[]) {
    super('Invalid reference content', problems)
    this.name = 'ReferenceSpecError'
  }
}

export function unwrapSpec<T>(result: SpecResult<T>): T {
  if (!result.ok) throw new ReferenceSpecError(result.problems)
  return result.value
}
