/** Messages between a guide page and `guide-run.worker.ts`. */
import type { ShownOutcome, WorkerMessage } from '@/features/reference/runner'

export interface GuideRunRequest {
  id: number
  /** The example's key, `api/filtering#2`. */
  key: string
}

/** `ms`: from the request to the result, PGlite's start included on the first run. */
export type GuideRunReply = WorkerMessage<ShownOutcome>
