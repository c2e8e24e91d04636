/** Messages between a reference page and `run.worker.ts`. */
import type { RunOutcome } from './run-example'

export interface RunRequest {
  id: number
  /** The example's key, `select/all-rows`. */
  key: string
}

export type RunReply =
  | {
      id: number
      outcome: RunOutcome
      /** Milliseconds from the request to the result, PGlite's start included on the first run. */
      ms: number
    }
  | { id: number; failed: string }
