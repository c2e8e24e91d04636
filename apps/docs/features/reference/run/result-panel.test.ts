// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import type { LoadStage } from './load-progress'
import {
  pressRun,
  workerChannel,
  type ShownOutcome,
  type WorkerMessage,
  type WorkerReply,
} from './result-panel'

/** A stand-in for a Run worker: the test answers its requests. */
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  requests: { id: number }[] = []
  terminated = false
  postMessage(request: { id: number }) {
    this.requests.push(request)
  }
  terminate() {
    this.terminated = true
  }
  send(message: WorkerMessage<ShownOutcome>) {
    this.onmessage?.({ data: message } as MessageEvent)
  }
}

const outcome: ShownOutcome = {
  returned: { data: [{ id: 1, name: 'Mars' }], error: null, count: null, status: 200, statusText: 'OK' },
  differences: [],
  matches: true,
  logged: [],
}

function channel() {
  const workers: FakeWorker[] = []
  const send = workerChannel<{ id: number; key: string }, ShownOutcome>(() => {
    const worker = new FakeWorker()
    workers.push(worker)
    return worker as unknown as Worker
  })
  return { workers, send }
}

describe('workerChannel', () => {
  it('passes the loading stages of a request on, then its reply', async () => {
    const { workers, send } = channel()
    const stages: LoadStage[] = []
    const reply = send({ key: 'select/all' }, (stage) => stages.push(stage))
    const worker = workers[0]!
    const { id } = worker.requests[0]!
    worker.send({ id, loading: { stage: 'download', loaded: 10, total: 20 } })
    worker.send({ id, loading: { stage: 'run' } })
    worker.send({ id, outcome, ms: 5 })
    expect(await reply).toEqual({ id, outcome, ms: 5 })
    // The first request hears at once that the database is loading, before the worker says anything.
    expect(stages).toEqual([
      { stage: 'download', loaded: 0 },
      { stage: 'download', loaded: 10, total: 20 },
      { stage: 'run' },
    ])
  })

  it('ends a worker that failed, and the next request starts a new one that can succeed', async () => {
    const { workers, send } = channel()
    const first = send({ key: 'select/all' })
    const queued = send({ key: 'select/one' })
    const failing = workers[0]!
    failing.send({ id: failing.requests[0]!.id, failed: 'Failed to fetch', stage: 'load' })
    expect(await first).toMatchObject({ failed: 'Failed to fetch', stage: 'load' })
    // A request waiting behind it on the same worker is not left hanging.
    expect(await queued).toMatchObject({ failed: 'Failed to fetch', stage: 'load' })
    expect(failing.terminated).toBe(true)

    const retry = send({ key: 'select/all' })
    expect(workers).toHaveLength(2)
    const fresh = workers[1]!
    fresh.send({ id: fresh.requests[0]!.id, outcome, ms: 1 })
    expect(await retry).toMatchObject({ outcome })
  })

  it('fails the waiting requests when the worker script does not load', async () => {
    const { workers, send } = channel()
    const reply = send({ key: 'select/all' })
    workers[0]!.onerror?.({ message: '', preventDefault: () => {} } as ErrorEvent)
    expect(await reply).toMatchObject({ failed: 'the runner could not be downloaded', stage: 'load' })
    send({ key: 'select/all' })
    expect(workers).toHaveLength(2)
  })
})

describe('pressRun', () => {
  function page() {
    document.body.innerHTML = '<figure id="example"><button>Run</button></figure>'
    const button = document.querySelector('button')!
    const anchor = document.getElementById('example')!
    const announced: string[] = []
    return { button, anchor, announced, announce: (message: string) => announced.push(message) }
  }
  const panelOf = (anchor: Element) => anchor.nextElementSibling as HTMLElement

  it('shows the loading progress, then the result in its parts', async () => {
    const { button, anchor, announced, announce } = page()
    let finish: (reply: WorkerReply<ShownOutcome>) => void = () => {}
    let loading: (stage: LoadStage) => void = () => {}
    Element.prototype.scrollIntoView = vi.fn()
    const pressed = pressRun({
      button,
      anchor,
      announce,
      note: 'Run in this page.',
      run: (onLoading) => {
        loading = onLoading
        return new Promise((resolve) => (finish = resolve))
      },
    })
    const panel = panelOf(anchor)
    // Before the worker says anything, the example is running (a warm worker says nothing).
    expect(panel.querySelector('.ref-run-verdict')?.textContent).toBe('Running the example…')
    expect(panel.querySelector('progress')).toBeNull()
    expect(button.getAttribute('aria-busy')).toBe('true')
    loading({ stage: 'download', loaded: 1.2 * 1024 * 1024, total: 3.4 * 1024 * 1024 })
    expect(panel.dataset.verdict).toBe('loading')
    expect(panel.querySelector('.ref-run-verdict')?.textContent).toBe(
      'Loading the in-browser database… 1.2 of 3.4 MB',
    )
    const bar = panel.querySelector('progress')!
    expect(bar.getAttribute('aria-label')).toBe('Loading the in-browser database')
    expect(bar.value).toBeCloseTo(1.2 * 1024 * 1024)
    loading({ stage: 'download', loaded: 2 * 1024 * 1024, total: 3.4 * 1024 * 1024 })
    loading({ stage: 'start' })
    expect(panel.querySelector('.ref-run-verdict')?.textContent).toBe('Starting the in-browser database…')

    finish({ id: 1, outcome, ms: 1 })
    await pressed
    expect(button.hasAttribute('aria-busy')).toBe(false)
    expect(panel.querySelector('progress')).toBeNull()
    expect(panel.dataset.verdict).toBe('match')
    // Verdict, returned object (with Copy), how it ran, the comparison rule.
    expect([...panel.children].map((child) => child.className || child.tagName)).toEqual([
      'ref-run-verdict',
      'code-block not-prose',
      'ref-run-note',
      'ref-run-note',
    ])
    const frame = panel.querySelector('figure')!
    expect(frame.querySelector('figcaption')?.textContent).toBe('Returned by supabase-js')
    expect(frame.querySelector('button')?.getAttribute('aria-label')).toBe('Copy Returned by supabase-js')
    expect(frame.querySelector('pre')?.textContent).toContain('"name": "Mars"')
    expect(panel.querySelector('[data-note="rule"]')?.textContent).toMatch(
      /^Compared with the documented response/,
    )
    // Each step is read out once, the bytes are not.
    expect(announced).toEqual([
      'Running the example',
      'Loading the in-browser database',
      'Starting the in-browser database',
      'Matches the documented response',
    ])
  })

  it('says a failed load failed and that Run tries again', async () => {
    const { button, anchor, announce } = page()
    await pressRun({
      button,
      anchor,
      announce,
      note: '',
      run: async () => ({ id: 1, failed: 'Failed to fetch', stage: 'load' }),
    })
    const panel = panelOf(anchor)
    expect(panel.dataset.verdict).toBe('failed')
    expect(panel.querySelector('.ref-run-verdict')?.textContent).toBe(
      'The in-browser database did not load (Failed to fetch). Press Run to try again.',
    )
    expect(button.hasAttribute('aria-busy')).toBe(false)
  })
})
