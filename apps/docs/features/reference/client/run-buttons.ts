/**
 * Run buttons of a reference page: one beside the code of each example that runs
 * (`data-ref-run`). The first press starts `run/run.worker.ts`, which loads PGlite, the engines
 * and supabase-js; until then nothing of them is fetched. The result is shown after the example's
 * documented Response, which opens beside it, with the verdict; the announcer reads it out.
 */
import { REF_ATTR, attrSelector } from '../dom-contract'
import { pressRun, workerChannel } from '../run/result-panel'
import type { RunOutcome } from '../run/run-example'
import type { RunRequest } from '../run/run-messages'
import { PLATFORM_SECTIONS } from '../run/runnable-example'

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
    // After Copy, as in a guide's code block: the reading order is the order on screen.
    const copy = figure.querySelector(attrSelector(REF_ATTR.copyCode))
    if (copy) copy.after(button)
    else figure.prepend(button)
  })
}

/** The example's name: its tab, or the line above a section's only example. */
function exampleName(figure: HTMLElement): string {
  const panel = figure.closest('[role="tabpanel"]')
  const tabId = panel?.getAttribute('aria-labelledby')
  if (tabId) return document.getElementById(tabId)?.textContent?.trim() ?? ''
  return figure.closest('.ref-example')?.querySelector('.ref-example-name')?.textContent?.trim() ?? ''
}

// The worker, PGlite and the engine are fetched on the first press only.
const runInWorker = workerChannel<RunRequest, RunOutcome>(
  () => new Worker(new URL('../run/run.worker.ts', import.meta.url)),
)

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
      if (!button || !figure || !key) return
      void pressRun({
        button,
        anchor: resultAnchor(figure),
        run: (onLoading) => runInWorker({ key }, onLoading),
        announce,
        note: PLATFORM_SECTIONS.test(key)
          ? 'Run in this page with the real supabase-js on GoTrue v2.157.1 and storage-api v1.0.6, after the project setup, made afresh.'
          : 'Run in this page with the real supabase-js on PostgREST 12.2, over a fresh copy of the data source.',
      })
    },
    { signal },
  )
}

/** The panel goes after the example's documented Response, which opens beside it. */
function resultAnchor(figure: HTMLElement): Element {
  let anchor: Element = figure
  for (let next = figure.nextElementSibling; next; next = next.nextElementSibling) {
    if (next.classList.contains('ref-run-result')) break
    if (next instanceof HTMLDetailsElement) anchor = next
  }
  if (anchor instanceof HTMLDetailsElement) anchor.open = true
  return anchor
}
