'use client'

import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react'
import { feedbackReducer, initialFeedbackState, MAX_COMMENT_LENGTH } from './feedback-state'
import { AnswerButtons, buttonClass, errorClass, FeedbackFrame } from './FeedbackParts'
import { newIdempotencyKey, sendAnswer, sendComment } from './send-feedback'

/**
 * "Was this page helpful?" at the bottom of a guide, with what sending needs. `PageFeedback.lazy`
 * shows the question until then and hands over the answer the reader gave (`firstAnswer`).
 */
export function PageFeedback({
  page,
  endpoint,
  firstAnswer,
}: {
  page: string
  endpoint: string
  firstAnswer?: boolean
}) {
  // An answer handed over is already on its way: the buttons stay disabled from the first frame.
  const [state, dispatch] = useReducer(
    feedbackReducer,
    firstAnswer === undefined ? initialFeedbackState : { step: 'unanswered', sending: true },
  )
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

  const firstSent = useRef(false)
  useEffect(() => {
    if (firstAnswer === undefined || firstSent.current) return
    firstSent.current = true
    void answer(firstAnswer)
    // Once, on mount: later answers come from the buttons.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

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
    <FeedbackFrame headingId={headingId} step={state.step}>
      {state.step === 'unanswered' ? (
        <>
          <AnswerButtons disabled={state.sending} onAnswer={(helpful) => void answer(helpful)} />
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
    </FeedbackFrame>
  )
}
