/**
 * What a guide's Run button does when pressed, loaded with the first press: it starts
 * `guide-run.worker.ts` (PGlite, the REST engine, supabase-js) and shows the result under the code
 * block, through the reference's Run (busy state, verdict, differences marked).
 */
import { pressRun, workerChannel, type ShownOutcome } from '@/features/reference/runner'
import type { GuideRunRequest } from './guide-run-messages'

const runInWorker = workerChannel<GuideRunRequest, ShownOutcome>(
  () => new Worker(new URL('./guide-run.worker.ts', import.meta.url)),
)

/** The returned object in a code block like the page's own. */
function guideFrame(pre: HTMLPreElement): HTMLElement {
  const figure = document.createElement('figure')
  figure.className = 'code-block not-prose'
  figure.dataset.bar = 'title'
  const caption = document.createElement('figcaption')
  caption.className = 'code-label'
  caption.textContent = 'Returned by supabase-js'
  const body = document.createElement('div')
  body.className = 'code-body'
  body.append(pre)
  figure.append(caption, body)
  return figure
}

export function pressGuideRun(button: HTMLButtonElement, key: string, status: HTMLElement | null): void {
  const block = button.closest('figure')
  if (!block) return
  void pressRun({
    button,
    anchor: block,
    run: () => runInWorker({ key }),
    announce: (message) => {
      if (status) status.textContent = message
    },
    frame: guideFrame,
    note: "Run in this page with the real supabase-js (anon key) on PostgREST 12.2, over a fresh database made by this page's SQL above. Fields the Response does not show are not compared.",
  })
}
