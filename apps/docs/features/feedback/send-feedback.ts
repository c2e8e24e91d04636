/**
 * Talks to the feedback endpoint (`siteConfig.feedbackUrl`): POST an answer, then PATCH its
 * comment. Failures come back as values with a sentence the reader can act on.
 */

export type SendResult<T> = { ok: true; value: T } | { ok: false; message: string }

const TIMEOUT_MS = 10_000

async function failureOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined
  const detail = typeof body?.message === 'string' ? `: ${body.message}` : ''
  return `the feedback service answered ${response.status}${detail}`
}

async function send(url: string, method: 'POST' | 'PATCH', body: unknown): Promise<SendResult<unknown>> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
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

export async function sendAnswer(
  endpoint: string,
  answer: { page: string; helpful: boolean },
): Promise<SendResult<{ id: string }>> {
  const result = await send(endpoint, 'POST', answer)
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
