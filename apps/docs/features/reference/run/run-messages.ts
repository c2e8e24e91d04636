/** Messages between a reference page and `run.worker.ts`. */
import type { WorkerMessage } from './result-panel'
import type { RunOutcome } from './run-example'

export interface RunRequest {
  id: number
  /** The example's key, `select/all-rows`. */
  key: string
}

/** `ms`: from the request to the result, PGlite's start included on the first run. */
export type RunReply = WorkerMessage<RunOutcome>
