/**
 * The guide page's side of the panel: starts the platform's worker, relays the app's requests
 * from the iframe to it (their reply ports go straight to the worker), and lets the inbox send
 * requests of its own, such as following an e-mail's link.
 */
import type { InboxMessage } from '@docs/auth-engine'
import type { LoadStage } from '@/features/reference/runner'
import { isBridgeRequest, type FromWorker, type StartStep, type ToWorker } from './messages'
import { transferablesOf, type WireReply, type WireRequest, type WireResponse } from './wire'

export interface PlatformEvents {
  /** How far the database's download and start are. */
  onLoading: (stage: LoadStage) => void
  /** The project answers; `steps` are the worker's, in this page's clock. */
  onReady: (steps: StartStep[]) => void
  /** The platform did not start, or its worker stopped: `message` says why, in words. */
  onFailed: (message: string) => void
  onMail: (message: InboxMessage) => void
}

export interface PlatformConnection {
  /** Sends one request to the project, as the app would. */
  request(request: WireRequest): Promise<WireResponse>
  /** Relays the app's requests from `frame` (and nothing else) until `stop`. */
  serve(frame: () => HTMLIFrameElement | null): void
  stop(): void
}

export function connectPlatform(appUrl: string, events: PlatformEvents): PlatformConnection {
  const worker = new Worker(new URL('./platform.worker.ts', import.meta.url))
  const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer)

  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    if (data.kind === 'loading') events.onLoading(data.stage)
    else if (data.kind === 'ready') {
      const shift = data.timeOrigin - performance.timeOrigin
      events.onReady(
        data.steps.map((step) => ({ ...step, start: step.start + shift, end: step.end + shift })),
      )
    } else if (data.kind === 'failed') events.onFailed(data.message)
    else events.onMail(data.message)
  }
  worker.onerror = (event) => {
    // A worker script that did not load or threw at the top: the page itself is unaffected.
    event.preventDefault()
    events.onFailed(event.message || 'its code could not be loaded')
  }
  send({ kind: 'start', appUrl })

  let relay: ((event: MessageEvent) => void) | undefined
  return {
    request(request) {
      const channel = new MessageChannel()
      const reply = new Promise<WireResponse>((resolve, reject) => {
        channel.port1.onmessage = ({ data }: MessageEvent<WireReply>) => {
          channel.port1.close()
          if ('response' in data) resolve(data.response)
          else reject(new Error(data.error))
        }
      })
      send({ kind: 'request', request }, [channel.port2, ...transferablesOf(request)])
      return reply
    },
    serve(frame) {
      relay = (event) => {
        const port = event.ports[0]
        // Only the app's frame, on this origin, may use the project.
        if (event.origin !== location.origin || event.source !== frame()?.contentWindow) return
        if (!port || !isBridgeRequest(event.data)) return
        send({ kind: 'request', request: event.data.request }, [port, ...transferablesOf(event.data.request)])
      }
      window.addEventListener('message', relay)
    },
    stop() {
      if (relay) window.removeEventListener('message', relay)
      worker.terminate()
    },
  }
}

/** Clears the app's stored session: a fresh database does not know its user. */
export function clearStoredSession(storage: Storage, key: string): void {
  for (const name of [key, `${key}-code-verifier`, `${key}-user`]) storage.removeItem(name)
}
