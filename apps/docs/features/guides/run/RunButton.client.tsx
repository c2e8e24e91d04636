'use client'

export interface RunButtonProps {
  /** The example's key in `guide-examples.generated.ts`, `api/filtering#2`. */
  example: string
  /** Accessible name: "Run example: One filter". */
  label: string
}

/**
 * The Run button of a runnable guide block. Nothing of PGlite, the engine or the client is in this
 * module: the first press loads them (`press-run.ts` and its worker). The status line beside it is
 * a live region from the start, so the running state and the verdict are read out.
 */
export function RunButton({ example, label }: RunButtonProps) {
  return (
    <>
      <button
        type="button"
        className="ref-run"
        aria-label={label}
        data-guide-run={example}
        onClick={(event) => {
          const button = event.currentTarget
          const status = button.parentElement?.querySelector<HTMLElement>('[data-guide-run-status]') ?? null
          void import('./press-run').then(({ pressGuideRun }) => pressGuideRun(button, example, status))
        }}
      >
        Run
      </button>
      <span className="sr-only" aria-live="polite" data-guide-run-status="" />
    </>
  )
}
