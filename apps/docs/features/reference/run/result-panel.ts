/**
 * What a Run button does in a page, wherever the example sits (the reference's examples, the
 * guides' code blocks), so both show a run the same way: the busy state and the first run's
 * loading progress, a run in a worker, and a result panel after the example with, in this order,
 * the verdict, the returned object (highlighted, with a Copy button, differences marked), the
 * differences in words, what the example printed, how it ran and the comparison rule.
 */
import { COPY_BUTTON_CLASS, COPY_FEEDBACK_MS, COPY_WORDS, writeClipboard } from '@/lib/clipboard'
import { describeDifference, type Difference, type ExampleResult, type Json } from './example-result'
import { JSON_TOKEN_COLOURS, jsonTokens } from '@/lib/json-tokens'
import { jsonLines, lineShows } from './json-lines'
import {
  COMPARISON_RULE,
  LOADING_LABEL,
  failedStatus,
  loadingStatus,
  outcomeStatus,
  type LoadStage,
  type RunStatus,
} from './load-progress'

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

/** `stage`: whether the database never started (`load`) or the run itself broke (`run`). */
export type WorkerFailure = { id: number; failed: string; stage: 'load' | 'run' }

export type WorkerReply<Outcome> = { id: number; outcome: Outcome; ms: number } | WorkerFailure

/** What a worker sends on its way to a reply: how far its first database is. */
export type WorkerMessage<Outcome> = WorkerReply<Outcome> | { id: number; loading: LoadStage }

interface Pending<Outcome> {
  resolve: (reply: WorkerReply<Outcome>) => void
  onLoading: (stage: LoadStage) => void
}

/**
 * Sends requests to a worker started on the first one; each reply finds its request by id. A
 * worker that failed is ended and the next request starts a new one: PGlite keeps each file's
 * download for the worker's life, a failed one too, so only a new worker really tries again.
 */
export function workerChannel<Message extends { id: number }, Outcome>(
  start: () => Worker,
): (request: Omit<Message, 'id'>, onLoading?: (stage: LoadStage) => void) => Promise<WorkerReply<Outcome>> {
  let worker: Worker | undefined
  let nextId = 0
  const pending = new Map<number, Pending<Outcome>>()
  const failAll = (failed: string) => {
    worker?.terminate()
    worker = undefined
    for (const [id, request] of pending) request.resolve({ id, failed, stage: 'load' })
    pending.clear()
  }
  return (request, onLoading = () => {}) => {
    if (!worker) {
      const started = start()
      worker = started
      started.onmessage = ({ data }: MessageEvent<WorkerMessage<Outcome>>) => {
        if ('loading' in data) return pending.get(data.id)?.onLoading(data.loading)
        pending.get(data.id)?.resolve(data)
        pending.delete(data.id)
        if ('failed' in data) {
          started.terminate()
          if (worker === started) failAll(data.failed)
        }
      }
      // The worker's script itself did not load (offline, a failed deploy).
      started.onerror = (event) => {
        event.preventDefault()
        failAll(event.message || 'the runner could not be downloaded')
      }
      onLoading({ stage: 'download', loaded: 0 })
    }
    const id = ++nextId
    const reply = new Promise<WorkerReply<Outcome>>((resolve) => pending.set(id, { resolve, onLoading }))
    worker.postMessage({ ...request, id })
    return reply
  }
}

export interface PressedRun {
  button: HTMLButtonElement
  /** The panel goes right after this element. */
  anchor: Element
  run: (onLoading: (stage: LoadStage) => void) => Promise<WorkerReply<ShownOutcome>>
  announce: (message: string) => void
  /** How the example ran, under the result (the comparison rule follows it). */
  note: string
}

/** Runs the example of a pressed button once (a press while it runs is ignored) and shows the result. */
export async function pressRun({ button, anchor, run, announce, note }: PressedRun): Promise<void> {
  if (button.getAttribute('aria-busy') === 'true') return
  const panel = resultPanelAfter(anchor)
  button.setAttribute('aria-busy', 'true')
  let announced = ''
  const show = (status: RunStatus) => {
    showStatus(panel, status)
    if (status.announcement !== announced) announce((announced = status.announcement))
  }
  let loading = false
  const running = run((stage) => {
    loading = true
    show(loadingStatus(stage))
  })
  // A worker already started says nothing before its reply: the example is running.
  if (!loading) show(loadingStatus({ stage: 'run' }))
  const reply = await running
  button.removeAttribute('aria-busy')
  if ('failed' in reply) show(failedStatus(reply.failed, reply.stage))
  else {
    const status = outcomeStatus(reply.outcome)
    showResult(panel, reply.outcome, note)
    show(status)
  }
  // The verdict comes into view, in a scrolling column too, if it is out of it.
  panel.scrollIntoView({ block: 'nearest' })
}

