/**
 * What a guide's Run button does when pressed, loaded with the first press: it starts
 * `guide-run.worker.ts` (PGlite, the platform's engines, supabase-js) and shows the result under the code
 * block, through the reference's Run (busy state, loading progress, verdict, differences marked).
 */
import { pressRun, workerChannel, type ShownOutcome } from '@/features/reference/runner'
import type { GuideRunRequest } from './guide-run-messages'

const runInWorker = workerChannel<GuideRunRequest, ShownOutcome>(
  () => new Worker(new URL('./guide-run.worker.ts', import.meta.url)),
)

export function pressGuideRun(button: HTMLButtonElement, key: string, status: HTMLElement | null): void {
  const block = button.closest('figure')
  if (!block) return
  void pressRun({
    button,
    anchor: block,
    run: (onLoading) => runInWorker({ key }, onLoading),
    announce: (message) => {
      if (status) status.textContent = message
    },
    note: "Run in this page with the real supabase-js on the local stack's auth (GoTrue 2.157.1), REST (PostgREST 12.2) and storage (storage-api 1.0.6) services, over a fresh database made by this page's SQL above.",
  })
}
