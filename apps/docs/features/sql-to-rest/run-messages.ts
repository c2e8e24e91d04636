import type { RequestModel } from '@docs/sql-to-rest'
import type { BothSides } from '@docs/sql-to-rest/run'

/** What the page asks the run worker: a request, and the SQL it came from (SQL to REST only). */
export interface RunRequest {
  id: number
  request: RequestModel
  sql?: string
  /** The server setting `db-aggregates-enabled` the engine runs with. */
  aggregatesEnabled: boolean
}

/** Sent once: the run worker's end of the channel on which the translator forwards requests. */
export interface TranslatorChannel {
  translatorPort: MessagePort
}

/** Start the sample database now, before any run: the reader is about to press Run. */
export interface PrepareRun {
  prepare: true
}

export type RunWorkerMessage = RunRequest | TranslatorChannel | PrepareRun

/** What the sample database is doing while it starts, for the page's progress message. */
export type RunStage = 'database' | 'query'

/** Both sides' results for run `id` with the SQL the engine ran, or why they could not run. */
export type RunReply =
  { id: number; ran: BothSides; statement: string } | { id: number; failed: string } | { stage: RunStage }