/** The result panel right after `anchor`: the one a previous run made, emptied, or a new one. */
function resultPanelAfter(anchor: Element): HTMLElement {
  let panel = anchor.nextElementSibling
  if (!(panel instanceof HTMLElement) || !panel.classList.contains(RESULT_CLASS)) {
    panel = document.createElement('section')
    panel.className = RESULT_CLASS
    ;(panel as HTMLElement).setAttribute('aria-label', 'Result of the run')
    anchor.after(panel)
  }
  const section = panel as HTMLElement
  const status = document.createElement('p')
  status.className = 'ref-run-verdict'
  section.replaceChildren(status)
  return section
}

/** The verdict line, and the progress bar while the database loads. */
function showStatus(panel: HTMLElement, status: RunStatus): void {
  panel.dataset.verdict = status.verdict
  const line = panel.querySelector<HTMLElement>('.ref-run-verdict')
  if (line) line.textContent = status.text
  let bar = panel.querySelector('progress')
  if (!status.progress) {
    bar?.remove()
    return
  }
  if (!bar) {
    bar = document.createElement('progress')
    bar.className = 'ref-run-progress'
    bar.setAttribute('aria-label', LOADING_LABEL)
    line?.after(bar)
  }
  // Without a measure the bar is indeterminate: it moves, and claims no amount.
  if (status.progress.max === undefined) bar.removeAttribute('value')
  else {
    bar.max = status.progress.max
    bar.value = status.progress.value ?? 0
  }
}

/** Fills the panel after the verdict: the returned object, the differences, what was printed, the notes. */
function showResult(panel: HTMLElement, outcome: ShownOutcome, note: string): void {
  if (!outcome.returned) return
  const differing = outcome.differences.map((difference) => difference.path)
  panel.append(returnedFrame(outcome.returned, differing))
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
  if (outcome.logged.length > 0) panel.append(noteLine(`Printed: ${outcome.logged.join(' · ')}`))
  panel.append(noteLine(note))
  if (!outcome.undocumented) panel.append(noteLine(COMPARISON_RULE, 'rule'))
}

function noteLine(text: string, kind?: 'rule'): HTMLParagraphElement {
  const line = document.createElement('p')
  line.className = 'ref-run-note'
  if (kind) line.dataset.note = kind
  line.textContent = text
  return line
}

const RETURNED_LABEL = 'Returned by supabase-js'

/**
 * The returned object in a code block like the guides' own (`components/ui/CodeBlock.tsx`): a bar
 * with its name and Copy, and the JSON coloured as Shiki colours the page's JSON.
 */
function returnedFrame(returned: ExampleResult, differing: string[]): HTMLElement {
  const figure = document.createElement('figure')
  figure.className = 'code-block not-prose'
  figure.dataset.bar = 'title'
  figure.setAttribute('aria-label', RETURNED_LABEL)
  const caption = document.createElement('figcaption')
  caption.className = 'code-label'
  caption.textContent = RETURNED_LABEL
  const actions = document.createElement('div')
  actions.className = 'code-copy'
  const pre = document.createElement('pre')
  pre.className = 'shiki'
  // A long line scrolls sideways: keyboard readers reach it, as they reach the page's own code.
  pre.tabIndex = 0
  const code = document.createElement('code')
  const lines = jsonLines(returned as unknown as Json)
  for (const line of lines) {
    const marked = differing.some((path) => lineShows(line, path))
    const row = document.createElement(marked ? 'mark' : 'span')
    row.className = marked ? 'line ref-run-diff' : 'line'
    for (const token of jsonTokens(line.text)) {
      const piece = document.createElement('span')
      const colour = JSON_TOKEN_COLOURS[token.kind]
      piece.style.setProperty('--shiki-light', colour.light)
      piece.style.setProperty('--shiki-dark', colour.dark)
      piece.textContent = token.text
      row.append(piece)
    }
    code.append(row, '\n')
  }
  pre.append(code)
  actions.append(copyButton(lines.map((line) => line.text).join('\n')))
  const body = document.createElement('div')
  body.className = 'code-body'
  body.append(pre)
  figure.append(caption, actions, body)
  return figure
}

/** The same Copy as the page's code blocks (`components/ui/CopyButton.client.tsx`), in plain DOM. */
function copyButton(text: string): HTMLButtonElement {
  const idle = `Copy ${RETURNED_LABEL}`
  const button = document.createElement('button')
  button.type = 'button'
  button.className = COPY_BUTTON_CLASS
  button.setAttribute('aria-label', idle)
  const words = document.createElement('span')
  words.setAttribute('aria-live', 'polite')
  words.textContent = 'Copy'
  button.append(words)
  let reset: number | undefined
  button.addEventListener('click', () => {
    void writeClipboard(text).then((outcome) => {
      const shown = COPY_WORDS[outcome]
      button.dataset.state = outcome
      button.setAttribute('aria-label', shown)
      words.textContent = shown
      window.clearTimeout(reset)
      reset = window.setTimeout(() => {
        delete button.dataset.state
        button.setAttribute('aria-label', idle)
        words.textContent = 'Copy'
      }, COPY_FEEDBACK_MS.default)
    })
  })
  return button
}
