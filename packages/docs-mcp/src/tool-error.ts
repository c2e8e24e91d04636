import { editDistance } from '../../../apps/docs/features/search/match-quality'

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

/** Up to `count` candidates closest to `name` by edit distance, best first. */
export function closest(name: string, candidates: readonly string[], count = 5): string[] {
  const target = name.toLowerCase()
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase()
      // A candidate holding the name (or held by it) is closer than any edit distance says.
      const contains =
        lower.includes(target) || target.includes(lower) ? -100 + Math.abs(lower.length - target.length) : 0
      return { candidate, score: contains || editDistance(target, lower) }
    })
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((entry) => entry.candidate)
}
