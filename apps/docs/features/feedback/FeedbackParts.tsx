import type { ReactNode } from 'react'

export const buttonClass =
  'rounded-md border border-[var(--border)] px-3 py-1 text-sm font-medium hover:bg-[var(--surface)] disabled:opacity-60'

export const errorClass = 'mt-2 text-sm text-red-700 dark:text-red-400'

/** The box at the bottom of a guide, the same before and after its code has loaded. */
export function FeedbackFrame({
  headingId,
  step,
  onIntent,
  children,
}: {
  headingId: string
  step: string
  /** The reader points at or focuses the box: a moment to load what an answer needs. */
  onIntent?: () => void
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={headingId}
      data-pagefind-ignore="all"
      data-feedback-step={step}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className="mt-12 rounded-lg border border-[var(--border)] bg-[var(--surface)] px-4 py-3"
    >
      <h2 id={headingId} className="m-0 text-base font-semibold">
        Was this page helpful?
      </h2>
      {children}
    </section>
  )
}

export function AnswerButtons({
  disabled,
  onAnswer,
}: {
  disabled: boolean
  onAnswer: (helpful: boolean) => void
}) {
  return (
    <div className="mt-2 flex gap-2">
      <button type="button" className={buttonClass} disabled={disabled} onClick={() => onAnswer(true)}>
        Yes
      </button>
      <button type="button" className={buttonClass} disabled={disabled} onClick={() => onAnswer(false)}>
        No
      </button>
    </div>
  )
}
