/**
 * Runs first in the app's page when the site builds the app for the guide's panel (see
 * `build-app.ts`; the app's own files are unchanged). It replaces `window.fetch` for the project
 * URL only: those requests go to the guide page, whose worker answers them as the project would;
 * every other request is the browser's. Inside the panel the app cannot tell the difference.
 */
import { BRIDGE_REQUEST, type BridgeRequest } from './messages'
import { requestToWire, transferablesOf, wireToResponse, type WireReply } from './wire'

declare const __PROJECT_URL__: string

const projectOrigin = new URL(__PROJECT_URL__).origin
const browserFetch = window.fetch.bind(window)

function targetOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input
  return input instanceof URL ? input.href : input.url
}

function isProjectRequest(input: RequestInfo | URL): boolean {
  try {
    return new URL(targetOf(input), location.href).origin === projectOrigin
  } catch {
    return false
  }
}

async function platformFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (window.parent === window) {
    // Opened on its own, the app has no project to talk to: a network error, as with no server.
    throw new TypeError('Failed to fetch: this app answers only inside the guide page that opened it.')
  }
  const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
  signal?.throwIfAborted()
  const request = await requestToWire(input, init)
  const channel = new MessageChannel()
  return new Promise<Response>((resolve, reject) => {
    const abort = () => {
      channel.port1.close()
      reject(signal?.reason ?? new DOMException('The request was aborted.', 'AbortError'))
    }
    signal?.addEventListener('abort', abort, { once: true })
    channel.port1.onmessage = ({ data }: MessageEvent<WireReply>) => {
      signal?.removeEventListener('abort', abort)
      channel.port1.close()
      if ('response' in data) resolve(wireToResponse(data.response))
      else reject(new TypeError(`Failed to fetch: ${data.error}`))
    }
    const message: BridgeRequest = { type: BRIDGE_REQUEST, request }
    window.parent.postMessage(message, location.origin, [channel.port2, ...transferablesOf(request)])
  })
}

window.fetch = (input, init) => (isProjectRequest(input) ? platformFetch(input, init) : browserFetch(input, init))
