/**
 * What a Run button does in a page, wherever the example sits (the reference's examples, the
 * guides' code blocks): the busy state, a run in a worker, and a result panel after the example
 * with the returned object, the differences marked and the verdict, which is also announced.
 */
import { describeDifference, type Difference, type ExampleResult, type Json } from './example-result'
import { jsonLines, lineShows } from './json-lines'

const RESULT_CLASS = 'ref-run-result'

/** What a run gave, as the panel shows it. */
export interface ShownOutcome {
  returned?: ExampleResult
  failure?: string
  differences: Difference[]
  matches: boolean
  logged: string[]
  /** The page shows no response for the example: a run passes when it returns no error. */
  undocumented?: boolean
}

export type WorkerReply<Outcome> =
  { id: number; outcome: Outcome; ms: number } | { id: number; failed: string }

/** Sends requests to a worker started on the first one; each reply finds its request by id. */
export function workerChannel<Message extends { id: number }, Outcome>(
  start: () => Worker,
): (request: Omit<Message, 'id'>) => Promise<WorkerReply<Outcome>> {
  let worker: Worker | undefined
  let nextId = 0
  const pending = new Map<number, (reply: WorkerReply<Outcome>) => void>()
  return (request) => {
    if (!worker) {
      worker = start()
      worker.onmessage = ({ data }: MessageEvent<WorkerReply<Outcome>>) => {
        pending.get(data.id)?.(data)
        pending.delete(data.id)
      }
    }
    const id = ++nextId
    const reply = new Promise<WorkerReply<Outcome>>((resolve) => pending.set(id, resolve))
    worker.postMessage({ ...request, id })
    return reply
  }
}

export interface PressedRun {
  button: HTMLButtonElement
  /** The panel goes right after this element. */
  anchor: Element
  run: () => Promise<WorkerReply<ShownOutcome>>
  announce: (message: string) => void
  /** Wraps the returned object's `<pre>` in the page's code frame. */
  frame: (pre: HTMLPreElement) => HTMLElement
  /** How the example ran, under the result. */
  note: string
}

/** Runs the example of a pressed button once (a press while it runs is ignored) and shows the result. */
export async function pressRun({ button, anchor, run, announce, frame, note }: PressedRun): Promise<void> {
  if (button.getAttribute('aria-busy') === 'true') return
  const { panel, status } = resultPanelAfter(anchor)
  button.setAttribute('aria-busy', 'true')
  panel.dataset.verdict = 'running'
  status.textContent = 'Running the example…'
  announce('Running the example')
  const reply = await run()
  button.removeAttribute('aria-busy')
  const message =
    'failed' in reply ? `The run failed: ${reply.failed}` : showOutcome(panel, reply.outcome, frame, note)
  if ('failed' in reply) panel.dataset.verdict = 'failed'
  status.textContent = message
  announce(message)
  // The verdict comes into view, in a scrolling column too, if it is out of it.
  panel.scrollIntoView({ block: 'nearest' })
}

/** The result panel right after `anchor`: the one a previous run made, emptied, or a new one. */
function resultPanelAfter(anchor: Element): { panel: HTMLElement; status: HTMLElement } {
  let panel = anchor.nextElementSibling
  if (!(panel instanceof HTMLElement) || !panel.classList.contains(RESULT_CLASS)) {
    panel = document.createElement('section')
    panel.className = RESULT_CLASS
    ;(panel as HTMLElement).setAttribute('aria-label', 'Result of the run')
    anchor.after(panel)
  }
  const section = panel as HTMLElement
  section.replaceChildren()
  const status = document.createElement('p')
  status.className = 'ref-run-verdict'
  section.append(status)
  return { panel: section, status }
}

/** Fills the panel with the returned object and the differences; returns the verdict. */
function showOutcome(
  panel: HTMLElement,
  outcome: ShownOutcome,
  frame: PressedRun['frame'],
  note: string,
): string {
  if (!outcome.returned) {
    panel.dataset.verdict = 'failed'
    return outcome.failure ?? 'The example returned nothing.'
  }
  panel.dataset.verdict = outcome.matches ? 'match' : 'differs'
  const differing = outcome.differences.map((difference) => difference.path)
  const pre = document.createElement('pre')
  // A long line scrolls sideways: keyboard readers reach it, as they reach the page's own code.
  pre.tabIndex = 0
  const code = document.createElement('code')
  for (const line of jsonLines(outcome.returned as unknown as Json)) {
    const marked = differing.some((path) => lineShows(line, path))
    const row = document.createElement(marked ? 'mark' : 'span')
    row.className = marked ? 'ref-run-line ref-run-diff' : 'ref-run-line'
    row.textContent = `${line.text}\n`
    code.append(row)
  }
  pre.append(code)
  panel.append(frame(pre))

  if (outcome.differences.length > 0) {
    const list = document.createElement('ul')
    list.className = 'ref-run-differences'
    for (const difference of outcome.differences) {
      const item = document.createElement('li')
      item.textContent = describeDifference(difference)
      list.append(item)
    }
    panel.append(list)
  }
  if (outcome.logged.length > 0) {
    const logged = document.createElement('p')
    logged.className = 'ref-run-note'
    logged.textContent = `Printed: ${outcome.logged.join(' · ')}`
    panel.append(logged)
  }
  const noteLine = document.createElement('p')
  noteLine.className = 'ref-run-note'
  noteLine.textContent = note
  panel.append(noteLine)
  if (outcome.undocumented) {
    return outcome.matches
      ? 'Returned without an error (the page shows no response to compare)'
      : 'Returned an error'
  }
  const count = outcome.differences.length
  return outcome.matches
    ? 'Matches the documented response'
    : `Differs from the documented response in ${count} ${count === 1 ? 'place' : 'places'}`
}
