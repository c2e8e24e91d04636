import { distance } from 'fastest-levenshtein'

/**
 * An answer that is a refusal the client caused (an unknown command, a page that does not
 * exist): its message is meant for the assistant and is sent as the tool's error text.
 */
export class ToolAnswerError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ToolAnswerError'
  }
}

/** Characters of a client's input an error message repeats: enough to recognise it, no more. */
export const ECHO_LIMIT = 100

/** The input as an error message quotes it: at most ECHO_LIMIT characters, then an ellipsis. */
export function echo(input: string): string {
  const chars = [...input]
  return chars.length <= ECHO_LIMIT ? input : `${chars.slice(0, ECHO_LIMIT).join('')}…`
}

/**
 * Characters of a name that suggestions compare. No page path, command or code is longer, and it
 * bounds the work one call can cause whatever the client sends (a 2,048-character path compared
 * in full with every page took seconds).
 */
export const SUGGESTION_INPUT_LIMIT = 160

/** Up to `count` candidates closest to `name` by edit distance, best first. */
export function closest(name: string, candidates: readonly string[], count = 5): string[] {
  const target = name.slice(0, SUGGESTION_INPUT_LIMIT).toLowerCase()
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase()
      // A candidate holding the name (or held by it) is closer than any edit distance says.
      const contains =
        lower.includes(target) || target.includes(lower) ? -100 + Math.abs(lower.length - target.length) : 0
      return { candidate, score: contains || distance(target, lower.slice(0, SUGGESTION_INPUT_LIMIT)) }
    })
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((entry) => entry.candidate)
}
