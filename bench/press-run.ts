/**
 * Presses a reference example's Run button in the page and times it there, from the press to the
 * button leaving its busy state (`reference-run` and `platform-run` both measure this way).
 */
import type { Page } from '@playwright/test'

export interface Press {
  ms: number
  /** The result panel's verdict (`match`, `differs`, …), or `none` when it shows none. */
  verdict: string
  /** Whether the panel said what it was loading ("Loading…", "Starting…") before the result. */
  showedProgress: boolean
}

/** Presses the example's Run button; resolves when its result shows. */
export function pressRun(page: Page, key: string): Promise<Press> {
  return page.evaluate(async (exampleKey) => {
    const figure = document.querySelector(`figure[data-ref-run="${exampleKey}"]`)
    const button = figure?.querySelector<HTMLButtonElement>('[data-ref-run-button]')
    if (!figure || !button) throw new Error(`No Run button for ${exampleKey}`)
    // A tab's panel may be hidden; the button works the same.
    const host = figure.parentElement ?? document.body
    let showedProgress = false
    const progress = new MutationObserver(() => {
      if (/Loading|Starting/.test(host.querySelector('.ref-run-result')?.textContent ?? ''))
        showedProgress = true
    })
    progress.observe(host, { subtree: true, childList: true, characterData: true })
    const started = performance.now()
    const done = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (button.getAttribute('aria-busy') !== 'true') {
          observer.disconnect()
          resolve()
        }
      })
      observer.observe(button, { attributes: true, attributeFilter: ['aria-busy'] })
    })
    button.click()
    await done
    progress.disconnect()
    const ms = performance.now() - started
    const verdict = host.querySelector('.ref-run-result')?.getAttribute('data-verdict') ?? 'none'
    return { ms, verdict, showedProgress }
  }, key)
}
