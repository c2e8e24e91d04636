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

export type RunWorkerMessage = RunRequest | TranslatorChannel

/** Both sides' results for run `id` with the SQL the engine ran, or why they could not run. */
export type RunReply = { id: number; ran: BothSides; statement: string } | { id: number; failed: string }
