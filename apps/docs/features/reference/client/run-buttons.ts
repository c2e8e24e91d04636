/**
 * Run buttons of a reference page: one beside the code of each example that runs
 * (`data-ref-run`). The first press starts `run/run.worker.ts`, which loads PGlite, the REST engine
 * and supabase-js; until then nothing of them is fetched. The result is shown after the example's
 * documented Response, which opens beside it, with the verdict; the announcer reads it out.
 */
import { REF_ATTR, attrSelector } from '../dom-contract'
import { describeDifference, type Json } from '../run/example-result'
import { jsonLines, lineShows } from '../run/json-lines'
import type { RunOutcome } from '../run/run-example'
import type { RunReply } from '../run/run-messages'
import { addCodeCopyButtons } from './copy-buttons'

const RESULT_CLASS = 'ref-run-result'

/** Puts a Run button in the bar of every runnable example inside `container` that has none yet. */
export function addRunButtons(container: ParentNode): void {
  container.querySelectorAll<HTMLElement>(`figure${attrSelector(REF_ATTR.run)}`).forEach((figure) => {
    if (figure.querySelector(attrSelector(REF_ATTR.runButton))) return
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'ref-run'
    button.setAttribute(REF_ATTR.runButton, '')
    const name = exampleName(figure)
    button.setAttribute('aria-label', name ? `Run example: ${name}` : 'Run example')
    button.textContent = 'Run'
    figure.prepend(button)
  })
}

/** The example's name: its tab, or the line above a section's only example. */
function exampleName(figure: HTMLElement): string {
  const panel = figure.closest('[role="tabpanel"]')
  const tabId = panel?.getAttribute('aria-labelledby')
  if (tabId) return document.getElementById(tabId)?.textContent?.trim() ?? ''
  return figure.closest('.ref-example')?.querySelector('.ref-example-name')?.textContent?.trim() ?? ''
}

let worker: Worker | undefined
let nextId = 0
const pending = new Map<number, (reply: RunReply) => void>()

function runInWorker(key: string): Promise<RunReply> {
  if (!worker) {
    worker = new Worker(new URL('../run/run.worker.ts', import.meta.url))
    worker.onmessage = ({ data }: MessageEvent<RunReply>) => {
      pending.get(data.id)?.(data)
      pending.delete(data.id)
    }
  }
  const id = ++nextId
  const reply = new Promise<RunReply>((resolve) => pending.set(id, resolve))
  worker.postMessage({ id, key })
  return reply
}

/** Handles presses of Run buttons inside `root`. */
export function attachRunButtons({
  root,
  signal,
  announce,
}: {
  root: HTMLElement
  signal: AbortSignal
  announce: (message: string) => void
}): void {
  addRunButtons(root)
  root.addEventListener(
    'click',
    (event) => {
      const button =
        event.target instanceof Element
          ? event.target.closest<HTMLButtonElement>(attrSelector(REF_ATTR.runButton))
          : null
      const figure = button?.closest<HTMLElement>(attrSelector(REF_ATTR.run))
      const key = figure?.getAttribute(REF_ATTR.run)
      if (!button || !figure || !key || button.getAttribute('aria-busy') === 'true') return
      void run(button, figure, key, announce)
    },
    { signal },
  )
}

async function run(
  button: HTMLButtonElement,
  figure: HTMLElement,
  key: string,
  announce: (message: string) => void,
): Promise<void> {
  const { panel, status } = resultPanel(figure)
  button.setAttribute('aria-busy', 'true')
  panel.dataset.verdict = 'running'
  status.textContent = 'Running the example…'
  announce('Running the example')
  const reply = await runInWorker(key)
  button.removeAttribute('aria-busy')
  const message = 'failed' in reply ? `The run failed: ${reply.failed}` : showOutcome(panel, reply.outcome)
  if ('failed' in reply) panel.dataset.verdict = 'failed'
  status.textContent = message
  announce(message)
  // The verdict comes into view, in the example column's own scroll too, if it is out of it.
  panel.scrollIntoView({ block: 'nearest' })
}

/** The result panel of an example, placed after its documented Response (opened beside it). */
function resultPanel(figure: HTMLElement): { panel: HTMLElement; status: HTMLElement } {
  let anchor: Element = figure
  for (let next = figure.nextElementSibling; next; next = next.nextElementSibling) {
    if (next.classList.contains(RESULT_CLASS)) break
    if (next instanceof HTMLDetailsElement) anchor = next
  }
  if (anchor instanceof HTMLDetailsElement) anchor.open = true
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
function showOutcome(panel: HTMLElement, outcome: RunOutcome): string {
  if (!outcome.returned) {
    panel.dataset.verdict = 'failed'
    return outcome.failure ?? 'The example returned nothing.'
  }
  panel.dataset.verdict = outcome.matches ? 'match' : 'differs'
  const differing = outcome.differences.map((difference) => difference.path)
  const figure = document.createElement('figure')
  figure.className = 'ref-code code-body'
  figure.setAttribute('aria-label', 'Returned by supabase-js')
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
  figure.append(pre)
  panel.append(figure)
  addCodeCopyButtons(panel)

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
  const note = document.createElement('p')
  note.className = 'ref-run-note'
  note.textContent =
    'Run in this page with the real supabase-js on PostgREST 12.2 over a fresh copy of the data source. A field the documented Response leaves out is null.'
  panel.append(note)
  const count = outcome.differences.length
  return outcome.matches
    ? 'Matches the documented response'
    : `Differs from the documented response in ${count} ${count === 1 ? 'place' : 'places'}`
}
