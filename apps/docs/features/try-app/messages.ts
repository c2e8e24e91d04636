/**
 * The messages between the app in the iframe, the guide page and the platform's worker.
 *
 * - iframe -> page: `{ type: BRIDGE_REQUEST, request }` with a `MessagePort`; the page hands the
 *   port on to the worker, which answers on it with a `WireReply`.
 * - page -> worker: `start` once, then `request`s (the app's, and the inbox's link follows).
 * - worker -> page: `loading` while the database's files come in, `ready` (with how long each
 *   step took) or `failed`, then one `mail` for each e-mail the auth service sends.
 */
import type { InboxMessage } from '@docs/auth-engine'
import type { LoadStage } from '@/features/reference/runner'
import type { WireRequest } from './wire'

/** Marks the iframe's requests among whatever else is posted to the page. */
export const BRIDGE_REQUEST = 'docs-try-app:request'

export interface BridgeRequest {
  type: typeof BRIDGE_REQUEST
  request: WireRequest
}

export function isBridgeRequest(data: unknown): data is BridgeRequest {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === BRIDGE_REQUEST &&
    typeof (data as { request?: { url?: unknown } }).request?.url === 'string'
  )
}

export type ToWorker =
  | {
      kind: 'start'
      /** The app's address: the auth service's site URL, where its links land. */
      appUrl: string
    }
  | { kind: 'request'; request: WireRequest }

/** One step of the worker's start, in the worker's clock (`performance.now()` from `timeOrigin`). */
export interface StartStep {
  name: string
  start: number
  end: number
}

export type FromWorker =
  | { kind: 'loading'; stage: LoadStage }
  | { kind: 'ready'; timeOrigin: number; steps: StartStep[] }
  | { kind: 'failed'; message: string }
  | { kind: 'mail'; message: InboxMessage }
