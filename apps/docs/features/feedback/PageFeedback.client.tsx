'use client'

import { useId, useReducer, useRef, type FormEvent } from 'react'
import { feedbackReducer, initialFeedbackState, MAX_COMMENT_LENGTH } from './feedback-state'
import { newIdempotencyKey, sendAnswer, sendComment } from './send-feedback'

const buttonClass =
  'rounded-md border border-[var(--border)] px-3 py-1 text-sm font-medium hover:bg-[var(--surface)] disabled:opacity-60'
const errorClass = 'mt-2 text-sm text-red-700 dark:text-red-400'

/** "Was this page helpful?" at the bottom of a guide. */
export function PageFeedback({ page, endpoint }: { page: string; endpoint: string }) {
  const [state, dispatch] = useReducer(feedbackReducer, initialFeedbackState)
  const headingId = useId()
  const commentId = useId()
  // One key per answer: trying "Yes" again after a failure resends the same key, so an answer
  // the server stored but could not acknowledge is not stored twice.
  const answerKeys = useRef<Partial<Record<'yes' | 'no', string>>>({})

  async function answer(helpful: boolean) {
    dispatch({ type: 'answer-sending' })
    const key = (answerKeys.current[helpful ? 'yes' : 'no'] ??= newIdempotencyKey())
    const result = await sendAnswer(endpoint, { page, helpful }, key)
    dispatch(
      result.ok
        ? { type: 'answer-saved', helpful, id: result.value.id }
        : {
            type: 'answer-failed',
            message: `Your answer was not sent: ${result.message}. Please try again.`,
          },
    )
  }

  async function submitComment(event: FormEvent) {
    event.preventDefault()
    if (state.step !== 'followup' || state.comment.trim() === '') return
    dispatch({ type: 'comment-sending' })
    const result = await sendComment(endpoint, state.id, state.comment)
    dispatch(
      result.ok
        ? { type: 'comment-saved' }
        : {
            type: 'comment-failed',
            message: `Your comment was not sent: ${result.message}. Your text is kept; try again.`,
          },
    )
  }

  return (
    <section
      aria-labelledby={headingId}
      data-pagefind-ignore="all"
      data-feedback-step={state.step}
      className="mt-12 rounded-lg border border-[var(--border)] bg-[var(--surface)] px-4 py-3"
    >
      <h2 id={headingId} className="m-0 text-base font-semibold">
        Was this page helpful?
      </h2>
      {state.step === 'unanswered' ? (
        <>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              className={buttonClass}
              disabled={state.sending}
              onClick={() => answer(true)}
            >
              Yes
            </button>
            <button
              type="button"
              className={buttonClass}
              disabled={state.sending}
              onClick={() => answer(false)}
            >
              No
            </button>
          </div>
          {state.error ? (
            <p role="alert" className={errorClass}>
              {state.error}
            </p>
          ) : null}
        </>
      ) : (
        <div className="mt-1">
          <p role="status" className="m-0 text-sm">
            {state.helpful ? 'Thanks for letting us know.' : 'Thanks for telling us. Sorry it did not help.'}
          </p>
          {!state.helpful && state.commentStatus !== 'sent' ? (
            <form onSubmit={submitComment} className="mt-3" noValidate>
              <label htmlFor={commentId} className="block text-sm font-medium">
                What was missing or unclear? (optional)
              </label>
              <textarea
                id={commentId}
                value={state.comment}
                onChange={(event) => dispatch({ type: 'comment-edited', comment: event.target.value })}
                maxLength={MAX_COMMENT_LENGTH}
                rows={3}
                readOnly={state.commentStatus === 'sending'}
                aria-invalid={state.error ? true : undefined}
                className="mt-1 w-full rounded-md border border-[var(--border)] bg-[var(--bg)] px-2 py-1.5 text-sm"
              />
              <div className="mt-2 flex items-center gap-3">
                <button
                  type="submit"
                  className={buttonClass}
                  disabled={state.commentStatus === 'sending' || state.comment.trim() === ''}
                >
                  {state.commentStatus === 'sending' ? 'Sending...' : 'Send'}
                </button>
                <span className="text-xs text-[var(--muted)]">
                  {state.comment.length}/{MAX_COMMENT_LENGTH}
                </span>
              </div>
              {state.error ? (
                <p role="alert" className={errorClass}>
                  {state.error}
                </p>
              ) : null}
            </form>
          ) : null}
          {state.commentStatus === 'sent' ? (
            <p role="status" className="mt-2 text-sm">
              Your comment was sent. Thank you.
            </p>
          ) : null}
        </div>
      )}
    </section>
  )
}
