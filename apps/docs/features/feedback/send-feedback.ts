/**
 * Talks to the feedback endpoint (`siteConfig.feedbackUrl`): POST an answer, then PATCH its
 * comment. Failures come back as values with a sentence the reader can act on. Each answer goes
 * with an `Idempotency-Key`, so sending it again after a lost reply never stores it twice.
 */

export type SendResult<T> = { ok: true; value: T } | { ok: false; message: string }

const TIMEOUT_MS = 10_000

async function failureOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined
  const detail = typeof body?.message === 'string' ? `: ${body.message}` : ''
  return `the feedback service answered ${response.status}${detail}`
}

/** A random key for one answer (`crypto.randomUUID` exists only on https and localhost pages). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

async function send(
  url: string,
  method: 'POST' | 'PATCH',
  body: unknown,
  headers: Record<string, string> = {},
): Promise<SendResult<unknown>> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    return {
      ok: false,
      message: timedOut
        ? 'the feedback service did not answer in time'
        : 'the feedback service could not be reached',
    }
  }
  if (!response.ok) return { ok: false, message: await failureOf(response) }
  return { ok: true, value: await response.json().catch(() => undefined) }
}

/** `idempotencyKey`: the same for every attempt to send this answer (see newIdempotencyKey). */
export async function sendAnswer(
  endpoint: string,
  answer: { page: string; helpful: boolean },
  idempotencyKey: string,
): Promise<SendResult<{ id: string }>> {
  const result = await send(endpoint, 'POST', answer, { 'idempotency-key': idempotencyKey })
  if (!result.ok) return result
  const id = (result.value as { id?: unknown } | undefined)?.id
  return typeof id === 'string'
    ? { ok: true, value: { id } }
    : { ok: false, message: 'the feedback service answered without an id' }
}

export async function sendComment(endpoint: string, id: string, comment: string): Promise<SendResult<null>> {
  const result = await send(`${endpoint}/${encodeURIComponent(id)}`, 'PATCH', { comment: comment.trim() })
  return result.ok ? { ok: true, value: null } : result
}
